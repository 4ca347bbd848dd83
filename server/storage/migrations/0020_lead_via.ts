import { type Kysely, sql } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * Where a lead was made (issue 18, decision 0222): through our application
 * form (`site`: a partner's widget or a link to our site) or through the
 * partner API (`partner_api`), for the partner portal's "widget vs API".
 * Until now only an unverified lead's code row held it (lead_verifications,
 * deleted once the code is entered): those are copied; older leads stay
 * null, "not recorded".
 */
export async function up(db: Kysely<unknown>, { text }: Columns) {
  await addColumns(db, "leads", { via: text });
  // Its text as it shipped, spaces included (ddl.storage.test.ts).
  await sql`update leads set via = (
          select v.via from lead_verifications v where v.lead_id = leads.id
        ) where exists (select 1 from lead_verifications v where v.lead_id = leads.id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "leads", ["via"]);
}
