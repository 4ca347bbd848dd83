import type { Locale } from "../../core/locale";

/**
 * Loads what a locale's pages need beyond every page's first script before
 * they render in the browser: Tamil's catalogs (decision 0304); Sinhala's
 * and English's are in the first script already.
 */
export function loadLocaleCatalogs(locale: Locale): Promise<void> {
  return locale === "ta" ? import("./tamil-load").then(() => undefined) : Promise.resolve();
}
