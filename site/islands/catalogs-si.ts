/**
 * The Sinhala catalogs the islands' pages use (articles, documents, blog,
 * lender, bank and home pages: decision 0326), for the islands' build, which
 * takes this file for site/messages/catalogs-si.ts (rollup.config.mjs): the
 * application's, offers', code step's and unsubscribe's copy are app pages'.
 * A catalog left out here throws when an island reads it (catalog-slots.ts).
 */
import { si } from "../../core/messages/si";
import { fillCatalogSlots } from "../messages/catalog-slots";
import { communitySi } from "../messages/community-si";
import { homeSi } from "../messages/home-si";
import { lenderSi } from "../messages/lender-si";
import { siteSi } from "../messages/si";
import { trustSi } from "../messages/trust-si";

fillCatalogSlots({ si, siteSi, communitySi, homeSi, lenderSi, trustSi });
