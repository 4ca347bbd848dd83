import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../core/messages/catalog-checks";
import { erasureMessagesFor } from "./erasure";
import { homeMessagesFor, siteCatalog, trustMessagesFor } from "./index";
import { lenderMessagesFor } from "./lender";
import { pushMessagesFor } from "./push";

describe("site message catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    // The brand and the link to the English page are Latin script on purpose.
    expect(
      catalogProblems(siteCatalog("si"), siteCatalog("en"), ["siteName", "languageSwitch"]),
    ).toEqual([]);
  });
});

describe("home page catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(homeMessagesFor("si"), homeMessagesFor("en"))).toEqual([]);
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

describe("unsubscribe code step catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(erasureMessagesFor("si"), erasureMessagesFor("en"))).toEqual([]);
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
