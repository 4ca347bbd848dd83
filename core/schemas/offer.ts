import { z } from "zod";
import { EMPLOYMENT_TYPES } from "../application";

/** How a loan is repaid: all at once at the end, or in monthly instalments. */
export const repaymentSchema = z.enum(["single", "monthly"]);
export type Repayment = z.infer<typeof repaymentSchema>;

/**
 * The price of a loan, from which core/loan.ts computes every figure we show.
 * Rates are fractions (0.36 is 36%); fees are charged on top of the amount
 * (never deducted from what the borrower receives).
 */
export const loanTermsSchema = z.strictObject({
  /** Nominal interest rate per year, as a fraction. */
  annualInterestRate: z.number().min(0).max(10),
  /** A fixed fee in whole rupees. */
  feeFixed: z.number().int().min(0).max(100_000),
  /** A fee as a fraction of the amount borrowed. */
  feePercent: z.number().min(0).max(1),
  repayment: repaymentSchema,
});
export type LoanTerms = z.infer<typeof loanTermsSchema>;

const rangeSchema = z
  .strictObject({ min: z.number().int().positive(), max: z.number().int().positive() })
  .refine((range) => range.min <= range.max, "min must not exceed max");

/** Codes of employment types (issue 5 shares them with the application form). */
export const employmentSchema = z.enum(EMPLOYMENT_TYPES);

/**
 * One offer of the feed config (SPEC §3 "Offer"), plus what we need to
 * compute honest figures and to match a lead: the lender, the amount and
 * term it lends, its terms and its criteria.
 */
export const offerSchema = z.strictObject({
  offer_id: z.number().int().positive(),
  header: z.string().min(1).max(100),
  stars: z.number().min(0).max(5).optional(),
  /** May hold a {time} placeholder (minutes to a decision). */
  field2_value: z.string().max(200).optional(),
  /** May hold a {val} placeholder (an approval percentage). */
  field4_value: z.string().max(200).optional(),
  tags: z.array(z.string().min(1).max(40)).max(10),
  lender_link: z.url({ protocol: /^https$/ }).optional(),
  product_type: z.string().max(40).optional(),
  asnef_value: z.boolean().optional(),
  lender: z.strictObject({
    name: z.string().min(1).max(100),
    /** Path of the logo on our site, e.g. /lenders/lanka-credit.svg. */
    logo: z.string().regex(/^\/lenders\/[a-z0-9-]+\.svg$/),
    /** True for the illustrative lenders we ship; shown as "sample" to visitors. */
    sample: z.boolean(),
  }),
  amount: rangeSchema,
  termDays: rangeSchema,
  terms: loanTermsSchema,
  criteria: z.strictObject({
    minAge: z.number().int().min(18).max(100),
    maxAge: z.number().int().min(18).max(100),
    minMonthlyIncome: z.number().int().min(0),
    employment: z.array(employmentSchema).min(1),
  }),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerCatalogueSchema = z.array(offerSchema);
