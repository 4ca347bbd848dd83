import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The partner portal's accounts (issue 18, decision 0211): who signs in to
 * the portal, what they told us at sign-up, their one-time e-mail links
 * (verification, claim, reset) and their sessions, each link and session
 * stored as the SHA-256 of what the partner holds. An account becomes a
 * partner (partners.id) once its e-mail is verified; the partner is active
 * once an operator approves it.
 */
export function createPartnerAccountTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("partner_accounts")
        .addColumn("id", "text", (column) => column.primaryKey())
        // Lower case; the sign-in name and where the links go.
        .addColumn("email", "text", (column) => column.notNull().unique())
        // The partner the account is: null until the e-mail is verified.
        .addColumn("partner_id", "text", (column) => column.unique())
        // argon2id (PHC string); null for a CLI partner until it claims the account.
        .addColumn("password_hash", "text")
        // company | person
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("website", "text", (column) => column.notNull())
        .addColumn("traffic_sources", "text", (column) => column.notNull())
        // JSON array of country codes (SPEC §1).
        .addColumn("countries", "text", (column) => column.notNull())
        // wire | stablecoin | ewallet | paypal, and the account to pay to (free text); a partner
        // made by the command line that claims its account has none ("" details, [] countries).
        .addColumn("payout_method", "text")
        .addColumn("payout_details", "text", (column) => column.notNull())
        .addColumn("locale", "text", (column) => column.notNull())
        .addColumn("terms_accepted_at", types.timestamp)
        .addColumn("email_verified_at", types.timestamp)
        // The optional second factor: base32 secret once on, the pending one while the partner
        // scans it, and the last time step accepted (a code is never accepted twice).
        .addColumn("totp_secret", "text")
        .addColumn("totp_pending_secret", "text")
        .addColumn("totp_last_step", "bigint")
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("partner_account_links")
        // SHA-256 of the link's token: the token is only in the e-mail.
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("account_id", "text", (column) =>
          column.notNull().references("partner_accounts.id").onDelete("cascade"),
        )
        // verify | claim | reset
        .addColumn("purpose", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("partner_account_links_account")
        .on("partner_account_links")
        .column("account_id")
        .execute();

      await db.schema
        .createTable("partner_sessions")
        // SHA-256 of the cookie's token.
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("account_id", "text", (column) =>
          column.notNull().references("partner_accounts.id").onDelete("cascade"),
        )
        // second_factor: the password was right, the code is awaited; signed_in: all done.
        .addColumn("stage", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("last_seen_at", types.timestamp, (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("partner_sessions_account")
        .on("partner_sessions")
        .column("account_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("partner_sessions").execute();
      await db.schema.dropTable("partner_account_links").execute();
      await db.schema.dropTable("partner_accounts").execute();
    },
  };
}
