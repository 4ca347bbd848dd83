import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The back office's people (issue 16): staff accounts with their role,
 * password hash (argon2id) and TOTP second factor; the one-time links that
 * let a member set a password, their recovery codes and their sessions,
 * each stored as a hash of what the member holds; the counts of failed
 * sign-ins behind the growing delays; and the audit log of changes. Nothing
 * of a borrower: the audit log keeps ids and statuses, never personal data.
 */
export function createStaffTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("staff")
        .addColumn("id", "text", (column) => column.primaryKey())
        // Lower case; the sign-in name.
        .addColumn("email", "text", (column) => column.notNull().unique())
        .addColumn("role", "text", (column) => column.notNull())
        // argon2id (PHC string); null until the member sets one through their link.
        .addColumn("password_hash", "text")
        // Base32 TOTP secret once enrolled; the pending one while the member scans it.
        .addColumn("totp_secret", "text")
        .addColumn("totp_pending_secret", "text")
        .addColumn("totp_enabled_at", types.timestamp)
        // The time step of the last code accepted: a code is never accepted twice.
        .addColumn("totp_last_step", "bigint")
        .addColumn("disabled_at", types.timestamp)
        .addColumn("last_sign_in_at", types.timestamp)
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("staff_enrolments")
        // SHA-256 of the link's token: the token is printed (or mailed) once.
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("staff_id", "text", (column) =>
          column.notNull().references("staff.id").onDelete("cascade"),
        )
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("staff_enrolments_staff")
        .on("staff_enrolments")
        .column("staff_id")
        .execute();

      await db.schema
        .createTable("staff_recovery_codes")
        // HMAC-SHA256 of the code under the installation key; shown once.
        .addColumn("code_hash", "text", (column) => column.primaryKey())
        .addColumn("staff_id", "text", (column) =>
          column.notNull().references("staff.id").onDelete("cascade"),
        )
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("used_at", types.timestamp)
        .execute();
      await db.schema
        .createIndex("staff_recovery_codes_staff")
        .on("staff_recovery_codes")
        .column("staff_id")
        .execute();

      await db.schema
        .createTable("staff_sessions")
        // SHA-256 of the cookie's token.
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("staff_id", "text", (column) =>
          column.notNull().references("staff.id").onDelete("cascade"),
        )
        // second_factor: the password was right, the code is awaited; signed_in: all done.
        .addColumn("stage", "text", (column) => column.notNull())
        .addColumn("code_attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("last_seen_at", types.timestamp, (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("staff_sessions_staff")
        .on("staff_sessions")
        .column("staff_id")
        .execute();

      // Failed sign-ins per account (a keyed hash of the e-mail given), per trusted browser
      // and per member's second factor: what the growing delays are computed from.
      await db.schema
        .createTable("staff_sign_in_failures")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("failures", "integer", (column) => column.notNull())
        .addColumn("last_failure_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("at", types.timestamp, (column) => column.notNull())
        // The member who made the change; null for the command line.
        .addColumn("actor_id", "text")
        // Their e-mail then, or "command line".
        .addColumn("actor", "text", (column) => column.notNull())
        .addColumn("action", "text", (column) => column.notNull())
        // What changed, as kind:id (comment:…, staff:…, lender:…).
        .addColumn("subject", "text", (column) => column.notNull())
        // JSON, personal data removed.
        .addColumn("before", "text")
        .addColumn("after", "text")
        .execute();
      await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
      await db.schema
        .createIndex("audit_log_actor")
        .on("audit_log")
        .columns(["actor_id", "at"])
        .execute();
      await db.schema
        .createIndex("audit_log_action")
        .on("audit_log")
        .columns(["action", "at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("audit_log").execute();
      await db.schema.dropTable("staff_sign_in_failures").execute();
      await db.schema.dropTable("staff_sessions").execute();
      await db.schema.dropTable("staff_recovery_codes").execute();
      await db.schema.dropTable("staff_enrolments").execute();
      await db.schema.dropTable("staff").execute();
    },
  };
}
