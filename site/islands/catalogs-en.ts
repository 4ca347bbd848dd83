/**
 * The English catalogs the islands' pages use (articles, documents, blog,
 * lender, bank and home pages: decision 0326), for the islands' build, which
 * takes this file for site/messages/catalogs-en.ts (rollup.config.mjs): the
 * application's, offers', code step's and unsubscribe's copy are app pages'.
 * A catalog left out here throws when an island reads it (catalog-slots.ts).
 */
import { en } from "../../core/messages/en";
import { fillCatalogSlots } from "../messages/catalog-slots";
import { communityEn } from "../messages/community-en";
import { siteEn } from "../messages/en";
import { homeEn } from "../messages/home-en";
import { lenderEn } from "../messages/lender-en";
import { trustEn } from "../messages/trust-en";

fillCatalogSlots({ en, siteEn, communityEn, homeEn, lenderEn, trustEn });
