import { describe, expect, it } from "vitest";
import {
  applicationOffersPath,
  applicationOffersStreamPath,
  isApplicationDecisions,
  isApplicationOffers,
} from "./decisions";
import { approvedDecision, decisionsOf } from "./decisions.fixtures";

describe("the decisions' addresses", () => {
  it("are the application's offers and their stream", () => {
    expect(applicationOffersPath("abc_-1")).toBe("/api/applications/abc_-1/offers");
    expect(applicationOffersStreamPath("abc_-1")).toBe("/api/applications/abc_-1/offers/stream");
    expect(applicationOffersPath("../x")).toBe("/api/applications/..%2Fx/offers");
  });
});

describe("isApplicationDecisions", () => {
  it("takes a snapshot of the contract", () => {
    const decisions = decisionsOf([
      approvedDecision("a", 1, 50_000, 91),
      { lenderId: "b", status: "failed" },
    ]);
    expect(isApplicationDecisions(decisions)).toBe(true);
    expect(isApplicationDecisions(JSON.parse(JSON.stringify(decisions)))).toBe(true);
  });

  it.each([
    ["nothing", null],
    ["a list", []],
    ["a count that is not whole", { ...decisionsOf([]), asked: 1.5 }],
    ["a negative count", { ...decisionsOf([]), answered: -1 }],
    ["no deadline", { ...decisionsOf([]), deadline: undefined }],
    ["an unknown status", decisionsOf([{ lenderId: "a", status: "maybe" as "waiting" }])],
    [
      "an approval without terms",
      decisionsOf([
        {
          lenderId: "a",
          status: "approved",
          offer: { offerId: 1, amount: 1, termDays: 1, expiresAt: "x" } as never,
        },
      ]),
    ],
  ])("refuses %s", (_what, value) => {
    expect(isApplicationDecisions(value)).toBe(false);
  });
});

describe("isApplicationOffers", () => {
  const offers = {
    amount: 50_000,
    termDays: 91,
    activeOfferIds: [3, 1],
    decisions: decisionsOf([approvedDecision("a", 3, 50_000, 91)]),
  };

  it("takes what the JSON and each event carry", () => {
    expect(isApplicationOffers(JSON.parse(JSON.stringify(offers)))).toBe(true);
  });

  it.each([
    ["no decisions", { ...offers, decisions: undefined }],
    ["an offer id that is not a number", { ...offers, activeOfferIds: ["3"] }],
    ["no amount", { ...offers, amount: undefined }],
    ["bad decisions", { ...offers, decisions: { ...offers.decisions, complete: "yes" } }],
  ])("refuses %s", (_what, value) => {
    expect(isApplicationOffers(value)).toBe(false);
  });
});
