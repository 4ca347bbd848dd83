import { describe, expect, it } from "vitest";
import { catalogProblems, tamilCatalogProblems } from "../../core/messages/catalog-checks";
import { sendOffersMessagesFor } from "./send-offers";

// The Tamil catalogs as the site serves them (issue 20: wired).
const sendOffersTa = sendOffersMessagesFor("ta");

describe("send-offers catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(sendOffersMessagesFor("si"), sendOffersMessagesFor("en"))).toEqual([]);
  });
});

describe("send-offers catalog in Tamil (issue 20, not yet served)", () => {
  it("matches English in keys and placeholders, with Tamil copy in Tamil script", () => {
    expect(tamilCatalogProblems(sendOffersTa, sendOffersMessagesFor("en"))).toEqual([]);
  });
});
