import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The version of what pages show from storage (decision 0260): lenders and
 * their offers, approved comments and reviews, ratings, erasures. A service
 * that changes one of them touches it; every instance's page cache reads it
 * at most once a second and drops its pages (and reads the offers again)
 * when it changed. A random token in the settings table, so no engine's
 * arithmetic is needed and any write is a change.
 */
export const PAGE_VERSION_KEY = "page_version";

/** Marks every instance's cached pages stale. Call it after the change is committed. */
export async function touchPages(db: Kysely<Database>): Promise<void> {
  const value = randomUUID();
  await db
    .insertInto("settings")
    .values({ key: PAGE_VERSION_KEY, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** The version now ("" before the first change). */
export async function pageVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", PAGE_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? "";
}
