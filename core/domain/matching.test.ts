import { describe, expect, it } from "vitest";
import { type LeadProfile, lenderSlug, matchLead } from "./matching";
import type { Offer } from "./schemas/offer";

function offer(
  offer_id: number,
  criteria: Partial<Offer["criteria"]> = {},
  ranges: Partial<Pick<Offer, "amount" | "termDays">> = {},
): Offer {
  return {
    offer_id,
    header: `Offer ${offer_id}`,
    tags: [],
    lender: { name: "Kandy Lane", logo: "/lenders/kandy-lane.svg", sample: true },
    amount: ranges.amount ?? { min: 10_000, max: 100_000 },
    termDays: ranges.termDays ?? { min: 61, max: 90 },
    terms: { annualInterestRate: 0.3, feeFixed: 0, feePercent: 0, repayment: "single" },
    criteria: {
      minAge: 21,
      maxAge: 60,
      minMonthlyIncome: 40_000,
      employment: ["salaried"],
      ...criteria,
    },
  };
}

const salaried: LeadProfile = {
  amount: 50_000,
  termDays: 90,
  age: 40,
  monthlyIncome: 85_000,
  employment: "salaried",
};

describe("matchLead", () => {
  it("keeps the offers whose ranges and criteria admit the lead, in catalogue order", () => {
    const offers = [
      offer(3),
      offer(1, { employment: ["pensioner"] }),
      offer(2, {}, { termDays: { min: 120, max: 365 } }),
      offer(4, { employment: ["salaried", "pensioner"] }),
    ];
    expect(matchLead(offers, salaried)).toEqual([3, 4]);
  });

  it("refuses on each criterion alone, and accepts the bounds themselves", () => {
    const offers = [offer(1)];
    expect(matchLead(offers, { ...salaried, monthlyIncome: 39_999 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, monthlyIncome: 40_000 })).toEqual([1]);
    expect(matchLead(offers, { ...salaried, age: 61 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, age: 60 })).toEqual([1]);
    expect(matchLead(offers, { ...salaried, age: 20 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, employment: "pensioner" })).toEqual([]);
    expect(matchLead(offers, { ...salaried, amount: 100_001 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, amount: 9_999 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, termDays: 91 })).toEqual([]);
    expect(matchLead(offers, { ...salaried, termDays: 60 })).toEqual([]);
  });

  it("names a lender by its logo", () => {
    expect(lenderSlug(offer(1))).toBe("kandy-lane");
  });
});
