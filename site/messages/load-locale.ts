import type { Locale } from "../../core/locale";

/**
 * Each locale's catalogs, a chunk of their own in the browser (decision
 * 0326): no page's first script carries any locale's copy. The page's HTML
 * preloads its locale's chunk (site/document.ts), so this costs no round
 * trip on a first load; an in-app navigation to another locale waits for
 * that locale's chunk (preloadPage). The islands' build takes
 * site/islands/catalogs-<locale>.ts for each, a smaller list.
 */
const loaders: Record<Locale, () => Promise<unknown>> = {
  si: () => import("./catalogs-si"),
  en: () => import("./catalogs-en"),
  ta: () => import("./catalogs-ta"),
};

/** Loads a locale's catalogs before its page renders in the browser. */
export function loadLocaleCatalogs(locale: Locale): Promise<void> {
  return loaders[locale]().then(() => undefined);
}
