import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * The back office's people (issue 16): staff accounts with their role,
 * password hash (argon2id) and TOTP second factor; the one-time links that
 * let a member set a password, their recovery codes and their sessions,
 * each stored as a hash of what the member holds; the counts of failed
 * sign-ins behind the growing delays; and the audit log of changes. Nothing
 * of a borrower: the audit log keeps ids and statuses, never personal data.
 */
export async function up(db: Kysely<unknown>, { text, integer, bigint, timestamp }: Columns) {
  const member = text.notNull.references("staff.id");
  await createTable(db, "staff", {
    id: text.primaryKey,
    // Lower case; the sign-in name.
    email: text.notNull.unique,
    role: text.notNull,
    // argon2id (PHC string); null until the member sets one through their link.
    password_hash: text,
    // Base32 TOTP secret once enrolled; the pending one while the member scans it.
    totp_secret: text,
    totp_pending_secret: text,
    totp_enabled_at: timestamp,
    // The time step of the last code accepted: a code is never accepted twice.
    totp_last_step: bigint,
    disabled_at: timestamp,
    last_sign_in_at: timestamp,
    created_at: timestamp.notNull,
    updated_at: timestamp.notNull,
  });

  await createTable(db, "staff_enrolments", {
    // SHA-256 of the link's token: the token is printed (or mailed) once.
    token_hash: text.primaryKey,
    staff_id: member,
    created_at: timestamp.notNull,
    expires_at: timestamp.notNull,
  });
  await createIndexes(db, "staff_enrolments", { staff_enrolments_staff: ["staff_id"] });

  await createTable(db, "staff_recovery_codes", {
    // HMAC-SHA256 of the code under the installation key; shown once.
    code_hash: text.primaryKey,
    staff_id: member,
    created_at: timestamp.notNull,
    used_at: timestamp,
  });
  await createIndexes(db, "staff_recovery_codes", { staff_recovery_codes_staff: ["staff_id"] });

  await createTable(db, "staff_sessions", {
    // SHA-256 of the cookie's token.
    token_hash: text.primaryKey,
    staff_id: member,
    // second_factor: the password was right, the code is awaited; signed_in: all done.
    stage: text.notNull,
    code_attempts: integer.notNull.defaultTo(0),
    created_at: timestamp.notNull,
    last_seen_at: timestamp.notNull,
    expires_at: timestamp.notNull,
  });
  await createIndexes(db, "staff_sessions", { staff_sessions_staff: ["staff_id"] });

  // Failed sign-ins per account (a keyed hash of the e-mail given), per trusted browser
  // and per member's second factor: what the growing delays are computed from.
  await createTable(db, "staff_sign_in_failures", {
    key: text.primaryKey,
    failures: integer.notNull,
    last_failure_at: timestamp.notNull,
  });

  await createTable(db, "audit_log", {
    id: text.primaryKey,
    at: timestamp.notNull,
    // The member who made the change; null for the command line.
    actor_id: text,
    // Their e-mail then, or "command line".
    actor: text.notNull,
    action: text.notNull,
    // What changed, as kind:id (comment:…, staff:…, lender:…).
    subject: text.notNull,
    // JSON, personal data removed.
    before: text,
    after: text,
  });
  await createIndexes(db, "audit_log", {
    audit_log_at: ["at", "id"],
    audit_log_actor: ["actor_id", "at"],
    audit_log_action: ["action", "at"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, [
    "audit_log",
    "staff_sign_in_failures",
    "staff_sessions",
    "staff_recovery_codes",
    "staff_enrolments",
    "staff",
  ]);
}
