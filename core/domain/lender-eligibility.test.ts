import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../helpers/dates";
import { EMPLOYMENT_TYPES } from "./application";
import {
  type EligibilityProfile,
  LIKELIHOODS,
  lenderEligibility,
  parseEligibilityProfile,
  productEligibility,
} from "./lender-eligibility";
import { offerMatchesLead } from "./matching";
import type { Offer } from "./schemas/offer";

const today = "2026-03-02" as CalendarDate;

function offer(
  offer_id: number,
  criteria: Partial<Offer["criteria"]> = {},
  rest: Partial<Offer> & { lenderId?: string } = {},
): Offer {
  const { lenderId = "kandy-lane", ...fields } = rest;
  return {
    offer_id,
    header: `Offer ${offer_id}`,
    tags: [],
    lender: { id: lenderId, name: lenderId, logo: `/lenders/${lenderId}.svg`, sample: true },
    amount: { min: 10_000, max: 200_000 },
    termDays: { min: 61, max: 360 },
    terms: { annualInterestRate: 0.3, feeFixed: 0, feePercent: 0, repayment: "monthly" },
    criteria: {
      minAge: 21,
      maxAge: 60,
      minMonthlyIncome: 40_000,
      employment: ["salaried"],
      ...criteria,
    },
    ...fields,
  };
}

const person: EligibilityProfile = {
  amount: 50_000,
  termDays: 360,
  monthlyIncome: 85_000,
  employment: "salaried",
  age: 40,
};

describe("productEligibility", () => {
  it("is likely when every criterion is met and the repayment fits the income", () => {
    const result = productEligibility(offer(1), person, today);
    expect(result.likelihood).toBe("likely");
    expect(result.criteria.every((check) => check.met)).toBe(true);
    // About Rs 4,870 a month over 12 months at 30 %: under 30 % of 85,000.
    expect(result.repayment?.monthly).toBe(true);
    expect(result.repayment?.level).toBe("fits");
  });

  it("is unlikely on each published criterion alone", () => {
    const cases: [Partial<EligibilityProfile>, string][] = [
      [{ monthlyIncome: 39_999 }, "income"],
      [{ employment: "pensioner" }, "employment"],
      [{ age: 20 }, "age"],
      [{ age: 61 }, "age"],
      [{ amount: 9_000 }, "amount"],
      [{ amount: 250_000 }, "amount"],
      [{ termDays: 30 }, "term"],
    ];
    for (const [change, criterion] of cases) {
      const result = productEligibility(offer(1), { ...person, ...change }, today);
      expect(result.likelihood, criterion).toBe("unlikely");
      expect(result.criteria.filter((check) => !check.met).map((check) => check.criterion)).toEqual(
        [criterion],
      );
      expect(result.repayment).toBeUndefined();
    }
  });

  it("is possible when the repayment stretches, unlikely when it is hard", () => {
    // A single repayment of about Rs 103,700 after 90 days.
    const once = offer(
      1,
      { minMonthlyIncome: 0 },
      {
        terms: { annualInterestRate: 0.3, feeFixed: 0, feePercent: 0, repayment: "single" },
      },
    );
    const loan = { ...person, amount: 100_000, termDays: 90 };
    expect(productEligibility(once, { ...loan, monthlyIncome: 400_000 }, today).likelihood).toBe(
      "likely",
    );
    expect(productEligibility(once, { ...loan, monthlyIncome: 250_000 }, today).likelihood).toBe(
      "possible",
    );
    const hard = productEligibility(once, { ...loan, monthlyIncome: 150_000 }, today);
    expect(hard.likelihood).toBe("unlikely");
    expect(hard.repayment?.level).toBe("hard");
  });

  it("is possible, not likely, on a borderline income or the last year of the age band", () => {
    expect(
      productEligibility(offer(1), { ...person, monthlyIncome: 43_000 }, today).likelihood,
    ).toBe("possible");
    expect(
      productEligibility(offer(1), { ...person, monthlyIncome: 44_000 }, today).likelihood,
    ).toBe("likely");
    expect(productEligibility(offer(1), { ...person, age: 60 }, today).likelihood).toBe("possible");
    // 10 % above 50,000 is 55,000 exactly, not borderline.
    const fifty = offer(2, { minMonthlyIncome: 50_000 });
    expect(productEligibility(fifty, { ...person, monthlyIncome: 55_000 }, today).likelihood).toBe(
      "likely",
    );
    expect(productEligibility(fifty, { ...person, monthlyIncome: 54_999 }, today).likelihood).toBe(
      "possible",
    );
  });

  it("never says likely or possible where the lead feed would not match, and the reverse for likely", () => {
    const employment = fc.constantFrom(...EMPLOYMENT_TYPES);
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.integer({ min: 1_000, max: 300_000 }),
          termDays: fc.integer({ min: 30, max: 400 }),
          monthlyIncome: fc.integer({ min: 0, max: 500_000 }),
          employment,
          age: fc.integer({ min: 16, max: 90 }),
        }),
        fc.record({
          minAge: fc.integer({ min: 18, max: 30 }),
          maxAge: fc.integer({ min: 50, max: 75 }),
          minMonthlyIncome: fc.integer({ min: 0, max: 150_000 }),
          employment: fc.uniqueArray(employment, { minLength: 1 }),
        }),
        (profile, criteria) => {
          const product = offer(7, criteria);
          const result = productEligibility(product, profile, today);
          const matches = offerMatchesLead(product, profile);
          if (result.likelihood !== "unlikely") expect(matches).toBe(true);
          if (!matches) expect(result.likelihood).toBe("unlikely");
          if (result.likelihood === "likely") {
            expect(result.repayment?.share).toBeLessThanOrEqual(0.3);
          }
          if (result.repayment && result.repayment.share > 0.5) {
            expect(result.likelihood).toBe("unlikely");
          }
        },
      ),
    );
  });
});

describe("lenderEligibility", () => {
  it("answers once per lender, by its best product, likely first", () => {
    const offers = [
      offer(1, { employment: ["pensioner"] }, { lenderId: "a-lender" }),
      offer(2, { minMonthlyIncome: 80_000 }, { lenderId: "b-lender" }),
      offer(3, {}, { lenderId: "c-lender" }),
      offer(4, { employment: ["pensioner"] }, { lenderId: "c-lender" }),
      offer(5, {}, { lenderId: "d-lender", product_type: "domainactive" }),
    ];
    const answers = lenderEligibility(offers, person, today);
    expect(answers.map((answer) => [answer.lenderId, answer.best.likelihood])).toEqual([
      ["c-lender", "likely"],
      ["b-lender", "possible"],
      ["a-lender", "unlikely"],
    ]);
    expect(answers[0]?.best.offer.offer_id).toBe(3);
    expect(LIKELIHOODS).toEqual(["likely", "possible", "unlikely"]);
  });
});

describe("parseEligibilityProfile", () => {
  it("takes the form's text and refuses what is missing or not a whole number", () => {
    const fields = {
      amount: "50,000",
      period: "360",
      income: "85000",
      employment: "salaried",
      age: "40",
    };
    expect(parseEligibilityProfile(fields)).toEqual(person);
    expect(parseEligibilityProfile({ ...fields, income: "" })).toBeUndefined();
    expect(parseEligibilityProfile({ ...fields, age: "4.5" })).toBeUndefined();
    expect(parseEligibilityProfile({ ...fields, employment: "astronaut" })).toBeUndefined();
    expect(parseEligibilityProfile({ ...fields, amount: "-5" })).toBeUndefined();
  });
});
