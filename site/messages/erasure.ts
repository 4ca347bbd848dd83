import { catalog } from "../../core/locale";
import { erasureEn } from "./erasure-en";
import { erasureSi } from "./erasure-si";
import { erasureTa } from "./erasure-ta";

/**
 * The unsubscribe page's code step (issue 14), apart from the site's
 * catalogs: only the page's own chunk (site/pages/unsubscribe/lazy.ts)
 * loads it, so it weighs nothing on other pages' first script.
 */
export type ErasureMessages = { readonly [Key in keyof typeof erasureEn]: string };

export const erasureMessagesFor = catalog<ErasureMessages>({
  si: erasureSi,
  en: erasureEn,
  ta: erasureTa,
});
