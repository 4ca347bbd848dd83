import { describe, expect, it } from "vitest";
import {
  approvedDecision,
  decisionsOf,
  licensedOffer,
} from "../../../core/domain/decisions.fixtures";
import type { Offer } from "../../../core/domain/schemas/offer";
import { leadOffersState, lenderNames, selfRefreshSeconds } from "./lead-offers-view";

const sample = (offerId: number, lenderId: string): Offer => ({
  ...licensedOffer,
  offer_id: offerId,
  header: `Offer ${offerId}`,
  lender: { id: lenderId, name: `Lender ${lenderId}`, logo: "/lenders/x.svg", sample: true },
});
const catalogue = [licensedOffer, sample(1, "one"), sample(2, "two")];
const lead = { leadId: "l", amount: 50_000, termDays: 90, activeOfferIds: [1] };
const today = "2026-11-21";

describe("leadOffersState", () => {
  it("sorts decisions into approvals, noes and silences; silences only once settled", () => {
    const decisions = decisionsOf([
      approvedDecision("lanka-trust", 901, 50_000, 90),
      { lenderId: "two", status: "declined" },
      { lenderId: "gone", status: "waiting" },
    ]);
    const open = leadOffersState(catalogue, lead, decisions, today, "total");
    expect(open.approved.map((item) => item.offer.offer_id)).toEqual([901]);
    expect(open.matched.map((item) => item.offer.offer_id)).toEqual([1]);
    expect(open).toMatchObject({ declined: ["two"], unanswered: [], settled: false });
    const done = leadOffersState(catalogue, lead, { ...decisions, complete: true }, today, "total");
    expect(done).toMatchObject({ unanswered: ["gone"], settled: true, rejected: false });
  });

  it("rejects only when settled with no approval and no match", () => {
    const none = { ...lead, activeOfferIds: [] };
    const declined = decisionsOf([{ lenderId: "lanka-trust", status: "declined" }]);
    expect(leadOffersState(catalogue, none, declined, today, "total").rejected).toBe(false);
    expect(
      leadOffersState(catalogue, none, { ...declined, complete: true }, today, "total").rejected,
    ).toBe(true);
    expect(leadOffersState(catalogue, none, undefined, today, "total").rejected).toBe(true);
    expect(leadOffersState(catalogue, lead, undefined, today, "total").rejected).toBe(false);
  });
});

describe("lenderNames", () => {
  it("names lenders in the page's language, and one no longer listed as unnamed", () => {
    expect(lenderNames(catalogue, ["lanka-trust", "gone"], "si", "?")).toBe("ලංකා ට්‍රස්ට් ෆිනෑන්ස්, ?");
    expect(lenderNames(catalogue, ["one"], "en", "?")).toBe("Lender one");
  });
});

describe("selfRefreshSeconds", () => {
  const decisions = decisionsOf([{ lenderId: "a", status: "waiting" }], {
    deadline: "2026-11-21T08:00:03.000Z",
  });
  it("reloads a page without JavaScript only while waiting, until just after the deadline", () => {
    expect(selfRefreshSeconds(decisions, new Date("2026-11-21T08:00:01.000Z"))).toBe(2);
    // The lender still waiting at the deadline is marked as no answer a moment later: shown then.
    expect(selfRefreshSeconds(decisions, new Date("2026-11-21T08:00:04.000Z"))).toBe(2);
    expect(selfRefreshSeconds(decisions, new Date("2026-11-21T08:00:08.000Z"))).toBeUndefined();
    expect(
      selfRefreshSeconds({ ...decisions, complete: true }, new Date("2026-11-21T08:00:01.000Z")),
    ).toBeUndefined();
    expect(selfRefreshSeconds({ ...decisions, deadline: "soon" }, new Date())).toBeUndefined();
    expect(selfRefreshSeconds(undefined, new Date())).toBeUndefined();
  });
});
