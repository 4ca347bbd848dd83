import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Issue 18, decisions 0251–0257.
 *
 * - Where a partner's lead was made, for the portal's figures "by the page
 *   domain the widget ran on, and widget vs API" (0256): `leads.channel`
 *   (`widget`, `link` or `partner_api`) and `leads.page_domain` (the host
 *   name of the page a widget ran on, never a path). Leads before this
 *   migration stay null, "not recorded", except those the partner API made,
 *   which 0020 already recorded (`via`).
 * - A portal account's recovery codes (0253), as the back office keeps its
 *   staff's: HMAC-SHA256 under the installation key, each good once.
 */
export function createPartnerAccountAndLeadChannel(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("leads").addColumn("channel", "text").execute();
      await db.schema.alterTable("leads").addColumn("page_domain", "text").execute();
      await sql`update leads set channel = 'partner_api' where via = 'partner_api'`.execute(db);

      await db.schema
        .createTable("partner_recovery_codes")
        // HMAC-SHA256 of the code under the installation key; the code is shown once.
        .addColumn("code_hash", "text", (column) => column.primaryKey())
        .addColumn("account_id", "text", (column) =>
          column.notNull().references("partner_accounts.id").onDelete("cascade"),
        )
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("used_at", types.timestamp)
        .execute();
      await db.schema
        .createIndex("partner_recovery_codes_account")
        .on("partner_recovery_codes")
        .column("account_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("partner_recovery_codes").execute();
      await db.schema.alterTable("leads").dropColumn("page_domain").execute();
      await db.schema.alterTable("leads").dropColumn("channel").execute();
    },
  };
}
