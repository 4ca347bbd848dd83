import type { Transaction } from "kysely";
import type { Storage } from "../storage/database";
import type { Database } from "../storage/schema";
import { loose } from "./loose-db";
import type { AccountRow, Realm } from "./realm";
import { newRecoveryCodes, newTotpSecret, normalizedRecoveryCode, recoveryCodeHash } from "./totp";

/**
 * A realm's second factor in storage: the pending secret, a code's step
 * spent once, and recovery codes (ten, shown once, kept as HMACs scoped to
 * the realm, each spent once).
 */

/**
 * An account's second factor columns when it has none: a new account, one whose password
 * a one-time link sets again, or one that turned it off.
 */
export const NO_SECOND_FACTOR = {
  totp_secret: null,
  totp_pending_secret: null,
  totp_last_step: null,
} as const;

/** The secret an account is scanning to turn the second factor on; made once, kept until used. */
export async function pendingTotpSecret<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  account: A,
): Promise<string> {
  if (account.totp_pending_secret) return account.totp_pending_secret;
  const secret = newTotpSecret();
  await loose(storage.db)
    .updateTable(realm.accountsTable)
    .set({ totp_pending_secret: secret })
    .where("id", "=", account.id)
    .execute();
  return secret;
}

/** Records the step of a code just accepted, so that it is never accepted again. */
export async function spendTotpStep<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  accountId: string,
  step: number,
): Promise<boolean> {
  // Only forward: of two sign-ins with one code at once, one moves it.
  const result = await loose(storage.db)
    .updateTable(realm.accountsTable)
    .set({ totp_last_step: step })
    .where("id", "=", accountId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ten new recovery codes in place of the account's old ones (in the caller's transaction). */
export async function replaceRecoveryCodes<A extends AccountRow>(
  db: Parameters<typeof loose>[0],
  realm: Realm<A>,
  accountId: string,
  key: string,
  now: Date,
): Promise<string[]> {
  const { table, accountColumn, scope } = realm.recoveryCodes;
  const codes = newRecoveryCodes();
  await loose(db).deleteFrom(table).where(accountColumn, "=", accountId).execute();
  await loose(db)
    .insertInto(table)
    .values(
      codes.map((code) => ({
        code_hash: recoveryCodeHash(code, key, scope),
        [accountColumn]: accountId,
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/**
 * Spends one of the account's unused recovery codes; false when it is not
 * one. `spent` runs in the same transaction (the staff's audit entry).
 */
export async function spendRecoveryCode<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  accountId: string,
  code: string,
  now: Date,
  spent?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  if (normalizedRecoveryCode(code) === undefined) return false;
  const { table, accountColumn, scope } = realm.recoveryCodes;
  const key = await storage.keys.hashKey();
  return storage.db.transaction().execute(async (trx) => {
    // Of two uses at once, one marks it used.
    const result = await loose(trx)
      .updateTable(table)
      .set({ used_at: now.toISOString() })
      .where("code_hash", "=", recoveryCodeHash(code, key, scope))
      .where(accountColumn, "=", accountId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await spent?.(trx);
    return true;
  });
}

export async function recoveryCodesLeft<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  accountId: string,
): Promise<number> {
  const { table, accountColumn } = realm.recoveryCodes;
  const row = await loose(storage.db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(accountColumn, "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
