/**
 * What the compiler cannot check about a pair of catalogs: no empty text,
 * the same {placeholders} in both languages, and Sinhala copy written in
 * Sinhala script (except the keys allowed to be Latin, like a brand name).
 */
const SINHALA_LETTER = /[\u0D80-\u0DFF]/;
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(",");

export function catalogProblems(
  si: Record<string, string>,
  en: Record<string, string>,
  latinKeys: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const [key, english] of Object.entries(en)) {
    const sinhala = si[key];
    if (sinhala === undefined) {
      problems.push(`si lacks ${key}`);
      continue;
    }
    if (!english.trim()) problems.push(`en.${key} is empty`);
    if (!sinhala.trim()) problems.push(`si.${key} is empty`);
    if (placeholdersOf(sinhala) !== placeholdersOf(english)) {
      problems.push(`${key}: placeholders differ between si and en`);
    }
    if (!latinKeys.includes(key) && !SINHALA_LETTER.test(sinhala)) {
      problems.push(`si.${key} is not written in Sinhala`);
    }
  }
  for (const key of Object.keys(si)) {
    if (!(key in en)) problems.push(`en lacks ${key}`);
  }
  return problems;
}
