import type { Locale } from "../core/locale";
import { ONE_YEAR_SECONDS, setSiteCookie } from "./cookies";

/** Remembers the visitor's language for 365 days (SPEC §4); the server reads it on the next visit to "/". */
export function rememberLocale(locale: Locale): void {
  setSiteCookie("locale", locale, ONE_YEAR_SECONDS);
}
