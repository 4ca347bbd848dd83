import { describe, expect, it } from "vitest";
import { quoteLoan } from "./loan";
import { quoteOffers } from "./offer-quotes";
import type { Offer } from "./schemas/offer";

function offer(offerId: number, header: string, overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: offerId,
    header,
    tags: ["fast-decision"],
    lender_link: `https://lender${offerId}.example/apply`,
    lender: { name: `Lender ${offerId}`, logo: "/lenders/sample.svg", sample: true },
    amount: { min: 5_000, max: 100_000 },
    termDays: { min: 61, max: 120 },
    terms: { annualInterestRate: 0.24, feeFixed: 500, feePercent: 0.01, repayment: "single" },
    criteria: { minAge: 18, maxAge: 65, minMonthlyIncome: 30_000, employment: ["salaried"] },
    ...overrides,
  };
}

const today = "2026-11-21";

describe("quoteOffers", () => {
  const catalogue = [
    offer(1, "Zeta Loan"),
    offer(2, "Alpha Loan", { stars: 4.2 }),
    offer(3, "Too Small", { amount: { min: 5_000, max: 20_000 } }),
    offer(4, "Too Short", { termDays: { min: 61, max: 90 } }),
    offer(5, "Beta Loan", {
      terms: { annualInterestRate: 0.3, feeFixed: 0, feePercent: 0, repayment: "single" },
    }),
  ];

  it("keeps the offers that lend the amount for the term, by header, each priced from its terms", () => {
    const quoted = quoteOffers(catalogue, { amount: 50_000, termDays: 91 }, today);
    expect(quoted.map((item) => item.offer.offer_id)).toEqual([2, 5, 1]);
    for (const item of quoted) {
      expect(item.quote).toEqual(
        quoteLoan({ amount: 50_000, termDays: 91, terms: item.offer.terms, startDate: today }),
      );
    }
    expect(quoted.map((item) => item.hasRating)).toEqual([true, false, false]);
  });

  it("puts active offers first", () => {
    const quoted = quoteOffers(catalogue, { amount: 50_000, termDays: 91 }, today, [1]);
    expect(quoted.map((item) => [item.offer.offer_id, item.offer.isActive])).toEqual([
      [1, true],
      [2, false],
      [5, false],
    ]);
  });
});
