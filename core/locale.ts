/**
 * The three interface languages (SPEC §2, issue 20): Sinhala at the root, English under
 * /en/, Tamil under /ta/. All are served from one host; the path prefix alone decides the locale of a page.
 */
export const LOCALES = {
  si: { code: "si", language: "si-LK", pathPrefix: "", label: "සිංහල" },
  en: { code: "en", language: "en-LK", pathPrefix: "/en", label: "English" },
  ta: { code: "ta", language: "ta-LK", pathPrefix: "/ta", label: "தமிழ்" },
} as const;

/**
 * The path prefixes alone, as LOCALES has them (checked by the compiler): what
 * the widget needs (isLocale, localizePath), without the names and languages
 * it never shows, which its size budget has no room for (issue 20).
 */
const PATH_PREFIXES: { readonly [L in keyof typeof LOCALES]: (typeof LOCALES)[L]["pathPrefix"] } = {
  si: "",
  en: "/en",
  ta: "/ta",
};

export type Locale = keyof typeof LOCALES;

export const DEFAULT_LOCALE: Locale = "si";

export const ALL_LOCALES = Object.keys(PATH_PREFIXES) as Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(PATH_PREFIXES, value);
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
