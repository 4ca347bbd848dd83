import { describe, expect, it } from "vitest";
import {
  clampLoanAmount,
  clampLoanTerm,
  LOAN_AMOUNT_LK,
  LOAN_TERM_DAYS_LK,
  representativeTerms,
  termMonths,
} from "./product";

describe("clampLoanAmount", () => {
  it("keeps amounts inside the bounds", () => {
    expect(clampLoanAmount(1)).toBe(LOAN_AMOUNT_LK.min);
    expect(clampLoanAmount(10_000_000)).toBe(LOAN_AMOUNT_LK.max);
  });

  it("snaps to the step", () => {
    expect(clampLoanAmount(50_400)).toBe(50_000);
    expect(clampLoanAmount(50_600)).toBe(51_000);
  });

  it("falls back to the default for a non-number", () => {
    expect(clampLoanAmount(Number.NaN)).toBe(LOAN_AMOUNT_LK.default);
  });
});

describe("clampLoanTerm", () => {
  it("keeps terms from 61 days to a year, in whole days", () => {
    expect(clampLoanTerm(30)).toBe(61);
    expect(clampLoanTerm(400)).toBe(365);
    expect(clampLoanTerm(90.4)).toBe(90);
    expect(clampLoanTerm(Number.NaN)).toBe(LOAN_TERM_DAYS_LK.default);
  });
});

describe("termMonths", () => {
  it("rounds a term to whole months", () => {
    expect(termMonths(61)).toBe(2);
    expect(termMonths(91)).toBe(3);
    expect(termMonths(365)).toBe(12);
  });
});

describe("representativeTerms", () => {
  it("repays short terms at once and longer ones monthly", () => {
    expect(representativeTerms(120).repayment).toBe("single");
    expect(representativeTerms(121).repayment).toBe("monthly");
  });
});
