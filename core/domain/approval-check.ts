import { colomboToday } from "../helpers/dates";
import { quoteLoan } from "./loan";
import type { LoanTerms, Offer } from "./schemas/offer";

/**
 * Whether a lender's approval may be shown (DESIGN.md, "Lenders decide, we
 * compute, we check"; decision 0354). A lender answers with terms; before we
 * store them as an approval, they are checked against the product the
 * approval names, as the lender published it in its record: the answer
 * must stay inside that product, and its price must be the product's price.
 * One function for a direct answer and a callback, so both are held alike.
 */

/** Each rule an approval can break, as stored with a refused answer and shown to the operator. */
export const APPROVAL_RULES = [
  /** The offer id is not one of the lender's products. */
  "unknown_product",
  /** More than the applicant asked for. */
  "amount_above_asked",
  /** Outside the product's amount range. */
  "amount_outside_product",
  /** Outside the product's term range. */
  "term_outside_product",
  /** Repaid otherwise than the product is (single or monthly). */
  "repayment_not_product",
  /** An interest rate other than the product's. */
  "rate_not_product",
  /** Fees other than the product's. */
  "fees_not_product",
  /** Terms core/domain/loan.ts cannot price. */
  "not_priceable",
  /** Less to repay than the amount lent. */
  "repays_less_than_lent",
  /** Already lapsed when it arrived. */
  "expired",
  /** An apply page that is not https (a sandbox lender's may be http). */
  "apply_url_not_https",
] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

export function isApprovalRule(value: unknown): value is ApprovalRule {
  return (APPROVAL_RULES as readonly unknown[]).includes(value);
}

/** What a lender approved, as its answer or callback gives it. */
export interface ApprovalAnswer {
  offerId: number;
  amount: number;
  termDays: number;
  terms: LoanTerms;
  expiresAt: string;
  applyUrl: string;
}

/** A product of the lender, as its record publishes it. */
export type PublishedProduct = Pick<Offer, "offer_id" | "amount" | "termDays" | "terms">;

export interface ApprovalContext {
  /** Every product of the lender; the approval names one of them. */
  products: readonly PublishedProduct[];
  /** The amount the applicant asked for: a lender may lend less, never more. */
  askedAmount: number;
  /** A sandbox lender's apply page may be http (on loopback); a real lender's is https. */
  sandbox: boolean;
  now: Date;
}

export interface ApprovalProblem {
  rule: ApprovalRule;
  /** For the lender and the operator, in English: which field and why. */
  field: string;
  message: string;
}

/**
 * Rates are fractions read from JSON: two decimal spellings of one rate
 * (0.1 + 0.2 against 0.3) differ by less than this.
 */
const RATE_TOLERANCE = 1e-9;

const sameFraction = (left: number, right: number) => Math.abs(left - right) <= RATE_TOLERANCE;

function problem(rule: ApprovalRule, field: string, message: string): ApprovalProblem {
  return { rule, field, message };
}

/**
 * The first rule an approval breaks, or undefined when it may be shown. The
 * checks run in the order a lender's engineer would fix them: which
 * product, the loan, its price, then the figures we compute from it.
 */
export function approvalProblem(
  answer: ApprovalAnswer,
  context: ApprovalContext,
): ApprovalProblem | undefined {
  const product = context.products.find((entry) => entry.offer_id === answer.offerId);
  if (!product) return problem("unknown_product", "offerId", "not one of your products");
  if (answer.amount > context.askedAmount) {
    return problem("amount_above_asked", "amount", "more than the applicant asked for");
  }
  if (answer.amount < product.amount.min || answer.amount > product.amount.max) {
    return problem(
      "amount_outside_product",
      "amount",
      `outside the product's ${product.amount.min}–${product.amount.max}`,
    );
  }
  if (answer.termDays < product.termDays.min || answer.termDays > product.termDays.max) {
    return problem(
      "term_outside_product",
      "termDays",
      `outside the product's ${product.termDays.min}–${product.termDays.max} days`,
    );
  }
  const published = product.terms;
  if (answer.terms.repayment !== published.repayment) {
    return problem(
      "repayment_not_product",
      "terms.repayment",
      `the product is repaid ${published.repayment === "single" ? "at once" : "monthly"}`,
    );
  }
  if (!sameFraction(answer.terms.annualInterestRate, published.annualInterestRate)) {
    return problem(
      "rate_not_product",
      "terms.annualInterestRate",
      `the product's rate is ${published.annualInterestRate}`,
    );
  }
  if (
    answer.terms.feeFixed !== published.feeFixed ||
    !sameFraction(answer.terms.feePercent, published.feePercent)
  ) {
    return problem(
      "fees_not_product",
      "terms",
      `the product's fees are ${published.feeFixed} fixed and ${published.feePercent} of the amount`,
    );
  }
  let total: number;
  try {
    total = quoteLoan({
      amount: answer.amount,
      termDays: answer.termDays,
      terms: answer.terms,
      startDate: colomboToday(context.now),
    }).total;
  } catch {
    return problem("not_priceable", "terms", "cannot be priced");
  }
  if (total < answer.amount) {
    return problem("repays_less_than_lent", "terms", "repays less than the amount lent");
  }
  if (!(Date.parse(answer.expiresAt) > context.now.getTime())) {
    return problem("expired", "expiresAt", "already past");
  }
  if (!context.sandbox && !isHttps(answer.applyUrl)) {
    return problem("apply_url_not_https", "applyUrl", "must be https");
  }
  return undefined;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
