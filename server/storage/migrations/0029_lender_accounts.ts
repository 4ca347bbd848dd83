import type { Kysely } from "kysely";
import type { Column, Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns, dropTables } from "./tables";

/**
 * The lender portal (issue 34, decisions 0382–0384): a lender's staff's
 * accounts (an admin or a developer of one lender, invited by the operator),
 * their one-time invitation links, sessions and recovery codes, each link,
 * session and code stored as a hash of what the person holds; and each
 * lender's test decision URL and test secret beside its live ones (0386).
 */
export async function up(db: Kysely<unknown>, { text, bigint, timestamp }: Columns) {
  await addColumns(db, "lenders", {
    test_api_url: text,
    // Shown once when made; what test applications are signed with.
    test_api_secret: text,
  });
  await createTable(db, "lender_accounts", {
    id: text.primaryKey,
    lender_id: text.notNull.references("lenders.id"),
    // Lower case; the sign-in name and where the invitation went.
    email: text.notNull.unique,
    // admin | developer
    role: text.notNull,
    // argon2id (PHC string); null until set through the invitation.
    password_hash: text,
    // The second factor, required: the pending secret while enrolling, then the secret.
    totp_secret: text,
    totp_pending_secret: text,
    totp_last_step: bigint,
    updated_at: timestamp.notNull,
    created_at: timestamp.notNull,
  });
  /** A table of rows that belong to one account, gone with it, found by it. */
  const ofAccount = async (table: string, columns: Record<string, Column>) => {
    await createTable(db, table, {
      ...columns,
      account_id: text.notNull.references("lender_accounts.id"),
      created_at: timestamp.notNull,
    });
    await createIndexes(db, table, { [`${table}_account`]: ["account_id"] });
  };
  // One-time invitation links: the SHA-256 of the token, which is only in the e-mail.
  await ofAccount("lender_account_links", {
    token_hash: text.primaryKey,
    expires_at: timestamp.notNull,
  });
  // Sessions: the SHA-256 of the cookie's token; second_factor or signed_in.
  await ofAccount("lender_sessions", {
    token_hash: text.primaryKey,
    stage: text.notNull,
    last_seen_at: timestamp.notNull,
    expires_at: timestamp.notNull,
  });
  // Recovery codes: HMAC-SHA256 under the installation key, scoped to lenders, used once.
  await ofAccount("lender_recovery_codes", { code_hash: text.primaryKey, used_at: timestamp });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, [
    "lender_recovery_codes",
    "lender_sessions",
    "lender_account_links",
    "lender_accounts",
  ]);
  await dropColumns(db, "lenders", ["test_api_secret", "test_api_url"]);
}
