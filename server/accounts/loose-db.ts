import type { Kysely, Transaction } from "kysely";
import type { Database } from "../storage/schema";

/**
 * A realm names its tables (realm.ts); the queries every realm shares are
 * written once, over the columns those tables have in common. The names come
 * from a realm's data, never from a request.
 */
export type Row = Record<string, string | number | null>;
export type LooseDb = Kysely<Record<string, Row>>;

export function loose(db: Kysely<Database> | Transaction<Database>): LooseDb {
  return db as unknown as LooseDb;
}
