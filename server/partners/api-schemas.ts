import { z } from "zod";
import { ODDS_MIN_DECISIONS, ODDS_WINDOW_DAYS } from "../../core/domain/approval-odds";
import { DECISION_STATUSES } from "../../core/domain/decisions";
import { LIKELIHOODS } from "../../core/domain/lender-eligibility";
import { AFFORDABILITY_LEVELS } from "../../core/domain/offer-quotes";
import { ACCEPTED_TERM_DAYS, LOAN_AMOUNT_LK } from "../../core/domain/product";
import { type CalendarDate, daysBetween, isIsoDate } from "../../core/helpers/dates";
import { wholeWithin } from "../../core/helpers/ranges";
import { ALL_LOCALES, DEFAULT_LOCALE, LOCALES, localeSchema } from "../../core/locale";

/**
 * One zod schema per input and answer of the partner API v1 (issue 8): the
 * routes parse with them, the types come from them, and openapi.ts turns
 * them into the OpenAPI document. The application itself is core's schema
 * (core/domain/schemas/application.ts), the same as our form's.
 */

/** The longest range GET stats answers, in days (a year, leap or not). */
export const MAX_STATS_DAYS = 366;

/** "Sinhala (si, the default), English (en) or Tamil (ta)", from the registry. */
const languageNames = ALL_LOCALES.map(
  (locale) =>
    `${LOCALES[locale].english} (${locale}${locale === DEFAULT_LOCALE ? ", the default" : ""})`,
);

const language = localeSchema
  .default(DEFAULT_LOCALE)
  .describe(
    `Language of labels and links: ${languageNames.slice(0, -1).join(", ")} or ${languageNames.at(-1)}.`,
  );

const amount = wholeWithin(
  z.coerce.number(),
  LOAN_AMOUNT_LK,
  "must be a whole number of rupees",
).describe(`Loan amount in whole rupees, ${LOAN_AMOUNT_LK.min} to ${LOAN_AMOUNT_LK.max}.`);

const term = z.coerce
  .number()
  .int("must be a whole number of days")
  .refine((days) => ACCEPTED_TERM_DAYS.includes(days), "must be a term of the grid")
  .describe(
    "Term in days: 61 to 120 (one repayment) or whole months written as 150, 180 … 360 (monthly instalments).",
  );

export const offersQuerySchema = z.strictObject({ amount, term, lang: language });
export type OffersQuery = z.output<typeof offersQuerySchema>;

export const leadsQuerySchema = z.strictObject({ lang: language });

/**
 * The longest `wait` of GET leads/{id}/offers, in seconds: the longest
 * deadline a deployment may give lenders (LENDER_DEADLINE_MS ≤ 30,000).
 * A wait ends at the lead's own deadline anyway.
 */
export const MAX_WAIT_SECONDS = 30;

export const leadOffersQuerySchema = z.strictObject({
  lang: language,
  wait: z.coerce
    .number()
    .int("must be whole seconds")
    .min(0, "must be 0 or more")
    .max(MAX_WAIT_SECONDS, `must be at most ${MAX_WAIT_SECONDS}`)
    .default(0)
    .describe(
      `Seconds to wait, 0 to ${MAX_WAIT_SECONDS}, for the lenders' decisions to complete: the answer comes as soon as they are, or when the wait or the decisions' deadline ends, whichever is first. 0 (the default) answers at once.`,
    ),
});

const calendarDate = z
  .string()
  .refine((text) => isIsoDate(text), { message: "must be a date as YYYY-MM-DD", abort: true })
  .transform((text) => text as CalendarDate)
  .meta({ format: "date" });

export const statsQuerySchema = z
  .strictObject({
    from: calendarDate.describe("First day, Colombo time (YYYY-MM-DD)."),
    to: calendarDate.describe("Last day, included (YYYY-MM-DD)."),
  })
  .refine((range) => range.from <= range.to, { message: "must not be after to", path: ["from"] })
  .refine(
    (range) =>
      !isIsoDate(range.from) ||
      !isIsoDate(range.to) ||
      daysBetween(range.from, range.to) < MAX_STATS_DAYS,
    {
      message: `the range may cover at most ${MAX_STATS_DAYS} days`,
      path: ["to"],
    },
  );
export type StatsQuery = z.output<typeof statsQuerySchema>;

export const leadIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, "must be a lead id we gave")
  .describe("The lead id that POST leads answered.");

export const LEAD_STATUSES = [
  "new",
  "matched",
  "clicked",
  "approved",
  "rejected",
  "issued",
] as const;

const rupees = z.number().int().describe("Whole rupees (LKR).");
const isoDate = z.string().meta({ format: "date", description: "YYYY-MM-DD" });

