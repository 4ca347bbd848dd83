import type { CreditCard } from "../../core/domain/schemas/credit-card";

/**
 * A credit card of an obviously fictitious issuer, for tests only: no figure
 * here is any real bank's (issue 21).
 */
export function testCard(overrides: Partial<CreditCard> = {}): CreditCard {
  return {
    id: "kithul-test-classic",
    issuer: { en: "Kithul Test Bank", si: "කිතුල් ටෙස්ට් බැංකුව", ta: "கித்துல் டெஸ்ட் வங்கி" },
    name: { en: "Test Classic" },
    annualFee: 2_500,
    interestRate: 28,
    cashAdvanceFee: { percent: 3, minimum: 500 },
    lateFee: 1_500,
    minimumPayment: { percent: 5, minimum: 1_000 },
    website: "https://cards.example.com/test-classic",
    checkedOn: "2026-11-20",
    ...overrides,
  };
}

/** A second fictitious card, with no annual fee: listed first. */
export function freeTestCard(): CreditCard {
  return testCard({
    id: "kithul-test-zero",
    name: { en: "Test Zero" },
    annualFee: 0,
    interestRate: 30,
    website: undefined,
  });
}
