import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { UnsubscribeRequest } from "../../core/schemas/unsubscribe";
import type { Storage } from "../storage/database";
import type { Database } from "../storage/schema";

const SUPPRESSION_KEY = "suppression_key";

async function storedSuppressionKey(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SUPPRESSION_KEY)
    .executeTakeFirst();
  return row?.value;
}

/**
 * The installation's secret for suppression hashes, made on first use and
 * kept in storage. A read; the write happens once (concurrent first uses
 * agree through the primary key).
 */
async function suppressionKey(db: Kysely<Database>): Promise<string> {
  const stored = await storedSuppressionKey(db);
  if (stored) return stored;
  await db
    .insertInto("settings")
    .values({ key: SUPPRESSION_KEY, value: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const created = await storedSuppressionKey(db);
  if (!created) throw new Error("The suppression key could not be stored");
  return created;
}

/** A keyed hash: without the key, a leaked table cannot be matched against a list of numbers. */
export function suppressionHash(key: string, kind: "email" | "phone", value: string): string {
  return createHmac("sha256", key).update(`${kind}:${value}`).digest("hex");
}

export interface ErasureOutcome {
  suppressed: ("email" | "phone")[];
  /** Records holding the e-mail or phone that were erased or anonymised. */
  erasedRecords: number;
}

/**
 * Erases or anonymises every record that holds the e-mail or phone, and
 * keeps only their keyed hashes so that we never contact the person again.
 * Today no table holds contacts yet; leads (issue 5) and comments (issue 7)
 * add their erasure here, in the same transaction.
 */
export async function eraseContact(
  storage: Storage,
  request: UnsubscribeRequest,
  now: Date = new Date(),
): Promise<ErasureOutcome> {
  return storage.db.transaction().execute(async (trx) => {
    const key = await suppressionKey(trx);
    const contacts = [
      ["email", request.email],
      ["phone", request.phone],
    ] as const;
    const suppressed: ("email" | "phone")[] = [];
    for (const [kind, value] of contacts) {
      if (value === undefined) continue;
      await trx
        .insertInto("suppressions")
        .values({ hash: suppressionHash(key, kind, value), kind, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column("hash").doNothing())
        .execute();
      suppressed.push(kind);
    }
    const erasedRecords = 0;
    await trx
      .insertInto("erasure_requests")
      .values({
        id: randomUUID(),
        by_email: request.email === undefined ? 0 : 1,
        by_phone: request.phone === undefined ? 0 : 1,
        erased_records: erasedRecords,
        created_at: now.toISOString(),
      })
      .execute();
    return { suppressed, erasedRecords };
  });
}

/** Whether a contact asked never to be contacted again (for leads, issue 5). */
export async function isSuppressed(
  storage: Storage,
  kind: "email" | "phone",
  value: string,
): Promise<boolean> {
  // Nobody has asked yet when there is no key: nothing to write on a read.
  const key = await storedSuppressionKey(storage.db);
  if (!key) return false;
  const row = await storage.db
    .selectFrom("suppressions")
    .select("hash")
    .where("hash", "=", suppressionHash(key, kind, value))
    .executeTakeFirst();
  return row !== undefined;
}
