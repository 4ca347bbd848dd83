import { createHmac, timingSafeEqual } from "node:crypto";
import type { Storage } from "../storage/database";
import type { StaffSessionStage } from "../storage/schema";
import { newToken, type StaffRow, tokenHash } from "./staff";

/**
 * Back-office sessions, in storage so that every instance knows them and
 * "sign out everywhere" is one delete. The cookie holds a random token; the
 * table holds its SHA-256, so a copy of the database opens no session.
 *
 * A session ends after 30 minutes without a request (idle) and 12 hours
 * after sign-in whatever the activity (absolute); a session waiting for the
 * second factor ends after 5 minutes or 5 wrong codes.
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SECOND_FACTOR_MS = 5 * 60 * 1000;
export const SECOND_FACTOR_TRIES = 5;

export interface StaffSession {
  /** The cookie's token (never stored). */
  token: string;
  stage: StaffSessionStage;
  codeAttempts: number;
  staff: StaffRow;
  /** This session's CSRF token, for its forms. */
  csrf: string;
}

/** A new session for a member; answers its token for the cookie. */
export async function startSession(
  storage: Storage,
  staffId: string,
  stage: StaffSessionStage,
  now: Date,
): Promise<string> {
  const token = newToken();
  const lifetime = stage === "second_factor" ? SECOND_FACTOR_MS : SESSION_ABSOLUTE_MS;
  await storage.db
    .insertInto("staff_sessions")
    .values({
      token_hash: tokenHash(token),
      staff_id: staffId,
      stage,
      code_attempts: 0,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime).toISOString(),
    })
    .execute();
  if (stage === "signed_in") {
    await storage.db
      .updateTable("staff")
      .set({ last_sign_in_at: now.toISOString() })
      .where("id", "=", staffId)
      .execute();
  }
  return token;
}

/**
 * The live session of a cookie's token, its idle time restarted; undefined
 * when there is none, it has ended (and is then deleted), or its member is
 * disabled.
 */
export async function liveSession(
  storage: Storage,
  token: string | undefined,
  now: Date,
): Promise<StaffSession | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const hash = tokenHash(token);
  const row = await storage.db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .selectAll("staff")
    .select([
      "staff_sessions.stage",
      "staff_sessions.code_attempts",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
    ])
    .where("staff_sessions.token_hash", "=", hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { stage, code_attempts, last_seen_at, expires_at, ...staff } = row;
  const at = now.getTime();
  const ended =
    Date.parse(expires_at) <= at ||
    Date.parse(last_seen_at) + SESSION_IDLE_MS <= at ||
    staff.disabled_at !== null;
  if (ended) {
    await endSession(storage, token);
    return undefined;
  }
  await storage.db
    .updateTable("staff_sessions")
    .set({ last_seen_at: now.toISOString() })
    .where("token_hash", "=", hash)
    .execute();
  return { token, stage, codeAttempts: code_attempts, staff, csrf: csrfTokenOf(token) };
}

/** Counts a wrong second-factor code; answers the tries left (0: the session has ended). */
export async function countWrongCode(storage: Storage, session: StaffSession): Promise<number> {
  const attempts = session.codeAttempts + 1;
  if (attempts >= SECOND_FACTOR_TRIES) {
    await endSession(storage, session.token);
    return 0;
  }
  await storage.db
    .updateTable("staff_sessions")
    .set({ code_attempts: attempts })
    .where("token_hash", "=", tokenHash(session.token))
    .execute();
  return SECOND_FACTOR_TRIES - attempts;
}

export async function endSession(storage: Storage, token: string): Promise<void> {
  await storage.db
    .deleteFrom("staff_sessions")
    .where("token_hash", "=", tokenHash(token))
    .execute();
}

/** Ends every session of a member ("sign out everywhere"); answers how many there were. */
export async function endEverySession(storage: Storage, staffId: string): Promise<number> {
  const result = await storage.db
    .deleteFrom("staff_sessions")
    .where("staff_id", "=", staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A session's CSRF token: an HMAC of its cookie's token, so it needs no
 * storage, differs per session, and cannot be made from the database (which
 * holds only the token's hash).
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac("sha256", sessionToken).update("staff-csrf").digest("base64url");
}

/** Whether a form's CSRF token is its session's, compared in constant time. */
export function csrfTokenMatches(sessionToken: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
