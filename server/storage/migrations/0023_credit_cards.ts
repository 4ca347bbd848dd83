import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createTable } from "./tables";

/**
 * The credit cards' catalogue (issue 21): one row per card the operator
 * entered from an issuer's published tariff, the card kept as validated JSON
 * (core/domain/schemas/credit-card.ts), as lenders' products are. A new database
 * has none: no sample card is written in (decision 0313).
 */
export async function up(db: Kysely<unknown>, { text, timestamp }: Columns) {
  await createTable(db, "credit_cards", {
    id: text.primaryKey,
    // JSON: the card as core/domain/schemas/credit-card.ts describes it.
    card: text.notNull,
    created_at: timestamp.notNull,
    updated_at: timestamp.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("credit_cards").execute();
}
