import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { DISTRICTS, EMPLOYMENT_TYPES, LOAN_PURPOSES } from "../../core/domain/application";
import { BANK_CODES } from "../../core/domain/banks";
import { loanTermsSchema } from "../../core/domain/schemas/offer";
import { localeSchema } from "../../core/locale";

/**
 * The decision API (issue 15): ours, for lenders to implement. For each
 * verified application we POST a DecisionRequest to every live `api`
 * lender whose products admit it; the lender answers approved, declined or
 * pending, and a pending lender calls back on POST /api/lenders/v1/decisions.
 * Requests and callbacks are signed alike: X-Timestamp (Unix seconds) and
 * X-Signature, the hex HMAC-SHA256 of `${timestamp}.${body}` under the
 * lender's secret. These schemas are the contract: the routes parse with
 * them and the OpenAPI document (decision-openapi.ts) is made from them.
 */

export const SIGNATURE_HEADER = "X-Signature";
/**
 * During the grace after a lender rotated its secret (decision 0412): our
 * requests' signature under the new secret, X-Signature's being the old one's.
 */
export const SIGNATURE_NEXT_HEADER = "X-Signature-Next";
export const TIMESTAMP_HEADER = "X-Timestamp";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How far a signed request's timestamp may be from our clock, either way, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a lender declines: a code for its statistics and ours, never shown as a verdict on a person. */
export const DECLINE_REASONS = [
  "income_too_low",
  "age",
  "employment",
  "amount",
  "term",
  "affordability",
  "credit_history",
  "existing_customer",
  "duplicate",
  "policy",
  "other",
] as const;

const opaqueId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "must be the decisionId we sent");

const applicantSchema = z
  .strictObject({
    fullName: z.string().min(2).max(100).describe("As on the NIC."),
    nic: z.string().min(10).max(12).describe("Old (9 digits and V or X) or new (12 digits) NIC."),
    birthDate: z.iso.date(),
    age: z.int().min(18).max(100).describe("Whole years on the day of the application."),
    phone: z
      .string()
      .regex(/^\+947\d{8}$/)
      .describe("Verified by a one-time code, E.164."),
    email: z.email(),
    monthlyIncome: z.int().min(0).describe("Rupees a month, as the applicant gave it."),
    employment: z.enum(EMPLOYMENT_TYPES),
    bank: z.enum(BANK_CODES as unknown as [string, ...string[]]),
    district: z.enum(DISTRICTS),
  })
  .partial()
  .describe("Only the fields you asked for when you joined (api_fields); the others are absent.");

/**
 * The application's fields a lender may receive, each only if the lender
 * lists it (lenders.api_fields): the loan itself (amount, term, purpose)
 * always goes; nothing about the person goes unless asked for. They are the
 * applicant's fields of the request, in its order.
 */
export const LENDER_API_FIELDS = applicantSchema.keyof().options;
export type LenderApiField = (typeof LENDER_API_FIELDS)[number];

/** What we POST to a lender's decision URL. */
export const decisionRequestSchema = z
  .strictObject({
    decisionId: opaqueId.describe(
      "Ours, for this application and you; also the Idempotency-Key header. The same on every retry: answer a repeat as you answered the first.",
    ),
    lenderId: z.string().describe("Your id with us."),
    sentAt: z.iso.datetime().describe("When we first sent this request."),
    answerBy: z.iso
      .datetime()
      .describe(
        "We stop waiting then (LENDER_DEADLINE_MS after the applicant was verified): answer pending and call back if you need longer.",
      ),
    callbackUrl: z.url().describe("Where to POST your decision after answering pending."),
    loan: z.strictObject({
      amount: z.int().positive().describe("Whole rupees asked for."),
      termDays: z.int().positive().describe("Days asked for (61–120, or 150, 180 … 360)."),
      purpose: z.enum(LOAN_PURPOSES),
    }),
    productIds: z
      .array(z.int().positive())
      .min(1)
      .describe(
        "Your products (offer ids) whose published ranges and criteria admit the applicant.",
      ),
    applicant: applicantSchema,
    consent: z
      .strictObject({
        shareWithLenders: z.literal(true),
        text: z.string().describe("The words the applicant agreed to, as the page showed them."),
        language: localeSchema,
        givenAt: z.iso.datetime().describe("When the applicant submitted the application."),
      })
      .describe("The applicant's consent to share the application with matching lenders."),
    test: z
      .literal(true)
      .optional()
      .describe(
        "Only in a test application that an operator sends from our back office: no real person is behind it and nothing of it is stored; answer as you would, and expect a callback for it to be answered 404 unknown_decision.",
      ),
  })
  .describe("One verified application, sent to you because your products admit it.");
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

