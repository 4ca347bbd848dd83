import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_DIGITS, CODE_TTL_MINUTES, MAX_CODE_TRIES } from "../../core/domain/verification";

/**
 * The one-time codes that verify an applicant's phone (issue 14,
 * docs/decisions/0083): six digits from a cryptographic random source,
 * kept only as an HMAC under the installation key and bound to their lead,
 * valid for ten minutes and five tries; another code may be sent after a
 * wait that doubles with each one sent.
 */
export { CODE_DIGITS, CODE_TTL_MINUTES };
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60 * 1000;
export const MAX_TRIES = MAX_CODE_TRIES;

/** The wait after the first code; it doubles with each code sent, up to MAX_RESEND_WAIT_MS. */
export const FIRST_RESEND_WAIT_MS = 30_000;
export const MAX_RESEND_WAIT_MS = CODE_TTL_MS;

/** How long, after `sends` codes, before another may be sent: 30 s, 60 s, 120 s … 10 min. */
export function resendWaitMs(sends: number): number {
  const doublings = Math.max(0, Math.min(sends - 1, 20));
  return Math.min(FIRST_RESEND_WAIT_MS * 2 ** doublings, MAX_RESEND_WAIT_MS);
}

/** Six digits, leading zeros kept, every value equally likely. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

export const CODE_PATTERN = /^\d{6}$/;

/**
 * The stored form of a code: HMAC-SHA256 under the installation key, bound
 * to its lead, so a code is worth nothing for another lead and a copy of
 * the table without the key does not give the codes away.
 */
export function codeHash(key: string, leadId: string, code: string): string {
  return createHmac("sha256", key).update(`application-code:${leadId}:${code}`).digest("hex");
}

/** Whether two hex hashes are equal, in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** What an answer says about a lead's pending code (the `verification` object). */
export interface VerificationState {
  channel: "sms";
  /** When the code sent last stops working (ISO). */
  expiresAt: string;
  /** When another code may be sent (ISO). */
  resendAt: string;
  /** Tries left for the code sent last. */
  triesLeft: number;
}

export function verificationState(row: {
  expires_at: string;
  resend_at: string;
  tries: number;
}): VerificationState {
  return {
    channel: "sms",
    expiresAt: row.expires_at,
    resendAt: row.resend_at,
    triesLeft: Math.max(0, MAX_TRIES - row.tries),
  };
}
