import { randomUUID } from "node:crypto";
import type { Algorithm } from "@node-rs/argon2";
import type { PasswordProblem } from "../../core/views/back-office";

/**
 * Staff passwords: argon2id with OWASP's minimum (19 MiB, 2 passes, one
 * lane; @node-rs/argon2's defaults, written out so a change of its defaults
 * changes nothing here), and NIST SP 800-63B's rules: long rather than
 * mixed, no composition rules, never a known or guessable one.
 */
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 12;
/** Longer gains nothing and lets a request make argon2 hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/** The passwords people choose first; a longer list belongs in a breach corpus check. */
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "qwertyuiopas",
  "passwordpassword",
  "password1234",
  "password12345",
  "password123456",
  "iloveyou1234",
  "administrator",
  "administrator1",
  "letmein12345",
  "welcome12345",
  "changeme1234",
  "nayacompare1",
  "nayacompare123",
  "srilanka1234",
  "colombo12345",
]);

/** Why a password may not be used, or undefined when it may. */
export function passwordProblem(password: string, email: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  const name = email.toLowerCase().split("@")[0] ?? "";
  if (lower.includes(email.toLowerCase()) || (name.length >= 4 && lower.includes(name))) {
    return "contains_email";
  }
  if (COMMON.has(lower) || new Set(lower).size <= 2 || isRun(lower)) return "common";
  return undefined;
}

/** 1234567890…, abcdefgh…: each character one after the one before, up or down. */
function isRun(text: string): boolean {
  const codes = [...text].map((character) => character.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((code, index) => code - (codes[index] ?? 0)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** The argon2 addon, loaded at the first sign-in or password set: most requests need none (0486). */
const argon2 = () => import("@node-rs/argon2");

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, HASH_OPTIONS);
}

/**
 * Verified against this when there is no account or no password yet, so
 * that an unknown e-mail takes as long as a known one (no enumeration by
 * timing). Made once, lazily, from a random password nobody knows.
 */
let dummyHash: Promise<string> | undefined;

/** Whether the password matches the hash; with no hash, false after the same work. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  // Never hash a password of any length: the form limits it, this limits everything else.
  const given = password.slice(0, PASSWORD_MAX_LENGTH * 4);
  if (stored === null) {
    dummyHash ??= hashPassword(randomUUID());
    const { verify } = await argon2();
    await verify(await dummyHash, given).catch(() => false);
    return false;
  }
  const { verify } = await argon2();
  return verify(stored, given).catch(() => false);
}
