import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  APPROVAL_RULES,
  type ApprovalAnswer,
  type ApprovalContext,
  approvalProblem,
  isApprovalRule,
  type PublishedProduct,
} from "./approval-check";
import { quoteLoan } from "./loan";

const now = new Date("2026-11-28T06:00:00Z");

/** The hostile lender's product: Rs 5,000–200,000 over 61–360 days, 20% a year, monthly. */
const product: PublishedProduct = {
  offer_id: 7001,
  amount: { min: 5_000, max: 200_000 },
  termDays: { min: 61, max: 360 },
  terms: { annualInterestRate: 0.2, feeFixed: 500, feePercent: 0.01, repayment: "monthly" },
};
const singleProduct: PublishedProduct = {
  offer_id: 7002,
  amount: { min: 5_000, max: 100_000 },
  termDays: { min: 61, max: 120 },
  terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment: "single" },
};

const context: ApprovalContext = {
  products: [product, singleProduct],
  askedAmount: 100_000,
  sandbox: false,
  now,
};

const fair: ApprovalAnswer = {
  offerId: 7001,
  amount: 100_000,
  termDays: 180,
  terms: { ...product.terms },
  expiresAt: "2026-11-29T06:00:00Z",
  applyUrl: "https://lender.example/apply?click={click_id}",
};

const ruleOf = (answer: Partial<ApprovalAnswer>, over: Partial<ApprovalContext> = {}) =>
  approvalProblem({ ...fair, ...answer }, { ...context, ...over })?.rule;

