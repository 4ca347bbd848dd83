import type { CalendarDate } from "../helpers/dates";
import { EMPLOYMENT_TYPES, type EmploymentType } from "./application";
import { type LoanQuote, quoteLoan } from "./loan";
import { lenderSlug } from "./matching";
import { AFFORDABLE_SHARE, HARD_SHARE, largestRepayment } from "./offer-quotes";
import type { Offer } from "./schemas/offer";

/**
 * "Can I get this loan?" before applying (issue 32, decision 0365): a
 * loan (amount, term) and a person (monthly income, employment, age)
 * against each live product's published criteria, answered per lender as
 * likely, possible or unlikely, with the reasons. Pure: nothing is stored
 * or sent, no credit bureau is asked; it reads only the public catalogue.
 */
export const LIKELIHOODS = ["likely", "possible", "unlikely"] as const;
export type Likelihood = (typeof LIKELIHOODS)[number];

/** Within this share above a product's minimum income, the income is borderline. */
export const BORDERLINE_INCOME = 0.1;

/** What the check asks: nothing that names a person. */
export interface EligibilityProfile {
  amount: number;
  termDays: number;
  monthlyIncome: number;
  employment: EmploymentType;
  /** Whole years. */
  age: number;
}

/** One published criterion and whether the profile meets it. */
export type CriterionCheck =
  | { criterion: "amount"; min: number; max: number; met: boolean }
  | { criterion: "term"; min: number; max: number; met: boolean }
  | { criterion: "age"; min: number; max: number; met: boolean; borderline: boolean }
  | { criterion: "income"; min: number; met: boolean; borderline: boolean }
  | { criterion: "employment"; allowed: EmploymentType[]; met: boolean };

/** The largest repayment of the loan at the product's price, as a share of the income. */
export interface RepaymentCheck {
  payment: number;
  monthly: boolean;
  share: number;
  level: "fits" | "stretches" | "hard";
}

export interface ProductEligibility {
  offer: Offer;
  likelihood: Likelihood;
  criteria: CriterionCheck[];
  /** Undefined when the loan cannot be priced at the product's terms (out of its range). */
  repayment: RepaymentCheck | undefined;
}

export interface LenderEligibility {
  lenderId: string;
  /** The lender's best product for the profile: its likelihood is the lender's. */
  best: ProductEligibility;
}

/** The published criteria of one product against a profile, in a fixed order. */
export function criteriaChecks(offer: Offer, profile: EligibilityProfile): CriterionCheck[] {
  const { amount, termDays, criteria } = offer;
  const incomeMet = profile.monthlyIncome >= criteria.minMonthlyIncome;
  const ageMet = profile.age >= criteria.minAge && profile.age <= criteria.maxAge;
  return [
    {
      criterion: "amount",
      min: amount.min,
      max: amount.max,
      met: profile.amount >= amount.min && profile.amount <= amount.max,
    },
    {
      criterion: "term",
      min: termDays.min,
      max: termDays.max,
      met: profile.termDays >= termDays.min && profile.termDays <= termDays.max,
    },
    {
      criterion: "age",
      min: criteria.minAge,
      max: criteria.maxAge,
      met: ageMet,
      // The last year of the band: the loan may run past the lender's upper age.
      borderline: ageMet && profile.age === criteria.maxAge,
    },
    {
      criterion: "income",
      min: criteria.minMonthlyIncome,
      met: incomeMet,
      borderline:
        incomeMet &&
        criteria.minMonthlyIncome > 0 &&
        // Rounded: 50,000 × 1.1 is 55,000.000000000007 in floating point.
        profile.monthlyIncome < Math.round(criteria.minMonthlyIncome * (1 + BORDERLINE_INCOME)),
    },
    {
      criterion: "employment",
      allowed: [...criteria.employment],
      met: (criteria.employment as readonly string[]).includes(profile.employment),
    },
  ];
}

