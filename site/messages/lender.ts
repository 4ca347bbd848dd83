import { catalog } from "../../core/locale";
import { lenderEn } from "./lender-en";
import { lenderSi } from "./lender-si";
import { lenderTa } from "./lender-ta";

/**
 * The lender page's "who the lender is" (issue 15), apart from the site's
 * catalogs: only the page's own chunk (site/pages/lender/lazy.ts) loads it.
 */
export type LenderMessages = { readonly [Key in keyof typeof lenderEn]: string };

export const lenderMessagesFor = catalog<LenderMessages>({
  si: lenderSi,
  en: lenderEn,
  ta: lenderTa,
});
