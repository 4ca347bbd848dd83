import type { Locale } from "../core/locale";

/** SPEC §4: the language choice, kept for 365 days on the whole site. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the visitor's language; the server reads it on the next visit to "/". */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers we serve.
  document.cookie = `locale=${locale}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
