/**
 * A licensed lender for tests (core, server and browser tests share it).
 * Not imported by any shipped module.
 */
import type { Offer } from "./schemas/offer";

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
