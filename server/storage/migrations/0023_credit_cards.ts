import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { type Columns, createTable } from "./table-builders";

/**
 * The credit cards' catalogue (issue 21): one row per card the operator
 * entered from an issuer's published tariff, the card kept as validated JSON
 * (core/domain/schemas/credit-card.ts), as lenders' products are. A new database
 * has none: no sample card is written in (decision 0313).
 */
export function createCreditCardsTable({ text, timestamp }: Columns): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, "credit_cards", {
        id: text.primaryKey,
        // JSON: the card as core/domain/schemas/credit-card.ts describes it.
        card: text.notNull,
        created_at: timestamp.notNull,
        updated_at: timestamp.notNull,
      });
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("credit_cards").execute();
    },
  };
}
