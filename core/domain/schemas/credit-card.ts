/**
 * A credit card of the cards' catalogue (issue 21, SPEC §2's credit cards
 * page): what the operator enters from an issuer's published tariff, through
 * `npm run lenders -- cards import` or the back office, and what the page
 * compares. Amounts are whole rupees, rates per cent; nothing is derived or
 * guessed, and a card shows the day its figures were checked.
 */
import { z } from "zod";
import { LENDER_ID_PATTERN } from "./offer";

const text = z.string().trim().min(1).max(100);

/** A name in each language: English always, Sinhala and Tamil when they differ. */
const namesSchema = z.strictObject({ en: text, si: text.optional(), ta: text.optional() });

const rupees = (max: number) => z.number().int("whole rupees").min(0).max(max);
const percent = z.number().min(0).max(100);

/** A share of an amount with a floor: "3%, at least Rs. 500". */
const shareSchema = z.strictObject({ percent, minimum: rupees(1_000_000) });

export const creditCardSchema = z.strictObject({
  /** 1–40 lower-case letters, digits and hyphens; never shown, never changed. */
  id: z.string().regex(LENDER_ID_PATTERN, "use 1 to 40 lower-case letters, digits and hyphens"),
  /** The bank or company that issues the card. */
  issuer: namesSchema,
  /** The card's own name ("Classic Visa"). */
  name: namesSchema,
  /** Rs. a year (0: none). */
  annualFee: rupees(1_000_000),
  /** Per cent a year charged on a balance not paid in full. */
  interestRate: percent,
  /** What a cash withdrawal with the card costs. */
  cashAdvanceFee: shareSchema,
  /** Rs. charged when the minimum payment is late. */
  lateFee: rupees(1_000_000),
  /** What must be paid each month at least: a share of the balance, at least an amount. */
  minimumPayment: shareSchema,
  /** The issuer's page for the card (https), linked from ours. */
  website: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .max(500)
    .optional(),
  /** The day the figures were checked against the issuer's tariff, "YYYY-MM-DD". */
  checkedOn: z.iso.date("a date, YYYY-MM-DD"),
});

export type CreditCard = z.infer<typeof creditCardSchema>;
export type CardNames = CreditCard["issuer"];