/** The repayment at the product's own price, against the income (decision 0355's shares). */
export function repaymentCheck(
  offer: Offer,
  profile: EligibilityProfile,
  today: CalendarDate,
): RepaymentCheck | undefined {
  let quote: LoanQuote;
  try {
    quote = quoteLoan({
      amount: profile.amount,
      termDays: profile.termDays,
      terms: offer.terms,
      startDate: today,
    });
  } catch {
    return undefined;
  }
  const payment = largestRepayment(quote);
  const monthly = quote.repayments.length > 1;
  const share = profile.monthlyIncome > 0 ? payment / profile.monthlyIncome : Infinity;
  const level =
    share > HARD_SHARE || (!monthly && share > 1)
      ? "hard"
      : share > AFFORDABLE_SHARE
        ? "stretches"
        : "fits";
  return { payment, monthly, share, level };
}

/**
 * The rule (decision 0365). **Unlikely**: a published criterion is not met,
 * or the repayment would be hard (above half of the income). **Possible**:
 * every criterion met, but the repayment stretches (above 30 % of the
 * income, up to half) or a criterion is borderline (an income within 10 %
 * of the minimum, the last year of the age band). **Likely**: every
 * criterion met, none borderline, and the repayment fits (up to 30 %).
 */
export function productEligibility(
  offer: Offer,
  profile: EligibilityProfile,
  today: CalendarDate,
): ProductEligibility {
  const criteria = criteriaChecks(offer, profile);
  const repayment = criteria.every((check) => check.met)
    ? repaymentCheck(offer, profile, today)
    : undefined;
  let likelihood: Likelihood;
  if (!criteria.every((check) => check.met) || !repayment || repayment.level === "hard") {
    likelihood = "unlikely";
  } else if (
    repayment.level === "stretches" ||
    criteria.some((check) => "borderline" in check && check.borderline)
  ) {
    likelihood = "possible";
  } else likelihood = "likely";
  return { offer, likelihood, criteria, repayment };
}

const rank = (item: ProductEligibility) => LIKELIHOODS.indexOf(item.likelihood);
const unmet = (item: ProductEligibility) => item.criteria.filter((check) => !check.met).length;

/**
 * Every live lender once, by its best product for the profile: likely
 * first, then possible, then unlikely; within each, the smaller repayment
 * share, then fewer criteria unmet, then the lender's id. Products the
 * comparison never lists (`domainactive`) are left out.
 */
export function lenderEligibility(
  offers: readonly Offer[],
  profile: EligibilityProfile,
  today: CalendarDate,
): LenderEligibility[] {
  const compare = (left: ProductEligibility, right: ProductEligibility) =>
    rank(left) - rank(right) ||
    (left.repayment?.share ?? Infinity) - (right.repayment?.share ?? Infinity) ||
    unmet(left) - unmet(right) ||
    left.offer.offer_id - right.offer.offer_id;
  const best = new Map<string, ProductEligibility>();
  for (const offer of offers) {
    if (offer.product_type === "domainactive") continue;
    const item = productEligibility(offer, profile, today);
    const id = lenderSlug(offer);
    const current = best.get(id);
    if (!current || compare(item, current) < 0) best.set(id, item);
  }
  return [...best]
    .map(([lenderId, item]) => ({ lenderId, best: item }))
    .sort(
      (left, right) => compare(left.best, right.best) || (left.lenderId < right.lenderId ? -1 : 1),
    );
}

/** The form's fields, as text (a POST body or the page's inputs), checked; undefined if incomplete. */
export function parseEligibilityProfile(
  fields: Readonly<Partial<Record<"amount" | "period" | "income" | "employment" | "age", string>>>,
): EligibilityProfile | undefined {
  const whole = (text: string | undefined, min: number, max: number) => {
    const digits = (text ?? "").replace(/[,\s]/g, "");
    if (!/^\d{1,9}$/.test(digits)) return undefined;
    const value = Number(digits);
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
  };
  const amount = whole(fields.amount, 1, 100_000_000);
  const termDays = whole(fields.period, 1, 3650);
  const monthlyIncome = whole(fields.income, 0, 100_000_000);
  const age = whole(fields.age, 16, 120);
  const employment = EMPLOYMENT_TYPES.find((type) => type === fields.employment);
  if (
    amount === undefined ||
    termDays === undefined ||
    monthlyIncome === undefined ||
    age === undefined ||
    !employment
  ) {
    return undefined;
  }
  return { amount, termDays, monthlyIncome, employment, age };
}
