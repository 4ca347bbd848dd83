/**
 * The Tamil catalogs the application and offers pages use (decision 0470),
 * for the conversion islands' build, which takes this file for
 * site/messages/catalogs-ta.ts (build/islands.mjs): no article's, lender's or
 * unsubscribe page's copy. A catalog left out here throws when an island reads
 * it (catalog-slots.ts).
 */
import { ta } from "../../../core/messages/ta";
import { applicationTa } from "../../messages/application-ta";
import { fillCatalogSlots } from "../../messages/catalog-slots";
import { offersTa } from "../../messages/offers-ta";
import { sendOffersTa } from "../../messages/send-offers-ta";
import { siteTa } from "../../messages/ta";
import { trustTa } from "../../messages/trust-ta";
import { verificationTa } from "../../messages/verification-ta";

fillCatalogSlots({
  ta,
  siteTa,
  applicationTa,
  offersTa,
  sendOffersTa,
  trustTa,
  verificationTa,
});
