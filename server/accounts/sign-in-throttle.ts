import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Storage } from "../storage/database";

/**
 * How failed sign-ins slow down the next ones, without letting a stranger
 * lock a member out (decision 0133). Failures in a row are counted per key:
 *  - per account (a keyed hash of the e-mail typed, whether or not a member
 *    has it, so an unknown e-mail is slowed down exactly like a known one),
 *    for browsers the member has not signed in with before;
 *  - per trusted browser (the `admin_device` cookie a full sign-in leaves),
 *    which only its holder can slow down, and which the account's count
 *    never touches: a stranger hammering the account does not slow the
 *    member at their own browser;
 *  - per member's second factor, which only someone with the password reaches.
 * The first five failures cost nothing; from then on each one makes the next
 * attempt wait twice as long (1 s, 2 s, 4 s … at most 15 minutes). A
 * success clears its key; a key without a failure for a day is forgotten.
 * An attempt made during the wait is refused without checking anything and
 * does not count.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  firstWaitMs: 1_000,
  maxWaitMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** How long after the last failure the next attempt must wait, after `failures` in a row. */
export function waitAfterFailures(failures: number): number {
  const { freeFailures, firstWaitMs, maxWaitMs } = SIGN_IN_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(maxWaitMs, firstWaitMs * 2 ** Math.min(30, failures - freeFailures));
}

/** Milliseconds the key must still wait before its next attempt (0: go ahead). */
export async function signInWait(storage: Storage, key: string, now: Date): Promise<number> {
  const row = await storage.db
    .selectFrom("staff_sign_in_failures")
    .selectAll()
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return 0;
  const last = Date.parse(row.last_failure_at);
  if (last + SIGN_IN_THROTTLE.forgetAfterMs <= now.getTime()) {
    await clearFailures(storage, key);
    return 0;
  }
  return Math.max(0, last + waitAfterFailures(row.failures) - now.getTime());
}

/** Counts a failure of the key (one atomic upsert: concurrent failures all count). */
export async function countFailure(storage: Storage, key: string, now: Date): Promise<void> {
  await storage.db
    .insertInto("staff_sign_in_failures")
    .values({ key, failures: 1, last_failure_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        failures: sql<number>`staff_sign_in_failures.failures + 1`,
        last_failure_at: now.toISOString(),
      }),
    )
    .execute();
}

export async function clearFailures(storage: Storage, key: string): Promise<void> {
  await storage.db.deleteFrom("staff_sign_in_failures").where("key", "=", key).execute();
}

/** The account key of an e-mail as typed: a keyed hash, never the e-mail itself. */
export function accountKey(email: string, installationKey: string): string {
  const typed = email.trim().toLowerCase();
  return `account:${createHmac("sha256", installationKey).update(`staff-sign-in:${typed}`).digest("hex")}`;
}

export const deviceKey = (deviceId: string) => `device:${deviceId}`;
export const secondFactorKey = (staffId: string) => `second-factor:${staffId}`;

const deviceMac = (deviceId: string, staffId: string, installationKey: string) =>
  createHmac("sha256", installationKey)
    .update(`staff-device:${staffId}:${deviceId}`)
    .digest("base64url");

/** A trusted browser's cookie value for a member: a random id and its MAC under our key. */
export function newDeviceCookie(staffId: string, installationKey: string): string {
  const deviceId = randomBytes(16).toString("base64url");
  return `${deviceId}.${deviceMac(deviceId, staffId, installationKey)}`;
}

/** The browser's id when its cookie was left by a full sign-in of this member; else undefined. */
export function trustedDeviceOf(
  cookie: string | undefined,
  staffId: string,
  installationKey: string,
): string | undefined {
  const [deviceId = "", mac = "", ...rest] = (cookie ?? "").split(".");
  if (rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return undefined;
  const expected = Buffer.from(deviceMac(deviceId, staffId, installationKey));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? deviceId
    : undefined;
}
