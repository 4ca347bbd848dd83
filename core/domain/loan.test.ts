import { describe, expect, it } from "vitest";
import { addMonths, type CalendarDate } from "../helpers/dates";
import {
  annualPercentageRate,
  type CashFlow,
  formatPercent,
  type LoanRequest,
  quoteLoan,
  validateLoanRequest,
} from "./loan";
import type { LoanTerms } from "./schemas/offer";

const START: CalendarDate = "2026-11-22";

function terms(overrides: Partial<LoanTerms> = {}): LoanTerms {
  return { annualInterestRate: 0, feeFixed: 0, feePercent: 0, repayment: "single", ...overrides };
}

function request(overrides: Partial<LoanRequest> = {}): LoanRequest {
  return { amount: 10_000, termDays: 30, terms: terms(), startDate: START, ...overrides };
}

/** Relative distance, for rates too large for an absolute tolerance. */
function relativeError(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

describe("quoteLoan, single repayment", () => {
  it("prices Rs. 20,000 repaid as Rs. 22,000 after 30 days at 218.9% APR", () => {
    const quote = quoteLoan(request({ amount: 20_000, terms: terms({ feeFixed: 2_000 }) }));
    expect(quote).toMatchObject({ interest: 0, fees: 2_000, total: 22_000 });
    expect(quote.repayments).toEqual([{ date: "2026-12-22", amount: 22_000 }]);
    expect(quote.returnDate).toBe("2026-12-22");
    expect(quote.apr).toBeCloseTo(1.1 ** (365 / 30) - 1, 6);
    expect(formatPercent(quote.apr)).toBe("218.9%");
  });

  it("gives the same APR when the Rs. 2,000 is interest rather than a fee", () => {
    // 20,000 × r × 30 / 365 = 2,000 when r = 365 / 300.
    const quote = quoteLoan(
      request({ amount: 20_000, terms: terms({ annualInterestRate: 365 / 300 }) }),
    );
    expect(quote).toMatchObject({ interest: 2_000, fees: 0, total: 22_000 });
    expect(formatPercent(quote.apr)).toBe("218.9%");
  });

  it("charges simple interest for the days: 50,000 at 36% for 90 days", () => {
    const quote = quoteLoan(
      request({ amount: 50_000, termDays: 90, terms: terms({ annualInterestRate: 0.36 }) }),
    );
    // 50,000 × 0.36 × 90 / 365 = 4,438.36
    expect(quote).toMatchObject({ interest: 4_438, fees: 0, total: 54_438 });
    expect(quote.returnDate).toBe("2027-02-20");
  });

  it("costs nothing at 0% without fees: total = amount and APR exactly 0", () => {
    const quote = quoteLoan(request({ amount: 25_000, termDays: 61 }));
    expect(quote).toMatchObject({ interest: 0, fees: 0, total: 25_000, apr: 0 });
    expect(formatPercent(quote.apr)).toBe("0.0%");
  });

  /**
   * SPEC §9's first reading: "5,000 repaid as 5045 over 3 months". Taken as
   * 91 days and one repayment, the Rs. 45 is 3.61% nominal a year and the
   * APR is (5,045 / 5,000)^(365 / 91) − 1 ≈ 3.66%, within the 0% to 36% the
   * same copy claims.
   */
  it("computes the SPEC's example: 5,000 repaid as 5,045 over 91 days, APR 3.7%", () => {
    const quote = quoteLoan(
      request({ amount: 5_000, termDays: 91, terms: terms({ annualInterestRate: 0.0361 }) }),
    );
    expect(quote).toMatchObject({ interest: 45, total: 5_045 });
    expect(quote.apr).toBeCloseTo(1.009 ** (365 / 91) - 1, 6);
    expect(formatPercent(quote.apr)).toBe("3.7%");
  });

  /**
   * SPEC §9's second reading, "10,000 repaid as 15,000 over 3 months", is
   * far above the 36% maximum the same disclaimer claims (DESIGN.md: we
   * show what the figures imply).
   */
  it("shows the SPEC's other example (10,000 → 15,000 in 91 days) is 408.5%, not 36%", () => {
    const quote = quoteLoan(
      request({ amount: 10_000, termDays: 91, terms: terms({ feeFixed: 5_000 }) }),
    );
    expect(quote.total).toBe(15_000);
    expect(formatPercent(quote.apr)).toBe("408.5%");
  });

  it("adds fixed and percentage fees on top, rounded to whole rupees", () => {
    // 1.5% of 5,500 is 82.5 (82.49999… in floating point): a half, rounded up.
    const quote = quoteLoan(
      request({ amount: 5_500, terms: terms({ feeFixed: 100, feePercent: 0.015 }) }),
    );
    expect(quote).toMatchObject({ fees: 183, interest: 0, total: 5_683 });
  });

  it("rounds the total and reports interest as what is left after amount and fees", () => {
    // 10,000 × 0.1 × 45 / 365 = 123.29; the 0.5% fee is 50.
    const quote = quoteLoan(
      request({ termDays: 45, terms: terms({ annualInterestRate: 0.1, feePercent: 0.005 }) }),
    );
    expect(quote).toMatchObject({ interest: 123, fees: 50, total: 10_173 });
    expect(quote.interest + quote.fees + 10_000).toBe(quote.total);
  });
});

describe("quoteLoan, monthly instalments", () => {
  const yearAt24 = request({
    amount: 100_000,
    termDays: 360,
    startDate: "2027-01-15",
    terms: terms({ annualInterestRate: 0.24, repayment: "monthly" }),
  });

  it("pays the standard annuity: 100,000 over 12 months at 24% is 12 × Rs. 9,456", () => {
    const quote = quoteLoan(yearAt24);
    const annuity = (100_000 * 0.02) / (1 - 1.02 ** -12); // 9,455.96
    expect(quote.repayments).toHaveLength(12);
    for (const repayment of quote.repayments) {
      expect(repayment.amount).toBe(Math.round(annuity));
    }
    expect(quote.total).toBe(Math.round(12 * annuity));
    expect(quote).toMatchObject({ total: 113_472, interest: 13_472, fees: 0 });
  });

  it("falls due on the same day of each following calendar month", () => {
    const quote = quoteLoan(yearAt24);
    expect(quote.repayments[0]?.date).toBe("2027-02-15");
    expect(quote.repayments[1]?.date).toBe("2027-03-15");
    expect(quote.returnDate).toBe("2028-01-15");
    expect(quote.repayments.at(-1)?.date).toBe(quote.returnDate);
  });

  it("has an APR near 26.8%, the effective rate of 2% a month", () => {
    // Calendar months are not twelfths of a year, so it moves a little with the start date.
    for (const startDate of ["2027-01-15", "2027-01-31", "2026-11-22"] as const) {
      const { apr } = quoteLoan({ ...yearAt24, startDate });
      expect(apr).toBeGreaterThan(0.268);
      expect(apr).toBeLessThan(0.272);
    }
  });

  it("clamps instalment dates to short months without drifting", () => {
    const quote = quoteLoan({ ...yearAt24, termDays: 90, startDate: "2027-01-31" });
    expect(quote.repayments.map((repayment) => repayment.date)).toEqual([
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
    ]);
  });

  it("reaches a leap day and clamps to it", () => {
    const quote = quoteLoan(
      request({ startDate: "2028-01-31", termDays: 60, terms: terms({ repayment: "monthly" }) }),
    );
    expect(quote.repayments.map((repayment) => repayment.date)).toEqual([
      "2028-02-29",
      "2028-03-31",
    ]);
    expect(quote.returnDate).toBe(addMonths("2028-01-31", 2));
  });

  it("splits 10,000 at 0% in 3 as 3,333 + 3,333 + 3,334, the last taking the residue", () => {
    const quote = quoteLoan(request({ termDays: 90, terms: terms({ repayment: "monthly" }) }));
    expect(quote.repayments.map((repayment) => repayment.amount)).toEqual([3_333, 3_333, 3_334]);
    expect(quote).toMatchObject({ total: 10_000, interest: 0, apr: 0 });
  });

  it("spreads fees equally over the instalments", () => {
    const quote = quoteLoan(
      request({ termDays: 90, terms: terms({ feeFixed: 100, repayment: "monthly" }) }),
    );
    // 10,100 / 3 = 3,366.67 each.
    expect(quote.repayments.map((repayment) => repayment.amount)).toEqual([3_367, 3_367, 3_366]);
    expect(quote).toMatchObject({ total: 10_100, fees: 100, interest: 0 });
  });

  it("has one instalment per 30 days of term, rounded, and at least one", () => {
    const count = (termDays: number) => quoteLoan({ ...yearAt24, termDays }).repayments.length;
    expect(count(1)).toBe(1);
    expect(count(44)).toBe(1);
    expect(count(45)).toBe(2);
    expect(count(91)).toBe(3);
    expect(count(120)).toBe(4);
  });

  it("always adds up: whole instalments summing to the total, only the last differing", () => {
    for (const amount of [5_000, 12_345, 50_000, 199_999]) {
      for (const termDays of [30, 61, 90, 120, 365, 720]) {
        for (const annualInterestRate of [0, 0.12, 0.36, 1.7]) {
          const quote = quoteLoan({
            amount,
            termDays,
            startDate: "2028-01-30",
            terms: terms({
              annualInterestRate,
              feeFixed: 99,
              feePercent: 0.013,
              repayment: "monthly",
            }),
          });
          const amounts = quote.repayments.map((repayment) => repayment.amount);
          expect(amounts.every(Number.isInteger)).toBe(true);
          expect(sum(amounts)).toBe(quote.total);
          expect(amount + quote.interest + quote.fees).toBe(quote.total);
          const regular = amounts[0] ?? 0;
          expect(amounts.slice(0, -1).every((value) => value === regular)).toBe(true);
          expect(Math.abs((amounts.at(-1) ?? 0) - regular)).toBeLessThanOrEqual(amounts.length / 2);
        }
      }
    }
  });
});

describe("quoteLoan, fees and APR", () => {
  it("raises the APR when a fee is added", () => {
    for (const repayment of ["single", "monthly"] as const) {
      const base = { amount: 50_000, termDays: 90, startDate: START };
      const plain = quoteLoan({ ...base, terms: terms({ annualInterestRate: 0.3, repayment }) });
      const withFixedFee = quoteLoan({
        ...base,
        terms: terms({ annualInterestRate: 0.3, feeFixed: 500, repayment }),
      });
      const withPercentFee = quoteLoan({
        ...base,
        terms: terms({ annualInterestRate: 0.3, feePercent: 0.02, repayment }),
      });
      expect(withFixedFee.apr).toBeGreaterThan(plain.apr);
      expect(withPercentFee.apr).toBeGreaterThan(withFixedFee.apr);
    }
  });

  it("copes with the steepest terms an offer may have (1,000% for 7 days)", () => {
    const quote = quoteLoan(
      request({ termDays: 7, terms: terms({ annualInterestRate: 10, feePercent: 1 }) }),
    );
    // 10,000 + 1,917.81 interest + 10,000 fee, repaid after 7 days.
    expect(quote.total).toBe(21_918);
    expect(relativeError(quote.apr, 2.1918 ** (365 / 7) - 1)).toBeLessThan(1e-9);
  });
});

describe("validateLoanRequest", () => {
  it("accepts a whole amount and a whole term", () => {
    expect(() => validateLoanRequest(request())).not.toThrow();
  });

  it("refuses an amount that is not a whole number of rupees above 0", () => {
    for (const amount of [0, -5_000, 5_000.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => validateLoanRequest(request({ amount })), String(amount)).toThrow(RangeError);
      expect(() => quoteLoan(request({ amount })), String(amount)).toThrow(RangeError);
    }
  });

  it("refuses a term that is not a whole number of days above 0", () => {
    for (const termDays of [0, -30, 30.5, Number.NaN]) {
      expect(() => validateLoanRequest(request({ termDays })), String(termDays)).toThrow(
        RangeError,
      );
    }
  });

  it("refuses negative or non-finite terms and a start that is not a date", () => {
    expect(() =>
      validateLoanRequest(request({ terms: terms({ annualInterestRate: -0.1 }) })),
    ).toThrow(RangeError);
    expect(() => validateLoanRequest(request({ terms: terms({ feeFixed: Number.NaN }) }))).toThrow(
      RangeError,
    );
    expect(() => validateLoanRequest(request({ startDate: "2027-02-30" }))).toThrow(RangeError);
  });
});

describe("annualPercentageRate", () => {
  it("matches the closed form for one repayment", () => {
    expect(annualPercentageRate(20_000, [{ days: 30, amount: 22_000 }])).toBeCloseTo(
      1.1 ** (365 / 30) - 1,
      8,
    );
    expect(annualPercentageRate(5_000, [{ days: 91, amount: 5_045 }])).toBeCloseTo(
      1.009 ** (365 / 91) - 1,
      8,
    );
  });

  it("is exactly 0 when the repayments add up to the amount", () => {
    expect(annualPercentageRate(10_000, [{ days: 30, amount: 10_000 }])).toBe(0);
    const thirds = [3_333, 3_333, 3_334].map((amount, index) => ({
      days: 30 * (index + 1),
      amount,
    }));
    expect(annualPercentageRate(10_000, thirds)).toBe(0);
  });

  it("reaches tens of thousands of percent: 50,000% over 30 days", () => {
    const repaid = 10_000 * 501 ** (30 / 365); // 16,668.81
    const apr = annualPercentageRate(10_000, [{ days: 30, amount: repaid }]);
    expect(apr).toBeCloseTo(500, 6);
    expect(formatPercent(apr)).toBe("50,000.0%");
  });

  it("handles a tiny window at a huge rate: 10,000 repaid as 20,000 after 7 days", () => {
    // 2^(365/7) − 1 ≈ 4.97e15, i.e. about 5 × 10^17 percent.
    const apr = annualPercentageRate(10_000, [{ days: 7, amount: 20_000 }]);
    expect(relativeError(apr, 2 ** (365 / 7) - 1)).toBeLessThan(1e-9);
  });

  it("is the effective rate of a nominal monthly rate when payments are twelfths of a year", () => {
    const annuity = (100_000 * 0.02) / (1 - 1.02 ** -12);
    const flows = Array.from({ length: 12 }, (_, index) => ({
      days: (365 * (index + 1)) / 12,
      amount: annuity,
    }));
    expect(annualPercentageRate(100_000, flows)).toBeCloseTo(1.02 ** 12 - 1, 9);
  });

  it("solves irregular cash flows: their present value at the APR is the amount", () => {
    const flows: CashFlow[] = [
      { days: 17, amount: 1_200 },
      { days: 45, amount: 0 },
      { days: 80, amount: 4_000 },
      { days: 200, amount: 7_500 },
    ];
    const apr = annualPercentageRate(10_000, flows);
    const presentValue = sum(flows.map(({ days, amount }) => amount * (1 + apr) ** (-days / 365)));
    expect(presentValue).toBeCloseTo(10_000, 6);
  });

  it("is exact to well within 0.01 percentage point", () => {
    for (const [amount, days, repaid] of [
      [5_000, 61, 5_300],
      [200_000, 120, 224_000],
      [7_000, 1, 7_001],
      [10_000, 365, 13_600],
    ] as const) {
      const apr = annualPercentageRate(amount, [{ days, amount: repaid }]);
      expect(Math.abs(apr - ((repaid / amount) ** (365 / days) - 1))).toBeLessThan(1e-8);
    }
  });

  it("rises with what is repaid and falls with how long the borrower keeps the money", () => {
    const rate = (days: number, repaid: number) =>
      annualPercentageRate(10_000, [{ days, amount: repaid }]);
    expect(rate(30, 10_500)).toBeGreaterThan(rate(30, 10_400));
    expect(rate(30, 10_500)).toBeGreaterThan(rate(60, 10_500));
  });

  it("is negative when less is repaid than borrowed", () => {
    expect(annualPercentageRate(10_000, [{ days: 365, amount: 9_000 }])).toBeCloseTo(-0.1, 9);
  });

  it("refuses cash flows it cannot solve", () => {
    const refuse = (amount: number, flows: CashFlow[]) =>
      expect(() => annualPercentageRate(amount, flows)).toThrow(RangeError);
    refuse(0, [{ days: 30, amount: 100 }]);
    refuse(10_000, []);
    refuse(10_000, [{ days: 0, amount: 11_000 }]);
    refuse(10_000, [{ days: 30, amount: -1 }]);
    refuse(10_000, [{ days: 30, amount: 0 }]);
    refuse(10_000, [{ days: Number.NaN, amount: 11_000 }]);
  });
});

describe("formatPercent", () => {
  it("shows one decimal", () => {
    expect(formatPercent(2.188680476904665)).toBe("218.9%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(0.36)).toBe("36.0%");
    expect(formatPercent(0.0365909)).toBe("3.7%");
    expect(formatPercent(1.02 ** 12 - 1)).toBe("26.8%");
  });

  it("groups thousands with commas like rupee amounts", () => {
    expect(formatPercent(500)).toBe("50,000.0%");
    expect(formatPercent(12.345)).toBe("1,234.5%");
  });

  it("shows a minus sign, but never on zero", () => {
    expect(formatPercent(-0.1)).toBe("-10.0%");
    expect(formatPercent(-0.0000001)).toBe("0.0%");
  });

  it("refuses what is not a rate", () => {
    expect(() => formatPercent(Number.NaN)).toThrow(RangeError);
    expect(() => formatPercent(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
