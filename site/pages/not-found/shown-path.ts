/** How many characters (as a reader counts them) of an unknown path the 404 page shows. */
export const SHOWN_PATH_LENGTH = 60;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * An unknown page's path as the 404 page shows it (SPEC §8, decision 0319):
 * percent-escapes decoded where they spell UTF-8 (`/ණය/` reads as Sinhala),
 * left as typed where they do not; control and bidirectional formatting
 * characters shown as U+FFFD, so the text cannot hide or reorder itself;
 * then cut after SHOWN_PATH_LENGTH characters with an ellipsis. React escapes
 * what remains as text; the joiners Sinhala and Tamil need are kept.
 */
export function shownPath(path: string): string {
  const decoded = path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  const safe = decoded.replace(/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, "\uFFFD");
  const parts = [...graphemes.segment(safe)];
  if (parts.length <= SHOWN_PATH_LENGTH) return safe;
  return `${parts
    .slice(0, SHOWN_PATH_LENGTH)
    .map((part) => part.segment)
    .join("")}…`;
}
