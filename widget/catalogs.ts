import files from "virtual:widget-catalogs";
import type { Locale } from "../core/locale";

/**
 * The widget's copy, one catalog file per locale fetched beside the script
 * (decision 0303): the build names each file by its content's hash and gives
 * the script its SRI hash, so `fetch(…, { integrity })` refuses a file that
 * is not the one this script was built with. In the widget's bundle,
 * core/messages/<locale>.ts and eligibility.ts are this module's slots, which
 * a catalog fills once it arrives (rollup.config.mjs, widgetCatalogs).
 */
type Catalog = Record<string, string>;

const catalogs: Record<string, Catalog> = {};
const loaded = new Set<string>();
const pending: Partial<Record<string, Promise<boolean>>> = {};
let base = "";

/** A locale's catalog, empty until it arrives: the shared copy and the eligibility check's, in one. */
export const catalogSlot = (locale: string): Catalog => (catalogs[locale] ??= {});

/** Where the catalogs are: the script's own URL (they sit beside it). */
export function setCatalogBase(url: string): void {
  base = url;
}

export const catalogLoaded = (locale: Locale): boolean => loaded.has(locale);

/**
 * A locale's catalog, fetched once per page; true once it is there, false if
 * it could not be had, and the next call tries again. A wrong status or body
 * fails the integrity check (the browser logs why), so there is no other.
 */
export function loadCatalog(locale: Locale): Promise<boolean> {
  const [name, integrity] = files[locale];
  pending[locale] ??= fetch(new URL(name, base), { integrity })
    .then((response) => response.json())
    .then(
      (catalog: Catalog) => {
        Object.assign(catalogSlot(locale), catalog);
        loaded.add(locale);
        return true;
      },
      () => {
        pending[locale] = undefined;
        return false;
      },
    );
  return pending[locale];
}

/** What a failed catalog says, the only copy in the script: the locale's, else English. */
export const LOAD_ERROR: Record<Locale, readonly [text: string, retry: string]> = {
  si: ["මෙය මේ මොහොතේ පූරණය කළ නොහැකි විය.", "නැවත උත්සාහ කරන්න"],
  en: ["This could not be loaded just now.", "Try again"],
  ta: ["இதை இப்போது ஏற்ற முடியவில்லை.", "மீண்டும் முயலுங்கள்"],
};
