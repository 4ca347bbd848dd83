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

export interface Monogram {
  initials: string;
  colour: string;
}

/**
 * The monogram of a lender: the first two capitals or digits that begin a
 * word of its English name ("Bank of Ceylon" is BC: "of" is not part of the
 * mark); the first letter of its id when the name has none. The colour
 * depends on the id only, so it stays when a name changes. Kept small: the
 * widget carries it.
 */
export function lenderMonogram(id: string, englishName: string): Monogram {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return {
    initials:
      englishName
        .match(/\b[A-Z0-9]/g)
        ?.slice(0, 2)
        .join("") || id.charAt(0).toUpperCase(),
    colour: MONOGRAM_COLOURS[hash % MONOGRAM_COLOURS.length] as string,
  };
}
