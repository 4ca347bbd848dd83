import { z } from "zod";
import { EMPLOYMENT_TYPES } from "../application";

/** A lender's id: lower-case letters, digits and hyphens. */
export const LENDER_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The Central Bank of Sri Lanka's kinds of licence (issue 15), and "other registered lender". */
export const LICENCE_CATEGORIES = [
  "licensed_commercial_bank",
  "licensed_specialised_bank",
  "licensed_finance_company",
  "licensed_microfinance_company",
  "registered_lender",
] as const;
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number];

/** A lender's licence (SPEC: licensed lenders only), shown on offer cards and lender pages. */
export const licenceSchema = z.strictObject({
  regulator: z.literal("CBSL"),
  category: z.enum(LICENCE_CATEGORIES),
  number: z.string().trim().min(1).max(40),
});
export type Licence = z.infer<typeof licenceSchema>;

/**
 * Where a borrower takes a complaint to a lender (issue 15): an e-mail
 * address, a telephone number (digits, spaces, hyphens, a leading +) or an
 * https page; at least one.
 */
export const complaintsContactSchema = z
  .strictObject({
    email: z.email().max(254).optional(),
    phone: z
      .string()
      .regex(/^\+?[0-9](?:[0-9 -]{4,18}[0-9])$/, "a telephone number: digits, spaces, hyphens")
      .optional(),
    url: z
      .url({ protocol: /^https$/, error: "must be an https URL" })
      .max(500)
      .optional(),
  })
  .refine(
    (contact) => Boolean(contact.email ?? contact.phone ?? contact.url),
    "give at least one of email, phone, url",
  );
export type ComplaintsContact = z.infer<typeof complaintsContactSchema>;

/** How a loan is repaid: all at once at the end, or in monthly instalments. */
export const repaymentSchema = z.enum(["single", "monthly"]);
export type Repayment = z.infer<typeof repaymentSchema>;

/**
 * The price of a loan, from which core/domain/loan.ts computes every figure we show.
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
  /**
   * The product's name in each language, when the lender gave one (issue
   * 17); `header` otherwise. `header` stays the feed's key (SPEC §9's order and
   * one-offer-per-header rule).
   */
  headers: z
    .strictObject({
      en: z.string().min(1).max(100),
      si: z.string().min(1).max(100),
      ta: z.string().min(1).max(100).optional(),
    })
    .optional(),
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
    /** The lender's id in storage (server/lenders/): a short code, e.g. kandy-lane. */
    id: z.string().regex(LENDER_ID_PATTERN).optional(),
    name: z.string().min(1).max(100),
    /** The name in each language, when the lender gave one (issue 15); `name` otherwise. */
    names: z
      .strictObject({
        en: z.string().min(1).max(100),
        si: z.string().min(1).max(100),
        ta: z.string().min(1).max(100).optional(),
      })
      .optional(),
    /** Path of the logo on our site: a sample's drawing, or a lender's uploaded image. */
    logo: z.string().regex(/^\/lenders\/[a-z0-9-]+(\.svg|\/logo)$/),
    /** True for the illustrative lenders we ship; shown as "sample" to visitors. */
    sample: z.boolean(),
    /** True for the simulated lenders of `npm run sandbox`; shown as "sandbox". */
    sandbox: z.boolean().optional(),
    /** Its licence (SPEC: licensed lenders only), shown on offer cards and lender pages. */
    licence: licenceSchema.optional(),
    /** Who the lender is, for its page (issue 15): registered name, website, complaints. */
    legalName: z.string().min(1).max(200).optional(),
    website: z
      .url({ protocol: /^https$/ })
      .max(500)
      .optional(),
    complaints: complaintsContactSchema.optional(),
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
