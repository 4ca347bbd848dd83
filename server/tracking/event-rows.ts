import type { Kysely } from "kysely";
import type { Database, EventsTable } from "../storage/schema";
import { insertCalculatorUses, insertVisits } from "./visits";

/**
 * Inserts rows, the visits their page views make and the calculator uses
 * their calculator events make, in one transaction (one commit).
 */
export async function insertEvents(db: Kysely<Database>, rows: EventsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("events").values(rows).execute();
    await insertVisits(trx, rows);
    await insertCalculatorUses(trx, rows);
  });
}

export async function countEvents(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
