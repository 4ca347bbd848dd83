import { type Kysely, sql } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns } from "./tables";

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
export async function up(db: Kysely<unknown>, { text, timestamp }: Columns) {
  await addColumns(db, "leads", { channel: text, page_domain: text });
  await sql`update leads set channel = 'partner_api' where via = 'partner_api'`.execute(db);

  await createTable(db, "partner_recovery_codes", {
    // HMAC-SHA256 of the code under the installation key; the code is shown once.
    code_hash: text.primaryKey,
    account_id: text.notNull.references("partner_accounts.id"),
    created_at: timestamp.notNull,
    used_at: timestamp,
  });
  await createIndexes(db, "partner_recovery_codes", {
    partner_recovery_codes_account: ["account_id"],
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_recovery_codes").execute();
  await dropColumns(db, "leads", ["page_domain", "channel"]);
}
