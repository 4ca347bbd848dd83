import { createHmac, randomBytes } from "node:crypto";
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";
import { encode } from "uqr";

/**
 * The second factor: TOTP as RFC 6238 and every authenticator app have it
 * (SHA-1, 6 digits, 30-second steps), a code of the step before or after
 * accepted for clocks a little apart, and never a code of a step at or
 * before the last one accepted (no replay). Recovery codes stand in for a
 * lost phone, each once.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: ±30 s of drift between the phone's clock and ours. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const ISSUER = "NayaCompare";

/** A new secret: 20 random bytes (160 bits, RFC 4226's advice), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The secret as a person types it: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The QR code of an address, one string of 0 and 1 per row (the site draws it as SVG). */
export function qrRows(text: string): string[] {
  return encode(text, { ecc: "M", border: 2 }).data.map((row) =>
    row.map((dark) => (dark ? "1" : "0")).join(""),
  );
}

/** The code for a moment (tests, and the e2e test's "phone"). */
export function totpCodeAt(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * The time step a code belongs to when it is right for `at` (within a step
 * either side) and later than `afterStep`; undefined otherwise.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result carries its time step (an HOTP one would not; we never ask for HOTP).
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** How many recovery codes a member gets, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without I, L, O, U: nothing to misread. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Ten codes like `7k2mq-9xd4r`: 50 random bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const characters = [...bytes].map((byte) => ALPHABET[byte & 31]).join("");
    return `${characters.slice(0, 5)}-${characters.slice(5, 10)}`;
  });
}

/** What a typed recovery code is, once spaces, dashes and case are set aside. */
export function normalizedRecoveryCode(text: string): string | undefined {
  const bare = text.toLowerCase().replace(/[\s-]/g, "");
  return /^[0-9a-hjkmnp-tv-z]{10}$/.test(bare) ? bare : undefined;
}

/**
 * The stored form of a recovery code: an HMAC under the installation key,
 * for staff or (`partner`) a partner portal account (decision 0253).
 */
export function recoveryCodeHash(
  code: string,
  key: string,
  scope: "staff" | "partner" | "lender" = "staff",
): string {
  const bare = normalizedRecoveryCode(code) ?? code;
  return createHmac("sha256", key).update(`${scope}-recovery:${bare}`).digest("hex");
}