describe("approvalProblem", () => {
  it("takes an approval inside its product at the product's price, and one for less", () => {
    expect(approvalProblem(fair, context)).toBeUndefined();
    expect(ruleOf({ amount: 60_000 })).toBeUndefined();
    expect(
      ruleOf({ offerId: 7002, amount: 50_000, termDays: 90, terms: { ...singleProduct.terms } }),
    ).toBeUndefined();
  });

  it("refuses what outside testing found: APR 0 % on a 20 % product, Rs 1 for a day, a 100 % fee", () => {
    expect(ruleOf({ terms: { ...product.terms, annualInterestRate: 0 } })).toBe("rate_not_product");
    expect(ruleOf({ amount: 1, termDays: 1 })).toBe("amount_outside_product");
    expect(ruleOf({ amount: 5_000, termDays: 1 })).toBe("term_outside_product");
    expect(ruleOf({ terms: { ...product.terms, feePercent: 1, feeFixed: 100_000 } })).toBe(
      "fees_not_product",
    );
  });

  it("names each rule in the order a lender would fix them", () => {
    expect(ruleOf({ offerId: 9999 })).toBe("unknown_product");
    expect(ruleOf({ amount: 100_001 })).toBe("amount_above_asked");
    expect(ruleOf({ amount: 150_000 }, { askedAmount: 300_000 })).toBeUndefined();
    expect(ruleOf({ amount: 250_000 }, { askedAmount: 300_000 })).toBe("amount_outside_product");
    expect(ruleOf({ termDays: 400 })).toBe("term_outside_product");
    expect(ruleOf({ terms: { ...product.terms, repayment: "single" } })).toBe(
      "repayment_not_product",
    );
    expect(ruleOf({ terms: { ...product.terms, annualInterestRate: 0.2000001 } })).toBe(
      "rate_not_product",
    );
    expect(ruleOf({ terms: { ...product.terms, feeFixed: 499 } })).toBe("fees_not_product");
    expect(ruleOf({ expiresAt: now.toISOString() })).toBe("expired");
    expect(ruleOf({ applyUrl: "http://lender.example/apply" })).toBe("apply_url_not_https");
    expect(ruleOf({ applyUrl: "http://127.0.0.1:4100/apply" }, { sandbox: true })).toBeUndefined();
  });

  it("takes the product's rate however its decimals are spelt", () => {
    const priced = { ...product, terms: { ...product.terms, annualInterestRate: 0.3 } };
    expect(
      ruleOf({ terms: { ...priced.terms, annualInterestRate: 0.1 + 0.2 } }, { products: [priced] }),
    ).toBeUndefined();
  });

  it("refuses terms that cannot be priced, and a total below the amount lent", () => {
    const odd = { ...product, terms: { ...product.terms, annualInterestRate: Number.NaN } };
    expect(
      ruleOf({ terms: { ...product.terms, annualInterestRate: Number.NaN } }, { products: [odd] }),
    ).toBe("rate_not_product");
    // A product whose own price is broken cannot make a shown approval either.
    const negative = { ...product, terms: { ...product.terms, annualInterestRate: -0.5 } };
    expect(ruleOf({ terms: { ...negative.terms } }, { products: [negative] })).toBe(
      "not_priceable",
    );
  });

  it("only ever answers one of the rules it documents", () => {
    for (const rule of APPROVAL_RULES) expect(isApprovalRule(rule)).toBe(true);
    expect(isApprovalRule("invalid_answer")).toBe(false);
  });

  it("passes an answer only when it is inside its product, at its price, and repays at least the amount", () => {
    // A fair answer for one of the products, each field of it kept or replaced at random.
    const keptOr = <T>(fair: T, other: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: fc.constant(fair), weight: 4 }, { arbitrary: other, weight: 1 });
    const answers = fc.constantFrom(product, singleProduct).chain((named) =>
      fc.record({
        offerId: keptOr(named.offer_id, fc.constantFrom(7001, 7002, 7003)),
        amount: keptOr(named.amount.min + 1_000, fc.integer({ min: 1, max: 400_000 })),
        termDays: keptOr(named.termDays.max, fc.integer({ min: 1, max: 3_650 })),
        terms: fc.record({
          annualInterestRate: keptOr(
            named.terms.annualInterestRate,
            fc.double({ min: 0, max: 10, noNaN: true }),
          ),
          feeFixed: keptOr(named.terms.feeFixed, fc.integer({ min: 0, max: 100_000 })),
          feePercent: keptOr(named.terms.feePercent, fc.double({ min: 0, max: 1, noNaN: true })),
          repayment: keptOr(
            named.terms.repayment,
            fc.constantFrom("single", "monthly") as fc.Arbitrary<"single" | "monthly">,
          ),
        }),
        expiresAt: keptOr("2026-11-29T00:00:00Z", fc.constant("2026-11-27T00:00:00Z")),
        applyUrl: keptOr("https://lender.example/a", fc.constant("http://lender.example/a")),
      }),
    );
    let passed = 0;
    fc.assert(
      fc.property(answers, fc.integer({ min: 5_000, max: 200_000 }), (answer, asked) => {
        const found = approvalProblem(answer, { ...context, askedAmount: asked });
        if (found) {
          expect(isApprovalRule(found.rule)).toBe(true);
          return;
        }
        const named = context.products.find((entry) => entry.offer_id === answer.offerId);
        expect(named).toBeDefined();
        if (!named) return;
        expect(answer.amount).toBeLessThanOrEqual(asked);
        expect(answer.amount).toBeGreaterThanOrEqual(named.amount.min);
        expect(answer.amount).toBeLessThanOrEqual(named.amount.max);
        expect(answer.termDays).toBeGreaterThanOrEqual(named.termDays.min);
        expect(answer.termDays).toBeLessThanOrEqual(named.termDays.max);
        expect(answer.terms.repayment).toBe(named.terms.repayment);
        expect(answer.terms.feeFixed).toBe(named.terms.feeFixed);
        const quote = quoteLoan({ ...answer, startDate: "2026-11-28" });
        expect(quote.total).toBeGreaterThanOrEqual(answer.amount);
        expect(answer.applyUrl.startsWith("https://")).toBe(true);
        passed += 1;
      }),
      { numRuns: 2_000 },
    );
    // The generator reaches the answers that pass, not only the refusals.
    expect(passed).toBeGreaterThan(0);
  });
});
