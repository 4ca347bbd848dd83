import type { Kysely } from "kysely";
import type { Database, EventsTable } from "../storage/schema";
import { insertVisits } from "./visits";

/** Inserts rows and the visits their page views make in one transaction (one commit). */
export async function insertEvents(db: Kysely<Database>, rows: EventsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("events").values(rows).execute();
    await insertVisits(trx, rows);
  });
}

export async function countEvents(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
