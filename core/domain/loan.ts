import { addDays, addMonths, type CalendarDate, daysBetween, parseIsoDate } from "../helpers/dates";
import type { LoanTerms } from "./schemas/offer";

/**
 * Every figure we show for an offer (DESIGN.md, "Honest figures"): interest,
 * fees, total, the dated repayments and the APR, all computed from the
 * offer's terms for the amount and term the visitor chose.
 */

/** What the visitor asked for, priced by one offer's terms. */
export interface LoanRequest {
  /** Whole rupees, all received by the borrower on startDate (fees are on top). */
  amount: number;
  /** Whole days; monthly loans turn it into a number of calendar months. */
  termDays: number;
  terms: LoanTerms;
  startDate: CalendarDate;
}

/** One payment the borrower makes, in whole rupees. */
export interface ScheduledRepayment {
  date: CalendarDate;
  amount: number;
}

export interface LoanQuote {
  /** Rupees; total − amount − fees, so the three always add up on screen. */
  interest: number;
  /** Rupees: the fixed fee plus the percentage fee, rounded to whole rupees. */
  fees: number;
  /** Rupees: the sum of the repayments. */
  total: number;
  repayments: ScheduledRepayment[];
  /** The date of the last repayment. */
  returnDate: CalendarDate;
  /** Annual percentage rate as a fraction (2.189 is 218.9%). */
  apr: number;
}

/** A repayment as the APR sees it: days after the money was received, and rupees. */
export interface CashFlow {
  days: number;
  amount: number;
}

/** The EU Consumer Credit Directive (Annex I) counts a year as 365 days, leap or not. */
const DAYS_PER_YEAR = 365;
/** A monthly loan has one instalment per 30 days of term, at least one. */
const DAYS_PER_INSTALMENT = 30;
/** Relative width at which the APR search stops; far below 0.01 percentage point. */
const APR_TOLERANCE = 1e-12;

/** Throws RangeError unless the request can be priced; quoteLoan calls it first. */
export function validateLoanRequest(request: LoanRequest): void {
  const { amount, termDays, terms, startDate } = request;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`Amount not whole rupees above 0: ${amount}`);
  }
  if (!Number.isSafeInteger(termDays) || termDays <= 0) {
    throw new RangeError(`Term not whole days above 0: ${termDays}`);
  }
  for (const [name, value] of [
    ["annualInterestRate", terms.annualInterestRate],
    ["feeFixed", terms.feeFixed],
    ["feePercent", terms.feePercent],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`${name} not finite, 0 or more: ${value}`);
    }
  }
  if (terms.repayment !== "single" && terms.repayment !== "monthly") {
    throw new RangeError(`Unknown repayment: ${String(terms.repayment)}`);
  }
  parseIsoDate(startDate);
}

/**
 * Prices a loan. Single repayment: simple interest for termDays, all repaid
 * on startDate + termDays. Monthly: a reducing-balance annuity at
 * annualInterestRate / 12 per month over round(termDays / 30) calendar
 * months, fees spread equally. Repayments are whole rupees adding up to the
 * rounded exact total; the last one absorbs the rounding residue.
 */
export function quoteLoan(request: LoanRequest): LoanQuote {
  validateLoanRequest(request);
  const { amount, termDays, terms, startDate } = request;
  const fees = wholeRupees(terms.feeFixed + terms.feePercent * amount);

  let exactInterest: number;
  let exactInstalment: number;
  let dates: CalendarDate[];
  if (terms.repayment === "single") {
    exactInterest = (amount * terms.annualInterestRate * termDays) / DAYS_PER_YEAR;
    exactInstalment = amount + exactInterest + fees;
    dates = [addDays(startDate, termDays)];
  } else {
    const count = Math.max(1, Math.round(termDays / DAYS_PER_INSTALMENT));
    const monthlyRate = terms.annualInterestRate / 12;
    const annuity =
      monthlyRate === 0
        ? amount / count
        : (amount * monthlyRate) / (1 - (1 + monthlyRate) ** -count);
    exactInterest = monthlyRate === 0 ? 0 : annuity * count - amount;
    exactInstalment = annuity + fees / count;
    // Each date counted from the start, so a clamped 28 Feb is followed by 31 Mar.
    dates = Array.from({ length: count }, (_, index) => addMonths(startDate, index + 1));
  }

  const total = wholeRupees(amount + exactInterest + fees);
  const regular = wholeRupees(exactInstalment);
  const repayments = dates.map((date, index) => ({
    date,
    amount: index < dates.length - 1 ? regular : total - regular * (dates.length - 1),
  }));
  const returnDate = dates[dates.length - 1] ?? startDate;
  // validateLoanRequest makes these flows valid: every one after the start, 0 or more, adding up to more than 0.
  const apr = aprOfValidFlows(
    amount,
    repayments.map((repayment) => ({
      days: daysBetween(startDate, repayment.date),
      amount: repayment.amount,
    })),
  );
  return { interest: total - amount - fees, fees, total, repayments, returnDate, apr };
}

