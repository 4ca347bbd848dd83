/**
 * Every Tamil catalog a page of the site can show in the browser, as one
 * chunk that only Tamil pages load (decision 0326; see catalog-slots.ts).
 * In the browser builds these imports alone reach the catalogs themselves;
 * the compiler holds this list to the catalogs' names.
 */
import { ta } from "../../core/messages/ta";
import { applicationTa } from "./application-ta";
import { fillCatalogSlots } from "./catalog-slots";
import { communityTa } from "./community-ta";
import { erasureTa } from "./erasure-ta";
import { homeTa } from "./home-ta";
import { lenderTa } from "./lender-ta";
import { offersTa } from "./offers-ta";
import { sendOffersTa } from "./send-offers-ta";
import { siteTa } from "./ta";
import { trustTa } from "./trust-ta";
import { verificationTa } from "./verification-ta";

fillCatalogSlots({
  ta,
  siteTa,
  applicationTa,
  communityTa,
  erasureTa,
  homeTa,
  lenderTa,
  offersTa,
  sendOffersTa,
  trustTa,
  verificationTa,
});
