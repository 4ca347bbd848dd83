/**
 * The Sinhala catalogs the application and offers pages use (decision 0470),
 * for the conversion islands' build, which takes this file for
 * site/messages/catalogs-si.ts (build/islands.mjs): no article's, lender's or
 * unsubscribe page's copy. A catalog left out here throws when an island reads
 * it (catalog-slots.ts).
 */
import { si } from "../../../core/messages/si";
import { applicationSi } from "../../messages/application-si";
import { fillCatalogSlots } from "../../messages/catalog-slots";
import { offersSi } from "../../messages/offers-si";
import { sendOffersSi } from "../../messages/send-offers-si";
import { siteSi } from "../../messages/si";
import { trustSi } from "../../messages/trust-si";
import { verificationSi } from "../../messages/verification-si";

fillCatalogSlots({
  si,
  siteSi,
  applicationSi,
  offersSi,
  sendOffersSi,
  trustSi,
  verificationSi,
});
