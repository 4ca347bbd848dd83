import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * The borrower's path (issue 5): applications (leads), click-outs to
 * lenders, and lenders' conversions. Personal data lives only in the
 * nullable columns of leads, which erasure empties (server/borrowers/erasure.ts).
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "leads", {
    id: text.primaryKey,
    created_at: timestamp.notNull,
    // Keyed hash of NIC and phone, for the 24-hour repeat check; null once erased.
    dedupe_key: text,
    status: text.notNull,
    amount: integer.notNull,
    term_days: integer.notNull,
    purpose: text.notNull,
    employment: text.notNull,
    bank: text.notNull,
    district: text.notNull,
    monthly_income: integer.notNull,
    age: integer.notNull,
    consent_marketing: integer.notNull,
    attribution: text.notNull,
    offer_ids: text.notNull,
    // Personal data: emptied by an erasure request.
    full_name: text,
    nic: text,
    birth_date: text,
    phone: text,
    email: text,
    erased_at: timestamp,
  });
  await createIndexes(db, "leads", { leads_dedupe: ["dedupe_key", "created_at"] });
  await createTable(db, "clicks", {
    id: text.primaryKey,
    lead_id: text,
    offer_id: integer.notNull,
    lender: text.notNull,
    attribution: text.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "clicks", { clicks_lead: ["lead_id"] });
  await createTable(
    db,
    "conversions",
    {
      click_id: text.notNull,
      status: text.notNull,
      amount: integer,
      created_at: timestamp.notNull,
    },
    { primaryKey: ["click_id", "status"] },
  );
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["conversions", "clicks", "leads"]);
}
