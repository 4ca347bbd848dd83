import { catalog } from "../../core/locale";
import { sendOffersEn } from "./send-offers-en";
import { sendOffersSi } from "./send-offers-si";
import { sendOffersTa } from "./send-offers-ta";

/**
 * "Save or send my offers" catalogs, apart from the site's: only the
 * offers page's chunk (site/components/SendOffers.tsx) and the link pages'
 * chunk (site/pages/offers-link/) load them, so they weigh nothing on a
 * page's first script.
 */
export type SendOffersMessages = { readonly [Key in keyof typeof sendOffersEn]: string };

export const sendOffersMessagesFor = catalog<SendOffersMessages>({
  si: sendOffersSi,
  en: sendOffersEn,
  ta: sendOffersTa,
});
