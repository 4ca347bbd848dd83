import * as sessions from "../accounts/sessions";
import type { Storage } from "../storage/database";
import type { StaffSessionStage } from "../storage/schema";
import type { StaffRow } from "./staff";
import { STAFF_REALM } from "./staff-realm";

/**
 * Back-office sessions: accounts/sessions.ts in the staff realm
 * (staff-realm.ts: 30 minutes idle, 12 hours at most; 5 minutes and 5
 * wrong codes for the second factor). A session names its member as
 * `staff`, as every back-office route reads it.
 */

export interface StaffSession extends sessions.AccountSession<StaffRow> {
  staff: StaffRow;
}

/** A session as the back office reads it. */
export const staffSessionOf = (
  session: sessions.AccountSession<StaffRow> | undefined,
): StaffSession | undefined => session && { ...session, staff: session.account };

/** A new session for a member; answers its token for the cookie. */
export const startSession = (
  storage: Storage,
  staffId: string,
  stage: StaffSessionStage,
  now: Date,
) => sessions.startSession(storage, STAFF_REALM, staffId, stage, now);

/** The live session of a cookie's token (ended or a disabled member's: undefined). */
export const liveSession = async (storage: Storage, token: string | undefined, now: Date) =>
  staffSessionOf(await sessions.liveSession(storage, STAFF_REALM, token, now));

export const endSession = (storage: Storage, token: string) =>
  sessions.endSession(storage, STAFF_REALM, token);

/** Ends every session of a member ("sign out everywhere"); answers how many there were. */
export const endEverySession = (storage: Storage, staffId: string) =>
  sessions.endEverySession(storage, STAFF_REALM, staffId);
