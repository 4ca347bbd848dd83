/**
 * The Tamil catalogs the islands' pages use (articles, documents, blog,
 * lender, bank and home pages: decision 0326), for the islands' build, which
 * takes this file for site/messages/catalogs-ta.ts (rollup.config.mjs): the
 * application's, offers', code step's and unsubscribe's copy are app pages'.
 * A catalog left out here throws when an island reads it (catalog-slots.ts).
 */
import { ta } from "../../core/messages/ta";
import { fillCatalogSlots } from "../messages/catalog-slots";
import { communityTa } from "../messages/community-ta";
import { homeTa } from "../messages/home-ta";
import { lenderTa } from "../messages/lender-ta";
import { siteTa } from "../messages/ta";
import { trustTa } from "../messages/trust-ta";

fillCatalogSlots({ ta, siteTa, communityTa, homeTa, lenderTa, trustTa });
