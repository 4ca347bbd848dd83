import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

const KEY_NAME = "suppression_key";

/** The installation's secret, or undefined before its first use. */
export async function storedInstallationKey(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", KEY_NAME)
    .executeTakeFirst();
  return row?.value;
}

/**
 * The installation's secret for keyed hashes (suppressions, the repeat
 * check of applications), made on first use and kept in storage. A read;
 * the write happens once (concurrent first uses agree through the primary key).
 */
export async function installationKey(db: Kysely<Database>): Promise<string> {
  const stored = await storedInstallationKey(db);
  if (stored) return stored;
  await db
    .insertInto("settings")
    .values({ key: KEY_NAME, value: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const created = await storedInstallationKey(db);
  if (!created) throw new Error("The installation key could not be stored");
  return created;
}
