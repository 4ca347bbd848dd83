import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The credit cards' catalogue (issue 21): one row per card the operator
 * entered from an issuer's published tariff, the card kept as validated JSON
 * (core/domain/schemas/credit-card.ts), as lenders' products are. A new database
 * has none: no sample card is written in (decision 0313).
 */
export function createCreditCardsTable(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("credit_cards")
        .addColumn("id", "text", (column) => column.primaryKey())
        // JSON: the card as core/domain/schemas/credit-card.ts describes it.
        .addColumn("card", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("credit_cards").execute();
    },
  };
}
