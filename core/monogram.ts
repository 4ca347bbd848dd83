/**
 * A lender's monogram, shown where it has no logo (docs/decisions/0102):
 * up to two initials of its English name on a colour its id picks from a
 * fixed palette. The widget's component and the server's SVG draw the same.
 */

/** Each colour holds white text at a contrast of at least 4.5:1 (WCAG AA, any size). */
export const MONOGRAM_COLOURS = [
  "#1f5f8b",
  "#7a3e9d",
  "#0f6b5c",
  "#a23b2a",
  "#4a5a1c",
  "#8a4b08",
  "#2f4b9a",
  "#8c2f5b",
] as const;

/** Words that are not part of a lender's mark ("Bank of Ceylon" is BC). */
const SMALL_WORDS = new Set(["of", "and", "the", "&"]);

export interface Monogram {
  initials: string;
  colour: string;
}

/**
 * The monogram of a lender: the first letters (Latin letters or digits) of
 * the first two words of its English name, upper-case; the first letter of
 * its id when the name has none. The colour depends on the id only, so it
 * stays when a name changes.
 */
export function lenderMonogram(id: string, englishName: string): Monogram {
  const initials = englishName
    .split(/\s+/)
    .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) => /[A-Za-z0-9]/.exec(word)?.[0] ?? "")
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return {
    initials: initials || (id[0] ?? "?").toUpperCase(),
    colour: MONOGRAM_COLOURS[hash % MONOGRAM_COLOURS.length] ?? MONOGRAM_COLOURS[0],
  };
}
