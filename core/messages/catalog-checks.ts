/**
 * What the compiler cannot check about a pair of catalogs: no empty text,
 * the same {placeholders} in both languages, and Sinhala copy written in
 * Sinhala script (except the keys allowed to be Latin, like a brand name).
 * Tamil catalogs (issue 20) are checked the same way against Tamil script.
 */
const SINHALA_LETTER = /[\u0D80-\u0DFF]/;
const TAMIL_LETTER = /[\u0B80-\u0BFF]/;
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
  return translationProblems("si", "Sinhala", SINHALA_LETTER, si, en, latinKeys);
}

/** The same checks for a Tamil catalog: its copy in Tamil script, its placeholders those of English. */
export function tamilCatalogProblems(
  ta: Record<string, string>,
  en: Record<string, string>,
  latinKeys: readonly string[] = [],
): string[] {
  return translationProblems("ta", "Tamil", TAMIL_LETTER, ta, en, latinKeys);
}

function translationProblems(
  code: string,
  language: string,
  letter: RegExp,
  translated: Record<string, string>,
  en: Record<string, string>,
  latinKeys: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [key, english] of Object.entries(en)) {
    const text = translated[key];
    if (text === undefined) {
      problems.push(`${code} lacks ${key}`);
      continue;
    }
    if (!english.trim()) problems.push(`en.${key} is empty`);
    if (!text.trim()) problems.push(`${code}.${key} is empty`);
    if (placeholdersOf(text) !== placeholdersOf(english)) {
      problems.push(`${key}: placeholders differ between ${code} and en`);
    }
    if (!latinKeys.includes(key) && !letter.test(text)) {
      problems.push(`${code}.${key} is not written in ${language}`);
    }
  }
  for (const key of Object.keys(translated)) {
    if (!(key in en)) problems.push(`en lacks ${key}`);
  }
  return problems;
}
