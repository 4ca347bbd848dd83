import { catalog } from "../../core/locale";
import { offersEn } from "./offers-en";
import { offersSi } from "./offers-si";
import { offersTa } from "./offers-ta";

/**
 * A visitor's own offers page's catalogs (issue 15), apart from the site's:
 * only the page's chunk (site/pages/screens/LeadOffersScreen.tsx) and its
 * server half load them, so they weigh nothing on a page's first script.
 */
export type OffersMessages = { readonly [Key in keyof typeof offersEn]: string };

export const offersMessagesFor = catalog<OffersMessages>({
  si: offersSi,
  en: offersEn,
  ta: offersTa,
});
