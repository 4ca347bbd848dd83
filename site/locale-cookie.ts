import type { Locale } from "../core/locale";
import { ONE_YEAR_SECONDS, writeCookie } from "../widget/runtime/cookies";

/** Remembers the visitor's language for 365 days (SPEC §4); the server reads it on the next visit to "/". */
export function rememberLocale(locale: Locale): void {
  writeCookie("locale", locale, ONE_YEAR_SECONDS);
}
