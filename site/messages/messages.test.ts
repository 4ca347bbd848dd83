import { describe, expect, it } from "vitest";
import { ALL_LOCALES } from "../../core/locale";
import { localeCatalogProblems } from "../../core/messages/catalog-checks";
import { cardsMessagesFor } from "./cards";
import { clickoutMessagesFor } from "./clickout";
import { eligibilityMessagesFor } from "./eligibility";
import { erasureMessagesFor } from "./erasure";
import { homeMessagesFor, siteCatalog, trustMessagesFor } from "./index";
import { lenderMessagesFor } from "./lender";
import { pushMessagesFor } from "./push";
import { topicMessagesFor } from "./topics";

/**
 * Every catalog of the site, each of its languages held to English's keys and placeholders,
 * with its copy in its own script (LOCALES' letters): a language added in core/locale.ts is
 * checked here with no edit.
 */
const CATALOGS = [
  // The brand is Latin script on purpose.
  ["site", siteCatalog, ["siteName"]],
  ["home page", homeMessagesFor, []],
  ["eligibility page", eligibilityMessagesFor, []],
  ["push prompt", pushMessagesFor, []],
  ["lender page", lenderMessagesFor, []],
  ["blog topic", topicMessagesFor, []],
  ["unsubscribe code step", erasureMessagesFor, []],
  ["credit cards page", cardsMessagesFor, []],
  ["click-out page (issue 32)", clickoutMessagesFor, []],
  // WhatsApp is a name, in Latin script in all.
  ["trust notes", trustMessagesFor, ["trustWhatsApp"]],
] as const;

describe("site message catalogs", () => {
  it.each(CATALOGS)(
    "%s: match in keys and placeholders, each in its script",
    (_, lookup, latin) => {
      expect(localeCatalogProblems(lookup, latin)).toEqual([]);
    },
  );
});

describe("credit cards page catalogs", () => {
  it("give the page a meta description of 20 to 160 characters a reader sees (0305)", () => {
    const segments = new Intl.Segmenter();
    for (const locale of ALL_LOCALES) {
      const length = [...segments.segment(cardsMessagesFor(locale).cardsIntro)].length;
      expect(length, locale).toBeGreaterThanOrEqual(20);
      expect(length, locale).toBeLessThanOrEqual(160);
    }
  });
});
