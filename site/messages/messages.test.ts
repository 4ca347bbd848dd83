import { describe, expect, it } from "vitest";
import { catalogProblems, tamilCatalogProblems } from "../../core/messages/catalog-checks";
import { cardsMessagesFor } from "./cards";
import { clickoutMessagesFor } from "./clickout";
import { eligibilityMessagesFor } from "./eligibility";
import { erasureMessagesFor } from "./erasure";
import { homeMessagesFor, siteCatalog, trustMessagesFor } from "./index";
import { lenderMessagesFor } from "./lender";
import { pushMessagesFor } from "./push";
import { topicMessagesFor } from "./topics";

// The Tamil catalogs as the site serves them (issue 20: wired).
const erasureTa = erasureMessagesFor("ta");
const homeTa = homeMessagesFor("ta");
const lenderTa = lenderMessagesFor("ta");
const pushTa = pushMessagesFor("ta");
const siteTa = siteCatalog("ta");
const trustTa = trustMessagesFor("ta");

describe("site message catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    // The brand and the link to the English page are Latin script on purpose.
    expect(catalogProblems(siteCatalog("si"), siteCatalog("en"), ["siteName"])).toEqual([]);
  });
});

describe("home page catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(homeMessagesFor("si"), homeMessagesFor("en"))).toEqual([]);
  });
});

describe("eligibility page catalogs", () => {
  it("match in keys and placeholders, with Sinhala and Tamil copy in their scripts", () => {
    expect(catalogProblems(eligibilityMessagesFor("si"), eligibilityMessagesFor("en"))).toEqual([]);
    expect(
      tamilCatalogProblems(eligibilityMessagesFor("ta"), eligibilityMessagesFor("en")),
    ).toEqual([]);
  });
});

describe("push prompt catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(pushMessagesFor("si"), pushMessagesFor("en"))).toEqual([]);
  });
});

describe("lender page catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(lenderMessagesFor("si"), lenderMessagesFor("en"))).toEqual([]);
  });
});

describe("blog topic catalogs", () => {
  it("match in keys and placeholders, in Sinhala and in Tamil script", () => {
    expect(catalogProblems(topicMessagesFor("si"), topicMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(topicMessagesFor("ta"), topicMessagesFor("en"))).toEqual([]);
  });
});

describe("unsubscribe code step catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(erasureMessagesFor("si"), erasureMessagesFor("en"))).toEqual([]);
  });
});

describe("credit cards page catalogs", () => {
  it("match in keys and placeholders, with Sinhala and Tamil copy in their scripts", () => {
    expect(catalogProblems(cardsMessagesFor("si"), cardsMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(cardsMessagesFor("ta"), cardsMessagesFor("en"))).toEqual([]);
  });

  it("give the page a meta description of 20 to 160 characters a reader sees (0305)", () => {
    const segments = new Intl.Segmenter();
    for (const locale of ["si", "en", "ta"] as const) {
      const length = [...segments.segment(cardsMessagesFor(locale).cardsIntro)].length;
      expect(length, locale).toBeGreaterThanOrEqual(20);
      expect(length, locale).toBeLessThanOrEqual(160);
    }
  });
});

describe("click-out page catalogs (issue 32)", () => {
  it("match in keys and placeholders, with Sinhala and Tamil copy in their scripts", () => {
    expect(catalogProblems(clickoutMessagesFor("si"), clickoutMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(clickoutMessagesFor("ta"), clickoutMessagesFor("en"))).toEqual([]);
  });
});

describe("trust notes catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    // WhatsApp is a name, in Latin script in both.
    expect(
      catalogProblems(trustMessagesFor("si"), trustMessagesFor("en"), ["trustWhatsApp"]),
    ).toEqual([]);
  });
});

// Issue 20: the Tamil catalogs, not yet served, are held to the same rules as the Sinhala ones.
describe("Tamil catalogs", () => {
  it("match English in keys and placeholders, with Tamil copy in Tamil script", () => {
    // The brand is Latin; the language switch names the other language in its own script.
    expect(tamilCatalogProblems(siteTa, siteCatalog("en"), ["siteName"])).toEqual([]);
    expect(tamilCatalogProblems(homeTa, homeMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(pushTa, pushMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(lenderTa, lenderMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(erasureTa, erasureMessagesFor("en"))).toEqual([]);
    expect(tamilCatalogProblems(trustTa, trustMessagesFor("en"), ["trustWhatsApp"])).toEqual([]);
  });
});
