import type { Kysely } from "kysely";
import type { Database, EventsTable } from "./schema";

export async function insertEvent(db: Kysely<Database>, row: EventsTable): Promise<void> {
  await db.insertInto("events").values(row).execute();
}

export async function countEvents(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