export const partnerOfferSchema = z.object({
  offerId: z.number().int(),
  rank: z
    .number()
    .int()
    .min(1)
    .describe(
      "Position on our site's list, from 1, as core ranks every list: offers hard to repay on the applicant's income last, then pre-approvals, then matched offers, then the cheapest total to pay for this loan.",
    ),
  header: z.string(),
  lender: z.object({
    name: z.string().describe("In the language asked, when the lender gave one."),
    logoUrl: z.url(),
    pageUrl: z.url().describe("The lender's page on our site, in the language asked."),
    sample: z.boolean().describe("True for an illustrative sample lender, not a real one."),
  }),
  tags: z.array(z.object({ code: z.string(), label: z.string() })),
  rating: z.number().nullable().describe("The lender's rating when the feed gives one."),
  preApproved: z
    .boolean()
    .describe(
      "True when the lender approved this applicant in real time: amount, term and figures are the loan it approved.",
    ),
  expiresAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("A pre-approval's expiry: after it, the applicant is no longer sent to the lender."),
  affordability: z
    .enum(AFFORDABILITY_LEVELS)
    .optional()
    .describe(
      "For a lead you sent through this API (you gave its income): the largest repayment on the monthly income, fits (up to 30 %), stretches (up to 50 %) or hard (above, or a single repayment above the whole income). Never present a hard one as a recommendation.",
    ),
  amount: rupees,
  term: z.number().int().describe("Days."),
  apr: z.number().describe("Annual percentage rate as a fraction: 0.336 is 33.6%."),
  interest: rupees,
  fees: rupees,
  total: rupees.describe("Everything the borrower repays."),
  returnDate: isoDate.describe("Date of the last repayment (YYYY-MM-DD), from today in Colombo."),
  repayments: z.array(z.object({ date: isoDate, amount: rupees })),
  applyUrl: z
    .url()
    .optional()
    .describe("Our application form for this offer, attributed to you (GET offers only)."),
});
export type PartnerOffer = z.output<typeof partnerOfferSchema>;

export const offersResponseSchema = z.object({
  amount: rupees,
  term: z.number().int(),
  lang: localeSchema,
  currency: z.literal("LKR"),
  startDate: isoDate.describe("Today in Colombo: the day the figures start from."),
  offers: z.array(partnerOfferSchema),
});

export const verificationSchema = z
  .object({
    channel: z.literal("sms").describe("The code went to the applicant's phone by SMS."),
    expiresAt: z.iso.datetime().describe("When the code sent last stops working (10 minutes)."),
    resendAt: z.iso
      .datetime()
      .describe(
        "When you may ask for another code: 30 s after the first, then 60 s, 120 s … up to 10 minutes.",
      ),
    triesLeft: z.number().int().describe("Tries left for the code sent last (5 per code)."),
  })
  .describe("The applicant's one-time code: its expiry, when another may be sent, tries left.");

export const leadCreatedSchema = z.object({
  leadId: z
    .string()
    .describe(
      "Your new lead's id. The lead is unverified: it goes nowhere until the applicant's code comes back.",
    ),
  verification: verificationSchema,
});

export const leadVerifiedSchema = z.object({
  leadId: z.string(),
  status: z.enum(LEAD_STATUSES),
  verified: z.literal(true),
  duplicate: z
    .boolean()
    .describe(
      "True when the applicant had already applied and verified within 24 hours (through us or anyone): that application stands, and this lead is not a new one.",
    ),
  offersUrl: z
    .url()
    .describe(
      "Send the visitor here to see the matched offers and go on to a lender. An opaque link, valid for 7 days.",
    ),
  offers: z
    .array(partnerOfferSchema)
    .describe(
      "The offers matched to the application so far, ranked as our site lists them. Lenders deciding in real time answer within seconds after this: read GET leads/{id}/offers for their pre-approvals.",
    ),
});

export const resendAnswerSchema = z.object({ verification: verificationSchema });

export const leadStatusSchema = z.object({
  leadId: z.string(),
  status: z.enum(LEAD_STATUSES),
  verified: z.boolean().describe("Whether the applicant has entered the code we sent."),
  duplicate: z
    .boolean()
    .describe("Once verified: true when it repeats the applicant's application of the last day."),
  createdAt: z.iso.datetime(),
  amount: rupees,
  term: z.number().int(),
  offerIds: z
    .array(z.number().int())
    .describe(
      "Once verified, the lead's offers ranked as our site lists them: lenders' pre-approvals in force and the offers matched by their criteria, never a lender that declined or failed (for a repeat, those of the application it joined); empty until it is verified. GET leads/{id}/offers gives them whole.",
    ),
});

