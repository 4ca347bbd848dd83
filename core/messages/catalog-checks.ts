import { ALL_LOCALES, LOCALES, type Locale } from "../locale";

/**
 * What the compiler cannot check about a pair of catalogs: no empty text,
 * the same {placeholders} in both languages, and each language's copy written
 * in its own script (LOCALES' `letters`), except the keys allowed to be Latin,
 * like a brand name. English is the reference: its catalog defines the keys.
 */
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(",");

type Catalog = Readonly<Record<string, string>>;

/** Every other locale's catalog of a lookup (`homeMessagesFor`) against English's. */
export function localeCatalogProblems(
  messagesFor: (locale: Locale) => Catalog,
  latinKeys: readonly string[] = [],
): string[] {
  return ALL_LOCALES.filter((locale) => locale !== "en").flatMap((locale) =>
    translationProblems(locale, messagesFor(locale), messagesFor("en"), latinKeys),
  );
}

export function catalogProblems(si: Catalog, en: Catalog, latinKeys: readonly string[] = []) {
  return translationProblems("si", si, en, latinKeys);
}

/** The same checks for a Tamil catalog: its copy in Tamil script, its placeholders those of English. */
export function tamilCatalogProblems(ta: Catalog, en: Catalog, latinKeys: readonly string[] = []) {
  return translationProblems("ta", ta, en, latinKeys);
}

function translationProblems(
  code: Locale,
  translated: Catalog,
  en: Catalog,
  latinKeys: readonly string[],
): string[] {
  const { letters: letter, english: language } = LOCALES[code];
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
