import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, type Columns, dropColumns } from "./table-builders";

/**
 * Where a lead was made (issue 18, decision 0222): through our application
 * form (`site`: a partner's widget or a link to our site) or through the
 * partner API (`partner_api`), for the partner portal's "widget vs API".
 * Until now only an unverified lead's code row held it (lead_verifications,
 * deleted once the code is entered): those are copied; older leads stay
 * null, "not recorded".
 */
export function createLeadViaColumn({ text }: Columns): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addColumns(db, "leads", { via: text });
      await sql`update leads set via = (
          select v.via from lead_verifications v where v.lead_id = leads.id
        ) where exists (select 1 from lead_verifications v where v.lead_id = leads.id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await dropColumns(db, "leads", ["via"]);
    },
  };
}
