import type { Kysely } from "kysely";
import type { Database, EventsTable } from "../storage/schema";

/** Inserts rows in one statement (one transaction, one commit). */
export async function insertEvents(db: Kysely<Database>, rows: EventsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("events").values(rows).execute();
}

export async function countEvents(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
