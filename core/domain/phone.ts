/**
 * Sri Lankan mobile numbers. Lenders reach applicants by SMS and call, so we
 * take mobiles only and store them in one form, E.164 ("+94771234567"),
 * whatever way the visitor wrote them.
 */

/**
 * Mobile prefixes (with the trunk 0) as of 2026: 070 to 078 except 073, which
 * is not allocated to mobiles (079 is not either). When the regulator (TRCSL)
 * opens a new mobile prefix, add it here; the parsing and tests below need
 * no other change.
 */
export const SRI_LANKAN_MOBILE_PREFIXES: readonly string[] = [
  "070",
  "071",
  "072",
  "074",
  "075",
  "076",
  "077",
  "078",
];

/** What people put between digits: spaces, dashes, dots and parentheses. */
const SEPARATORS = /[\s\-.()\u2010-\u2015]/g;

/**
 * The country code in any of its usual spellings (+94, 0094, 94) or the
 * trunk 0, then the 9-digit national number, which for a mobile starts with 7.
 * "+94 (0)77 …" is refused: after the country code the 0 is a dialling error.
 */
const MOBILE = /^(?:\+94|0094|94|0)?(7[0-9]{8})$/;

/**
 * The E.164 form "+947XXXXXXXX" of a Sri Lankan mobile number written as
 * 077 123 4567, 77 123 4567, 94 77…, +94 77… or 0094 77…, with separators
 * anywhere; undefined for anything else (landlines, other countries, letters).
 */
export function normalizeSriLankanMobile(input: string): string | undefined {
  const match = MOBILE.exec(input.replace(SEPARATORS, ""));
  const national = match?.[1];
  if (national === undefined) return undefined;
  if (!SRI_LANKAN_MOBILE_PREFIXES.includes(`0${national.slice(0, 2)}`)) return undefined;
  return `+94${national}`;
}

/**
 * "077 123 4567": how Sri Lankans write a mobile number, for display. Takes
 * the E.164 form normalizeSriLankanMobile returns; throws RangeError otherwise.
 */
export function formatSriLankanMobile(e164: string): string {
  if (normalizeSriLankanMobile(e164) !== e164) {
    throw new RangeError(`Not a Sri Lankan mobile number in E.164 form: ${e164}`);
  }
  const national = e164.slice(3);
  return `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}
