/**
 * The English catalogs the application and offers pages use (decision 0470),
 * for the conversion islands' build, which takes this file for
 * site/messages/catalogs-en.ts (build/islands.mjs): no article's, lender's or
 * unsubscribe page's copy. A catalog left out here throws when an island reads
 * it (catalog-slots.ts).
 */
import { en } from "../../../core/messages/en";
import { applicationEn } from "../../messages/application-en";
import { fillCatalogSlots } from "../../messages/catalog-slots";
import { siteEn } from "../../messages/en";
import { offersEn } from "../../messages/offers-en";
import { sendOffersEn } from "../../messages/send-offers-en";
import { trustEn } from "../../messages/trust-en";
import { verificationEn } from "../../messages/verification-en";

fillCatalogSlots({
  en,
  siteEn,
  applicationEn,
  offersEn,
  sendOffersEn,
  trustEn,
  verificationEn,
});
