/**
 * Every Tamil catalog a page of the site can show in the browser, as one
 * chunk that only Tamil pages load (decision 0304; see tamil-slots.ts). In
 * the browser builds these imports alone reach the catalogs themselves; the
 * compiler holds this list to the catalogs' names.
 */
import { eligibilityTa } from "../../core/messages/eligibility-ta";
import { ta } from "../../core/messages/ta";
import { applicationTa } from "./application-ta";
import { communityTa } from "./community-ta";
import { erasureTa } from "./erasure-ta";
import { homeTa } from "./home-ta";
import { lenderTa } from "./lender-ta";
import { offersTa } from "./offers-ta";
import { pushTa } from "./push-ta";
import { sendOffersTa } from "./send-offers-ta";
import { siteTa } from "./ta";
import { fillTamilSlots } from "./tamil-slots";
import { trustTa } from "./trust-ta";
import { verificationTa } from "./verification-ta";

fillTamilSlots({
  ta,
  eligibilityTa,
  siteTa,
  applicationTa,
  communityTa,
  trustTa,
  homeTa,
  erasureTa,
  lenderTa,
  offersTa,
  sendOffersTa,
  verificationTa,
  pushTa,
});
