import type { CreateTableBuilder, Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The lender portal (issue 34, decisions 0382–0384): a lender's staff's
 * accounts (an admin or a developer of one lender, invited by the operator),
 * their one-time invitation links, sessions and recovery codes, each link,
 * session and code stored as a hash of what the person holds; and each
 * lender's test decision URL and test secret beside its live ones (0386).
 */
export function createLenderAccountTables(types: ColumnTypes): Migration {
  /** A table of rows that belong to one account, gone with it, found by it. */
  const ofAccount = async (
    db: Kysely<unknown>,
    table: string,
    columns: (builder: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never>,
  ) => {
    await columns(db.schema.createTable(table))
      .addColumn("account_id", "text", (column) =>
        column.notNull().references("lender_accounts.id").onDelete("cascade"),
      )
      .addColumn("created_at", types.timestamp, (column) => column.notNull())
      .execute();
    await db.schema.createIndex(`${table}_account`).on(table).column("account_id").execute();
  };
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("lenders").addColumn("test_api_url", "text").execute();
      // Shown once when made; what test applications are signed with.
      await db.schema.alterTable("lenders").addColumn("test_api_secret", "text").execute();
      await db.schema
        .createTable("lender_accounts")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lender_id", "text", (column) =>
          column.notNull().references("lenders.id").onDelete("cascade"),
        )
        // Lower case; the sign-in name and where the invitation went.
        .addColumn("email", "text", (column) => column.notNull().unique())
        // admin | developer
        .addColumn("role", "text", (column) => column.notNull())
        // argon2id (PHC string); null until set through the invitation.
        .addColumn("password_hash", "text")
        // The second factor, required: the pending secret while enrolling, then the secret.
        .addColumn("totp_secret", "text")
        .addColumn("totp_pending_secret", "text")
        .addColumn("totp_last_step", "bigint")
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      // One-time invitation links: the SHA-256 of the token, which is only in the e-mail.
      await ofAccount(db, "lender_account_links", (table) =>
        table
          .addColumn("token_hash", "text", (column) => column.primaryKey())
          .addColumn("expires_at", types.timestamp, (column) => column.notNull()),
      );
      // Sessions: the SHA-256 of the cookie's token; second_factor or signed_in.
      await ofAccount(db, "lender_sessions", (table) =>
        table
          .addColumn("token_hash", "text", (column) => column.primaryKey())
          .addColumn("stage", "text", (column) => column.notNull())
          .addColumn("last_seen_at", types.timestamp, (column) => column.notNull())
          .addColumn("expires_at", types.timestamp, (column) => column.notNull()),
      );
      // Recovery codes: HMAC-SHA256 under the installation key, scoped to lenders, used once.
      await ofAccount(db, "lender_recovery_codes", (table) =>
        table
          .addColumn("code_hash", "text", (column) => column.primaryKey())
          .addColumn("used_at", types.timestamp),
      );
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        "lender_recovery_codes",
        "lender_sessions",
        "lender_account_links",
        "lender_accounts",
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable("lenders").dropColumn("test_api_secret").execute();
      await db.schema.alterTable("lenders").dropColumn("test_api_url").execute();
    },
  };
}
