/**
 * The Tamil catalogs the islands' pages use (articles, documents, blog,
 * lender, bank and home pages: decision 0304), for the islands' build, which
 * takes this file for site/messages/tamil-load.ts (rollup.config.mjs): the
 * application's, offers', code step's and unsubscribe's copy are app pages'.
 * A catalog left out here throws when an island reads it (tamil-slots.ts).
 */
import { eligibilityTa } from "../../core/messages/eligibility-ta";
import { ta } from "../../core/messages/ta";
import { communityTa } from "../messages/community-ta";
import { homeTa } from "../messages/home-ta";
import { lenderTa } from "../messages/lender-ta";
import { siteTa } from "../messages/ta";
import { fillTamilSlots } from "../messages/tamil-slots";
import { trustTa } from "../messages/trust-ta";

fillTamilSlots({ ta, eligibilityTa, siteTa, communityTa, trustTa, homeTa, lenderTa });
