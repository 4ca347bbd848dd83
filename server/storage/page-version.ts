import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Storage } from "./database";
import type { Database } from "./schema";

/**
 * The version of what pages show from storage (decision 0260): lenders and
 * their offers, credit cards, approved comments and reviews, ratings,
 * erasures. A service that changes one of them touches it; every instance's
 * page cache reads it at most once a second and drops its pages (and reads
 * the offers again) when it changed. A random token in the settings table, so no engine's
 * arithmetic is needed and any write is a change.
 */
export const PAGE_VERSION_KEY = "page_version";

/** This instance's page caches, by the storage they read: told at once of a change made here. */
const listeners = new WeakMap<Storage, Set<() => void>>();

/** Calls `listener` on each touchPages given this storage; answers how to stop. */
export function onPagesTouched(storage: Storage, listener: () => void): () => void {
  let set = listeners.get(storage);
  if (!set) {
    set = new Set();
    listeners.set(storage, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Marks every instance's cached pages stale, in `db` (the change's
 * transaction, so both commit together). Given the storage, this
 * instance's caches also read the version on every request for a while,
 * so a change made here shows on its next page at once.
 */
export async function touchPages(db: Kysely<Database>, storage?: Storage): Promise<void> {
  const value = randomUUID();
  await db
    .insertInto("settings")
    .values({ key: PAGE_VERSION_KEY, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
  if (storage) for (const listener of listeners.get(storage) ?? []) listener();
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
