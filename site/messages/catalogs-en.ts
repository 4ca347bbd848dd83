/**
 * Every English catalog a page of the site can show in the browser, as one
 * chunk that only English pages load (decision 0326; see catalog-slots.ts).
 * In the browser builds these imports alone reach the catalogs themselves;
 * the compiler holds this list to the catalogs' names.
 */
import { en } from "../../core/messages/en";
import { applicationEn } from "./application-en";
import { fillCatalogSlots } from "./catalog-slots";
import { communityEn } from "./community-en";
import { siteEn } from "./en";
import { erasureEn } from "./erasure-en";
import { homeEn } from "./home-en";
import { lenderEn } from "./lender-en";
import { offersEn } from "./offers-en";
import { sendOffersEn } from "./send-offers-en";
import { trustEn } from "./trust-en";
import { verificationEn } from "./verification-en";

fillCatalogSlots({
  en,
  siteEn,
  applicationEn,
  communityEn,
  erasureEn,
  homeEn,
  lenderEn,
  offersEn,
  sendOffersEn,
  trustEn,
  verificationEn,
});