/** A lender's odds for the applicant, while it has not answered (issue 36, decision 0454). */
const approvalOddsSchema = z
  .object({
    inTen: z
      .number()
      .int()
      .min(1)
      .max(9)
      .describe("Of 10 applicants like this one, how many the lender pre-approved: 1 to 9."),
    likelihood: z
      .enum(LIKELIHOODS)
      .describe("The same in words: likely (7–9 in 10), possible (4–6) or unlikely (1–3)."),
    basis: z
      .number()
      .int()
      .min(ODDS_MIN_DECISIONS)
      .describe(
        `The lender's answered decisions the figure stands on (at least ${ODDS_MIN_DECISIONS}).`,
      ),
    windowDays: z
      .literal(ODDS_WINDOW_DAYS)
      .describe("The days of decisions counted, up to yesterday."),
  })
  .describe(
    `Only while the lender has not answered (waiting or pending) and only when at least ${ODDS_MIN_DECISIONS} answered decisions for applicants like this one (loan, term, income, employment and age bands) stand behind it: how often it pre-approved them in the last ${ODDS_WINDOW_DAYS} days, counted daily from its real answers. A history, not a promise; show it with its basis. The method: /approval-odds/ on our site.`,
  )
  .meta({
    examples: [{ inTen: 7, likelihood: "likely", basis: 214, windowDays: ODDS_WINDOW_DAYS }],
  });

export const partnerDecisionsSchema = z
  .object({
    asked: z.number().int().describe("Lenders asked in real time (their decision API)."),
    answered: z
      .number()
      .int()
      .describe("Of them, those that answered (approved, declined or pending) or failed."),
    complete: z
      .boolean()
      .describe(
        "Nothing more will change: no lender is waiting and, before the deadline, none is pending; or the deadline has passed (a lender still waiting then shows as failed).",
      ),
    deadline: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe(
        "Until when we wait for the lenders' answers (a few seconds after the code was verified); null when no lender was asked.",
      ),
    lenders: z
      .array(
        z.object({
          lender: z.object({
            id: z.string().describe("The lender's id, as in its page's address."),
            name: z.string().describe("In the language asked, when the lender gave one."),
          }),
          status: z
            .enum(DECISION_STATUSES)
            .describe(
              "waiting (no answer yet), approved (its pre-approval is among offers while it lasts), declined, pending (it will answer later), failed (no usable answer in time). Why a lender declined or failed is not given.",
            ),
          approvalOdds: approvalOddsSchema.optional(),
        }),
      )
      .describe("One per lender asked."),
  })
  .describe("The lenders' real-time decisions on the application.");
export type PartnerDecisions = z.output<typeof partnerDecisionsSchema>;

export const leadOffersSchema = z.object({
  leadId: z.string(),
  verified: z
    .boolean()
    .describe(
      "Whether the applicant has entered the code: until then, decisions is null and offers empty.",
    ),
  duplicate: z
    .boolean()
    .describe(
      "True when the lead repeats the applicant's application of the last day: the decisions, offers and loan are that application's.",
    ),
  amount: rupees.describe("The loan applied for: the one the decisions and offers are for."),
  term: z.number().int().describe("Days."),
  lang: localeSchema,
  currency: z.literal("LKR"),
  startDate: isoDate.describe("Today in Colombo: the day the figures start from."),
  decisions: partnerDecisionsSchema.nullable(),
  offers: z
    .array(partnerOfferSchema)
    .describe(
      "The lead's offers ranked as our site lists them: lenders' pre-approvals in force (preApproved, expiresAt, their own amount and term) and the offers matched by their criteria; never a lender that declined or failed. The same list, in the same order, as GET leads/{id}'s offerIds.",
    ),
});

const dayStatsShape = {
  leads: z.number().int().describe("Verified leads made that day (repeats not counted)."),
  clicks: z.number().int().describe("Click-outs to lenders that day."),
  approvals: z.number().int().describe("Lenders' approvals reported that day."),
  sales: z.number().int().describe("Loans issued, reported that day."),
  payouts: rupees.describe("What you earned that day, as sent in the postbacks."),
};

export const statsResponseSchema = z.object({
  partnerId: z.string(),
  from: isoDate,
  to: isoDate,
  timeZone: z.literal("Asia/Colombo"),
  currency: z.literal("LKR"),
  days: z.array(z.object({ date: isoDate, ...dayStatsShape })),
  totals: z.object(dayStatsShape),
});
export type StatsResponse = z.output<typeof statsResponseSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  verification: verificationSchema
    .optional()
    .describe("With the errors of a one-time code: the code's state (tries left, resendAt)."),
});
