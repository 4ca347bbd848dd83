import { describe, expect, it } from "vitest";
import {
  ACCEPTED_TERM_DAYS,
  clampLoanAmount,
  clampLoanTerm,
  isInstalmentTerm,
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  LOAN_TERM_LK,
  parseLoanAmount,
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
  it("is short: 61, 75, 90 and 120 days at once, then 6, 9 and 12 months", () => {
    expect(LOAN_TERM_GRID).toEqual([61, 75, 90, 120, 180, 270, 360]);
    expect(LOAN_TERM_GRID.filter(isInstalmentTerm).map(termMonths)).toEqual([6, 9, 12]);
    expect(LOAN_TERM_GRID).toContain(LOAN_TERM_LK.default);
  });

  it("starts a new visitor on the instalment term with the lowest monthly repayment (0355)", () => {
    expect(isInstalmentTerm(LOAN_TERM_LK.default)).toBe(true);
    // The representative price's annuity falls as the term grows: the grid's longest.
    expect(LOAN_TERM_LK.default).toBe(360);
  });

  it("accepts every term of the older grid from links and partners, and the grid's own", () => {
    expect(ACCEPTED_TERM_DAYS).toHaveLength(68);
    expect(ACCEPTED_TERM_DAYS.slice(0, 2)).toEqual([61, 62]);
    expect(ACCEPTED_TERM_DAYS.filter((days) => days > 120)).toEqual([
      150, 180, 210, 240, 270, 300, 330, 360,
    ]);
    for (const days of LOAN_TERM_GRID) expect(ACCEPTED_TERM_DAYS).toContain(days);
  });

  it("snaps any number of days to the nearest selectable term", () => {
    expect(clampLoanTerm(30)).toBe(61);
    expect(clampLoanTerm(67)).toBe(61);
    expect(clampLoanTerm(69)).toBe(75);
    expect(clampLoanTerm(91)).toBe(90);
    expect(clampLoanTerm(100)).toBe(90);
    expect(clampLoanTerm(110)).toBe(120);
    expect(clampLoanTerm(150)).toBe(120);
    expect(clampLoanTerm(151)).toBe(180);
    expect(clampLoanTerm(400)).toBe(360);
    expect(clampLoanTerm(Number.NaN)).toBe(LOAN_TERM_LK.default);
  });

  it("places a term on the slider", () => {
    expect(termGridIndex(61)).toBe(0);
    expect(termGridIndex(120)).toBe(3);
    expect(termGridIndex(360)).toBe(LOAN_TERM_GRID.length - 1);
  });

  it("repays beyond 120 days in monthly instalments", () => {
    expect(isInstalmentTerm(120)).toBe(false);
    expect(isInstalmentTerm(180)).toBe(true);
  });
});

describe("parseLoanAmount", () => {
  it("takes whole rupees within bounds, to the rupee, with commas, spaces or Rs.", () => {
    expect(parseLoanAmount("50000")).toBe(50_000);
    expect(parseLoanAmount("50,500")).toBe(50_500);
    expect(parseLoanAmount(" 75 000 ")).toBe(75_000);
    expect(parseLoanAmount("Rs. 5000")).toBe(LOAN_AMOUNT_LK.min);
    expect(parseLoanAmount("200000")).toBe(LOAN_AMOUNT_LK.max);
  });

  it("names the problem of anything else rather than replacing it", () => {
    expect(parseLoanAmount("3000")).toBe("tooSmall");
    expect(parseLoanAmount("0")).toBe("tooSmall");
    expect(parseLoanAmount("200001")).toBe("tooLarge");
    expect(parseLoanAmount("99999999999999999999")).toBe("tooLarge");
    expect(parseLoanAmount("abc")).toBe("notNumber");
    expect(parseLoanAmount("")).toBe("notNumber");
    expect(parseLoanAmount("50000.5")).toBe("notNumber");
    expect(parseLoanAmount("-5000")).toBe("notNumber");
    expect(parseLoanAmount("5e4")).toBe("notNumber");
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
