/**
 * Input masks (SPEC §5): a pattern says which character each position takes,
 * so a field shows "077 123 4567" as it is typed and cannot hold junk.
 *
 * Tokens: "9" a digit 0–9, "A" a Latin letter a–z or A–Z, "*" either. Any
 * other pattern character is a literal the mask writes itself. Letters keep
 * the case they were typed in; the field's parser decides what case means.
 */

/** New-format NIC: 12 digits. */
export const NIC_NEW_MASK = "999999999999";

/**
 * Old-format NIC: 9 digits and a letter. The mask takes any letter; only V or
 * X make a NIC, and parseNic checks that (with its message) on submit.
 */
export const NIC_OLD_MASK = "999999999A";

/** A mobile number in the local form, "077 123 4567". */
export const PHONE_MASK = "999 999 9999";

type CharTest = (char: string) => boolean;

const isDigit: CharTest = (char) => char >= "0" && char <= "9";
const isLatinLetter: CharTest = (char) =>
  (char >= "a" && char <= "z") || (char >= "A" && char <= "Z");

function tokenTest(patternChar: string): CharTest | undefined {
  switch (patternChar) {
    case "9":
      return isDigit;
    case "A":
      return isLatinLetter;
    case "*":
      return (char) => isDigit(char) || isLatinLetter(char);
    default:
      return undefined;
  }
}

/**
 * Fits raw text (typed or pasted) to a pattern: each token takes the next
 * character that fits it, skipping those that do not; literals are written
 * before the character that follows them, so a partial value never ends in a
 * literal ("077" rather than "077 "); text beyond the pattern is dropped.
 *
 * A raw character equal to the literal due next is taken as that literal, so
 * a pasted formatted value, or the mask's own output, comes back unchanged
 * even when the literal is a character a token would also take.
 */
export function applyMask(pattern: string, raw: string): string {
  const rawChars = Array.from(raw);
  let next = 0;
  let output = "";
  let pendingLiterals = "";
  for (const patternChar of pattern) {
    const fits = tokenTest(patternChar);
    if (!fits) {
      pendingLiterals += patternChar;
      if (rawChars[next] === patternChar) next += 1;
      continue;
    }
    let char = rawChars[next];
    while (char !== undefined && !fits(char)) {
      next += 1;
      char = rawChars[next];
    }
    if (char === undefined) return output;
    output += pendingLiterals + char;
    pendingLiterals = "";
    next += 1;
  }
  // Every token is filled: literals closing the pattern, as in "(999)", belong to the value.
  return output === "" ? output : output + pendingLiterals;
}