/**
 * The APR of the actual cash flows, by the EU Consumer Credit Directive
 * (Annex I): the X for which amount = Σ repayment · (1 + X)^(−days / 365).
 * The present value falls steadily as X grows, so bisection always finds
 * the single root: 0 exactly when the repayments add up to the amount,
 * negative when they fall short, and the upper bound doubles until it
 * passes the root, so rates of tens of thousands of percent come out too.
 * Infinity only if the rate is beyond what a double can hold.
 */
export function annualPercentageRate(amount: number, repayments: readonly CashFlow[]): number {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new RangeError(`Amount not above 0: ${amount}`);
  }
  if (repayments.length === 0) throw new RangeError("No repayment");
  let repaid = 0;
  for (const { days, amount: paid } of repayments) {
    if (!Number.isFinite(days) || days <= 0) {
      throw new RangeError(`Repayment not after the start: day ${days}`);
    }
    if (!Number.isFinite(paid) || paid < 0) {
      throw new RangeError(`Repayment not finite, 0 or more: ${paid}`);
    }
    repaid += paid;
  }
  if (repaid <= 0) throw new RangeError("Repayments add up to 0");
  return aprOfValidFlows(amount, repayments);
}

/** annualPercentageRate without the checks, for flows known to pass them (quoteLoan's own). */
function aprOfValidFlows(amount: number, repayments: readonly CashFlow[]): number {
  let repaid = 0;
  for (const { amount: paid } of repayments) repaid += paid;
  if (repaid === amount) return 0;

  /** Present value of the repayments minus the amount; falls as the rate rises. */
  const surplus = (rate: number): number => {
    let presentValue = 0;
    for (const { days, amount: paid } of repayments) {
      // A zero payment times an infinite discount factor would be NaN.
      if (paid > 0) presentValue += paid * (1 + rate) ** (-days / DAYS_PER_YEAR);
    }
    return presentValue - amount;
  };

  // The surplus tends to +∞ as the rate nears −100% and to −amount as it grows.
  let low = -1;
  let high = 0;
  if (repaid > amount) {
    low = 0;
    high = 1;
    while (surplus(high) > 0) {
      low = high;
      high *= 2;
      if (!Number.isFinite(high)) return Number.POSITIVE_INFINITY;
    }
  }
  for (;;) {
    const middle = low + (high - low) / 2;
    const settled = high - low <= APR_TOLERANCE * Math.max(1, Math.abs(middle));
    if (settled || middle <= low || middle >= high) return middle;
    if (surplus(middle) > 0) low = middle;
    else high = middle;
  }
}

/**
 * A rate with one decimal and a comma between thousands, like our rupee
 * amounts: 2.18876 → "218.9%", 0 → "0.0%", 500 → "50,000.0%". No Intl, so
 * the server and the browser print the same text.
 */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) throw new RangeError(`Not a finite rate: ${fraction}`);
  const text = Math.abs(fraction * 100).toFixed(1);
  const [whole = "", decimals = ""] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = fraction < 0 && text !== "0.0" ? "-" : "";
  return `${sign}${grouped}.${decimals}%`;
}

/** Rounds to whole rupees, ignoring float noise so that 82.49999999 counts as the half it is. */
function wholeRupees(value: number): number {
  return Math.round(Math.round(value * 1e6) / 1e6);
}
