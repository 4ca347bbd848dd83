/**
 * The one-time code's figures that the server and the pages share
 * (issue 14; docs/decisions/0083): six digits, ten minutes, five tries.
 */
export const CODE_DIGITS = 6;
export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_TRIES = 5;

/** "m:ss" for a wait in milliseconds, rounded up to the second: 25_000 → "0:25". */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The digits of what was typed or pasted ("123 456", "123-456"), at most CODE_DIGITS. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, "").slice(0, CODE_DIGITS);
}
