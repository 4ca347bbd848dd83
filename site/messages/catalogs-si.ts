/**
 * Every Sinhala catalog a page of the site can show in the browser, as one
 * chunk that only Sinhala pages load (decision 0326; see catalog-slots.ts).
 * In the browser builds these imports alone reach the catalogs themselves;
 * the compiler holds this list to the catalogs' names.
 */
import { si } from "../../core/messages/si";
import { applicationSi } from "./application-si";
import { fillCatalogSlots } from "./catalog-slots";
import { communitySi } from "./community-si";
import { erasureSi } from "./erasure-si";
import { homeSi } from "./home-si";
import { lenderSi } from "./lender-si";
import { offersSi } from "./offers-si";
import { sendOffersSi } from "./send-offers-si";
import { siteSi } from "./si";
import { trustSi } from "./trust-si";
import { verificationSi } from "./verification-si";

fillCatalogSlots({
  si,
  siteSi,
  applicationSi,
  communitySi,
  erasureSi,
  homeSi,
  lenderSi,
  offersSi,
  sendOffersSi,
  trustSi,
  verificationSi,
});
