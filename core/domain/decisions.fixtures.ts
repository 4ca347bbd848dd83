/**
 * Lenders' decisions and a licensed lender for tests (core, server and
 * browser tests share them), until the decision network fills real ones.
 * Not imported by any shipped module.
 */
import type { ApplicationDecisions, LenderDecision } from "./decisions";
import type { LoanTerms, Offer } from "./schemas/offer";

/** A licensed lender's product (not a sample), named in both languages. */
export const licensedOffer: Offer = {
  offer_id: 901,
  header: "Lanka Trust Personal Loan",
  tags: ["bank-transfer"],
  lender_link: "https://lanka-trust.example/apply?click_id={click_id}",
  lender: {
    id: "lanka-trust",
    name: "Lanka Trust Finance",
    names: { en: "Lanka Trust Finance", si: "ලංකා ට්‍රස්ට් ෆිනෑන්ස්" },
    logo: "/lenders/kandy-lane.svg",
    sample: false,
    licence: { regulator: "CBSL", category: "licensed_finance_company", number: "LFC-042" },
  },
  amount: { min: 10_000, max: 150_000 },
  termDays: { min: 61, max: 120 },
  terms: { annualInterestRate: 0.28, feeFixed: 750, feePercent: 0.01, repayment: "single" },
  criteria: { minAge: 21, maxAge: 65, minMonthlyIncome: 1_000_000, employment: ["salaried"] },
};

const approvedTerms: LoanTerms = {
  annualInterestRate: 0.22,
  feeFixed: 500,
  feePercent: 0,
  repayment: "single",
};

export function approvedDecision(
  lenderId: string,
  offerId: number,
  amount: number,
  termDays: number,
  terms: LoanTerms = approvedTerms,
): LenderDecision {
  return {
    lenderId,
    status: "approved",
    offer: { offerId, amount, termDays, terms, expiresAt: "2026-11-28T12:00:00.000Z" },
  };
}

/** An application's decisions; `answered` counts every decision that is not `waiting`. */
export function decisionsOf(
  decisions: LenderDecision[],
  { complete = false, deadline = "2026-11-21T08:00:03.000Z" } = {},
): ApplicationDecisions {
  return {
    asked: decisions.length,
    answered: decisions.filter((decision) => decision.status !== "waiting").length,
    deadline,
    complete,
    decisions,
  };
}