/** Unknown fields in an answer are ignored: a lender's own APR is never read, let alone shown. */
export const approvedAnswerSchema = z
  .object({
    decision: z.literal("approved"),
    offerId: z
      .int()
      .positive()
      .describe("The product you approve (one of yours; usually one of productIds)."),
    amount: z
      .int()
      .positive()
      .describe("Whole rupees you lend: at most the amount asked, within the product's range."),
    termDays: z
      .int()
      .positive()
      .max(3_650)
      .describe("Days until the last repayment, within the product's range."),
    terms: loanTermsSchema.describe(
      "The product's price, as you published it (an approval at another rate, fees or repayment is refused as invalid_answer): we compute every figure the applicant sees (APR, total, instalments, dates) from it. Rates are fractions: 0.24 is 24% a year.",
    ),
    expiresAt: z.iso
      .datetime({ offset: true })
      .describe("When the approval lapses; after it the applicant is not sent to applyUrl."),
    applyUrl: z
      .url({ protocol: /^https?$/ })
      .max(2_000)
      .describe(
        "Where the applicant accepts the offer (https). Macros {click_id} and {sub1}…{sub8} are filled in at the click, URL-encoded; other {…} are emptied.",
      ),
  })
  .describe("Pre-approved: the loan you will make and its terms.");

export const declinedAnswerSchema = z
  .object({
    decision: z.literal("declined"),
    reason: z.enum(DECLINE_REASONS).describe("Why, as a code."),
  })
  .describe("You will not lend to this applicant.");

export const pendingAnswerSchema = z
  .object({ decision: z.literal("pending") })
  .describe("You need longer: POST your decision to callbackUrl once made.");

export const decisionAnswerSchema = z.discriminatedUnion("decision", [
  approvedAnswerSchema,
  declinedAnswerSchema,
  pendingAnswerSchema,
]);
export type DecisionAnswer = z.infer<typeof decisionAnswerSchema>;
export type ApprovedAnswer = z.infer<typeof approvedAnswerSchema>;

/** What a lender POSTs to /api/lenders/v1/decisions after answering pending. */
export const decisionCallbackSchema = z.discriminatedUnion("decision", [
  approvedAnswerSchema.extend({ decisionId: opaqueId }),
  declinedAnswerSchema.extend({ decisionId: opaqueId }),
]);
export type DecisionCallback = z.infer<typeof decisionCallbackSchema>;

/** Our answer to a callback. */
export const callbackAnswerSchema = z.strictObject({
  recorded: z.literal(true),
  duplicate: z.boolean().describe("True when this decision was recorded already."),
  late: z.boolean().describe("True when it came after answerBy: the applicant sees it later."),
});

/** The signature of a request or callback: hex HMAC-SHA256 of `${timestamp}.${body}`. */
export function decisionSignature(secret: string, timestamp: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/**
 * Whether a signed request is genuine and fresh: the timestamp within
 * SIGNATURE_TOLERANCE_SECONDS of `now` and the signature matching, compared
 * in constant time.
 */
export function verifyDecisionSignature(
  secret: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
  now: Date,
): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return false;
  }
  const expected = Buffer.from(decisionSignature(secret, timestamp, body));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Every approval, answered or called back, is checked against the product it
 * names by core's one function (decision 0354) before it is stored.
 */
export { type ApprovalProblem, approvalProblem } from "../../core/domain/approval-check";
