/** A partner's eight sub ids, by number. */
type SubId = `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/**
 * The sub ids' names on the dashboard: the language's word for a sub id, its number and
 * the query parameter it comes from ("Sub ID 3 (sub3)"), the same in every catalog but
 * for the word.
 */
export function subIdNames(word: string): Record<SubId, string> {
  return Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`sub${n}`, `${word} ${n} (sub${n})`]),
  ) as Record<SubId, string>;
}
