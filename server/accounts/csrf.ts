import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A session's CSRF token: an HMAC of its cookie's token, so it needs no
 * storage, differs per session, and cannot be made from the database (which
 * holds only the token's hash). Every realm's forms carry it.
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
