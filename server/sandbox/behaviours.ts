import type { EmploymentType } from "../../core/domain/application";
import type { LenderApiField } from "../lenders/decision-api";
import { sandboxNameTa } from "./names-ta";
import type { LenderProduct } from "./register";

/**
 * The simulated lenders of `npm run sandbox` (issue 15): each implements
 * the decision API (or fails to) in its own way, so that every path of the
 * decision network can be tried on one machine.
 */
export type SandboxBehaviour =
  /** Approves at once. */
  | { kind: "approve" }
  /** Approves after waiting between minMs and maxMs. */
  | { kind: "approve-after"; minMs: number; maxMs: number }
  /** Declines (income_too_low) an applicant earning less than minIncome a month. */
  | { kind: "decline-below-income"; minIncome: number }
  /** Approves a share of the amount asked (rounded down to 1,000, at least 5,000). */
  | { kind: "approve-less"; share: number }
  /** Answers pending, then calls back with an approval after delayMs. */
  | { kind: "pending-then-callback"; delayMs: number }
  /** Answers 503 to the first request of each idempotency key, then approves. */
  | { kind: "flaky" }
  /** Nothing listens on its port: every connection is refused. */
  | { kind: "dead" }
  /** Answers 200 with HTML. */
  | { kind: "garbage" }
  /** Takes the request and never answers. */
  | { kind: "silent" };

export interface SandboxLender {
  id: string;
  names: { en: string; si: string; ta: string };
  /** What it does, for the list `npm run sandbox` prints. */
  does: string;
  behaviour: SandboxBehaviour;
  apiFields: readonly LenderApiField[];
  /** Its price: every approval carries these terms. */
  annualInterestRate: number;
  feeFixed: number;
  feePercent: number;
  products: readonly LenderProduct[];
}

const EVERYONE: EmploymentType[] = [
  "salaried",
  "self-employed",
  "business-owner",
  "pensioner",
  "other",
];

/**
 * A single-repayment product (61–120 days) and an instalment one (5–12
 * months), priced as the lender approves: an approval at another price is
 * refused (decision 0354).
 */
function products(
  base: number,
  name: string,
  price: { rate: number; feeFixed: number; feePercent: number },
): LenderProduct[] {
  const criteria = { minAge: 18, maxAge: 70, minMonthlyIncome: 0, employment: EVERYONE };
  const terms = {
    annualInterestRate: price.rate,
    feeFixed: price.feeFixed,
    feePercent: price.feePercent,
  };
  return [
    {
      offer_id: base + 1,
      header: `${name} short loan`,
      // Its name in each language (issue 32): a page in Sinhala or Tamil names it in its own.
      headers: {
        en: `${name} short loan`,
        si: `${name} කෙටි ණය`,
        ta: `${name} குறுகிய கடன்`,
      },
      tags: ["single-repayment", "bank-transfer"],
      amount: { min: 5_000, max: 200_000 },
      termDays: { min: 61, max: 120 },
      terms: { ...terms, repayment: "single" },
      criteria,
    },
    {
      offer_id: base + 2,
      header: `${name} instalment loan`,
      headers: {
        en: `${name} instalment loan`,
        si: `${name} වාරික ණය`,
        ta: `${name} தவணைக் கடன்`,
      },
      tags: ["monthly-instalments", "bank-transfer"],
      amount: { min: 5_000, max: 200_000 },
      termDays: { min: 150, max: 360 },
      terms: { ...terms, repayment: "monthly" },
      criteria,
    },
  ];
}

/** A sandbox lender: its names say "sandbox" in both languages; two products from `index`. */
export function defineSandboxLender(
  id: string,
  name: string,
  does: string,
  behaviour: SandboxBehaviour,
  index: number,
  price: { rate: number; feeFixed: number; feePercent?: number },
  apiFields: readonly LenderApiField[] = ["age", "monthlyIncome", "employment"],
): SandboxLender {
  return {
    id,
    // The lender is simulated, and says so in all three languages.
    names: { en: `${name} (sandbox)`, si: `${name} (පරීක්ෂණ)`, ta: sandboxNameTa(name) },
    does,
    behaviour,
    apiFields,
    annualInterestRate: price.rate,
    feeFixed: price.feeFixed,
    feePercent: price.feePercent ?? 0,
    products: products(700_000 + index * 100, name, {
      rate: price.rate,
      feeFixed: price.feeFixed,
      feePercent: price.feePercent ?? 0,
    }),
  };
}

/** The nine sandbox lenders, one per behaviour the issue names. */
export const SANDBOX_LENDERS: readonly SandboxLender[] = [
  defineSandboxLender("sandbox-swift", "Swift", "approves at once", { kind: "approve" }, 1, {
    rate: 0.22,
    feeFixed: 500,
  }),
  defineSandboxLender(
    "sandbox-steady",
    "Steady",
    "approves after 1–2 s",
    { kind: "approve-after", minMs: 1_000, maxMs: 2_000 },
    2,
    { rate: 0.18, feeFixed: 1_000 },
  ),
  defineSandboxLender(
    "sandbox-careful",
    "Careful",
    "declines below Rs. 75,000 a month, else approves",
    { kind: "decline-below-income", minIncome: 75_000 },
    3,
    { rate: 0.16, feeFixed: 750 },
  ),
  defineSandboxLender(
    "sandbox-modest",
    "Modest",
    "approves 60% of the amount asked",
    { kind: "approve-less", share: 0.6 },
    4,
    { rate: 0.2, feeFixed: 0, feePercent: 0.01 },
  ),
  defineSandboxLender(
    "sandbox-later",
    "Later",
    "answers pending, calls back with an approval after 1.5 s",
    { kind: "pending-then-callback", delayMs: 1_500 },
    5,
    { rate: 0.24, feeFixed: 300 },
  ),
  defineSandboxLender(
    "sandbox-flaky",
    "Flaky",
    "answers 503, then approves the retry",
    { kind: "flaky" },
    6,
    {
      rate: 0.26,
      feeFixed: 0,
    },
  ),
  defineSandboxLender("sandbox-dead", "Dead", "refuses connections", { kind: "dead" }, 7, {
    rate: 0.2,
    feeFixed: 0,
  }),
  defineSandboxLender("sandbox-garbled", "Garbled", "answers HTML", { kind: "garbage" }, 8, {
    rate: 0.2,
    feeFixed: 0,
  }),
  defineSandboxLender("sandbox-silent", "Silent", "never answers", { kind: "silent" }, 9, {
    rate: 0.2,
    feeFixed: 0,
  }),
];
