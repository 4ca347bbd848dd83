import { z } from "zod";

/**
 * The interface languages (SPEC §2, issue 20), the one registry of them (issue 33): Sinhala at
 * the root, English under /en/, Tamil under /ta/, all from one host; the path prefix alone
 * decides the locale of a page. A language added here is a locale everywhere, and the compiler
 * lists every catalog and record that lacks it (docs/adding-a-language.md). Numbers and dates
 * are written the same way in every language (decision 0300): no formatting tag per locale.
 * - `label`: the language's name in itself (the language switch), `english`: in English;
 * - `language`: its BCP 47 tag (hreflang, JSON-LD); `openGraph`: og:locale;
 * - `dir`: the writing direction of its pages; `letters`: a letter of its script (catalog
 *   checks; a name without one is not in that language).
 */
export const LOCALES = {
  si: {
    code: "si",
    english: "Sinhala",
    language: "si-LK",
    pathPrefix: "",
    label: "සිංහල",
    dir: "ltr",
    openGraph: "si_LK",
    letters: /[\u0D80-\u0DFF]/,
  },
  en: {
    code: "en",
    english: "English",
    language: "en-LK",
    pathPrefix: "/en",
    label: "English",
    dir: "ltr",
    openGraph: "en_LK",
    letters: /[A-Za-z]/,
  },
  ta: {
    code: "ta",
    english: "Tamil",
    language: "ta-LK",
    pathPrefix: "/ta",
    label: "தமிழ்",
    dir: "ltr",
    openGraph: "ta_LK",
    letters: /[\u0B80-\u0BFF]/,
  },
} as const;

export type Locale = keyof typeof LOCALES;

/** One value for each locale: the compiler flags a locale missing, or one that is not a locale. */
export type ByLocale<T> = { readonly [L in Locale]: T };

/**
 * The path prefixes alone, as LOCALES has them (checked by the compiler): what
 * the widget needs (isLocale, localizePath), without the names and languages
 * it never shows, which its size budget has no room for (issue 20).
 */
const PATH_PREFIXES: { readonly [L in Locale]: (typeof LOCALES)[L]["pathPrefix"] } = {
  si: "",
  en: "/en",
  ta: "/ta",
};

export const DEFAULT_LOCALE: Locale = "si";

export const ALL_LOCALES = Object.keys(PATH_PREFIXES) as Locale[];

/** A locale as input (query, form, JSON): one of ALL_LOCALES. */
export const localeSchema = /* @__PURE__ */ z.enum(ALL_LOCALES as [Locale, ...Locale[]]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(PATH_PREFIXES, value);
}

/** A locale's value of a ByLocale record, in place of a ternary on the locale. */
export function pick<T>(locale: Locale, byLocale: ByLocale<T>): T {
  return byLocale[locale];
}

/**
 * A catalog: each locale's messages, of the type `M` (the English catalog's keys), and its
 * lookup. A locale missing, or a key missing in one locale's messages, fails to compile:
 * `export const homeMessagesFor = catalog<HomeMessages>({ si: homeSi, en: homeEn, ta: homeTa })`.
 */
export function catalog<M>(byLocale: ByLocale<M>): (locale: Locale) => M {
  return (locale) => byLocale[locale];
}

/**
 * Splits a URL path into its locale and the locale-free rest.
 * "/en/about/" → { locale: "en", rest: "/about/" }; "/about/" → { locale: "si", rest: "/about/" }.
 * "/english/" is a Sinhala path: only a whole "/en" segment selects English.
 */
export function splitLocalePath(path: string): { locale: Locale; rest: string } {
  for (const locale of ALL_LOCALES) {
    const prefix = PATH_PREFIXES[locale];
    if (prefix === "") continue;
    if (path === prefix || path === `${prefix}/`) return { locale, rest: "/" };
    if (path.startsWith(`${prefix}/`)) {
      return { locale, rest: singleLeadingSlash(path.slice(prefix.length)) };
    }
  }
  return { locale: DEFAULT_LOCALE, rest: singleLeadingSlash(path) };
}

/**
 * "//evil.example/" as a link is another site. A path we echo back into a
 * page (the language switch of a 404 page) starts with one slash only.
 */
function singleLeadingSlash(path: string): string {
  return path.replace(/^[/\\]+/, "/");
}

/** The path of the same page in another locale: localizePath("en", "/about/") → "/en/about/". */
export function localizePath(locale: Locale, rest: string): string {
  return `${PATH_PREFIXES[locale]}${singleLeadingSlash(`/${rest}`)}`;
}

/** One path in every locale: localizedPaths("/go/:id") → ["/go/:id", "/en/go/:id", "/ta/go/:id"]. */
export function localizedPaths(rest: string): string[] {
  return ALL_LOCALES.map((locale) => localizePath(locale, rest));
}
