import { describe, expect, it } from "vitest";
import {
  clampLoanAmount,
  clampLoanTerm,
  isInstalmentTerm,
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  LOAN_TERM_LK,
  representativeTerms,
  termGridIndex,
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

describe("the term grid", () => {
  it("has every day from 61 to 120, then whole months from 5 to 12", () => {
    expect(LOAN_TERM_GRID.slice(0, 2)).toEqual([61, 62]);
    expect(LOAN_TERM_GRID.filter((days) => days <= 120)).toHaveLength(60);
    expect(LOAN_TERM_GRID.filter((days) => days > 120)).toEqual([
      150, 180, 210, 240, 270, 300, 330, 360,
    ]);
  });

  it("snaps any number of days to the nearest selectable term", () => {
    expect(clampLoanTerm(30)).toBe(61);
    expect(clampLoanTerm(90.4)).toBe(90);
    expect(clampLoanTerm(121)).toBe(120);
    expect(clampLoanTerm(140)).toBe(150);
    expect(clampLoanTerm(165)).toBe(150);
    expect(clampLoanTerm(400)).toBe(360);
    expect(clampLoanTerm(Number.NaN)).toBe(LOAN_TERM_LK.default);
  });

  it("places a term on the slider", () => {
    expect(termGridIndex(61)).toBe(0);
    expect(termGridIndex(120)).toBe(59);
    expect(termGridIndex(360)).toBe(LOAN_TERM_GRID.length - 1);
  });

  it("repays beyond 120 days in monthly instalments", () => {
    expect(isInstalmentTerm(120)).toBe(false);
    expect(isInstalmentTerm(150)).toBe(true);
  });
});

describe("termMonths", () => {
  it("rounds a term to whole months", () => {
    expect(termMonths(61)).toBe(2);
    expect(termMonths(91)).toBe(3);
    expect(termMonths(360)).toBe(12);
  });
});

describe("representativeTerms", () => {
  it("repays short terms at once and longer ones monthly", () => {
    expect(representativeTerms(120).repayment).toBe("single");
    expect(representativeTerms(121).repayment).toBe("monthly");
  });
});
