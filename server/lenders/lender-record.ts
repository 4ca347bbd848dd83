/**
 * A lender as operators write it (issue 15): the format `npm run lenders --
 * import` reads and `export` prints, one record or a list of them. One zod
 * schema gives the type, the checks and the messages; what needs storage
 * (who owns an offer id, a lender's stored secret) is checked by
 * lender-import.ts. docs/lenders.md shows an example.
 */
import { z } from "zod";
import {
  LENDER_CONCURRENCY_RANGE,
  LENDER_DAILY_CAP_RANGE,
  LENDER_DEADLINE_RANGE_MS,
} from "../../core/domain/lender-limits";
import {
  complaintsContactSchema,
  LENDER_ID_PATTERN,
  licenceSchema,
  offerSchema,
} from "../../core/domain/schemas/offer";
import { wholeWithin } from "../../core/helpers/ranges";
import type { LenderStatus } from "../storage/schema";
import { LENDER_API_FIELDS } from "./decision-api";

export const LENDER_STATUSES = [
  "draft",
  "live",
  "paused",
] as const satisfies readonly LenderStatus[];

/** A secret shared with a lender: signs our decision requests, checks its callbacks and postbacks. */
export const LENDER_SECRET_MIN_LENGTH = 32;

/** A product: an offer of the feed (core/domain/schemas/offer.ts) without its lender. */
export const productSchema = offerSchema.omit({ lender: true });
export type Product = z.infer<typeof productSchema>;

const name = z.string().trim().min(1).max(100);

const decisionSchema = z.discriminatedUnion("mode", [
  /** We match the products' published ranges and criteria, as for every lender so far. */
  z.strictObject({ mode: z.literal("criteria") }),
  /** We ask the lender's decision API for each verified application its products admit. */
  z.strictObject({
    mode: z.literal("api"),
    url: z.url({ protocol: /^https?$/, error: "must be an https URL" }).max(500),
    /** The applicant's fields it receives (the loan always goes); none by default. */
    fields: z
      .array(z.enum(LENDER_API_FIELDS))
      .default([])
      .refine((fields) => new Set(fields).size === fields.length, "a field is listed twice"),
    /** Our requests in flight to it at once, per server; omitted, LENDER_CONCURRENCY. */
    concurrency: wholeWithin(z.number(), LENDER_CONCURRENCY_RANGE).optional(),
    /**
     * How long we wait for its answer, from the verification; omitted,
     * LENDER_DEADLINE_MS. An import keeps it within the server's (lender-import.ts).
     */
    deadlineMs: wholeWithin(
      z.number(),
      LENDER_DEADLINE_RANGE_MS,
      "must be a whole number of milliseconds",
    ).optional(),
  }),
]);

export const lenderRecordSchema = z
  .strictObject({
    id: z.string().regex(LENDER_ID_PATTERN, "use 1 to 40 lower-case letters, digits and hyphens"),
    names: z.strictObject({ en: name, si: name, ta: name.optional() }),
    legalName: z.string().trim().min(1).max(200),
    website: z
      .url({ protocol: /^https$/, error: "must be an https URL" })
      .max(500)
      .optional(),
    complaints: complaintsContactSchema.optional(),
    licence: licenceSchema.optional(),
    /** Omitted: a new lender is a draft, an existing one keeps its status. */
    status: z.enum(LENDER_STATUSES).optional(),
    /** Verified applications a day at most; omitted, no cap. */
    dailyLeadCap: z
      .number()
      .int()
      .min(LENDER_DAILY_CAP_RANGE.min)
      .max(LENDER_DAILY_CAP_RANGE.max)
      .optional(),
    decision: decisionSchema,
    /** Omitted: the stored one stays (export leaves it out); null removes it. */
    secret: z
      .string()
      .min(LENDER_SECRET_MIN_LENGTH, `use at least ${LENDER_SECRET_MIN_LENGTH} characters`)
      .max(200)
      .nullable()
      .optional(),
    /** Only the seed makes samples; a sample stays one (lender-import.ts checks). */
    sample: z.boolean().optional(),
    /** A simulated lender of `npm run sandbox`: outside production only. */
    sandbox: z.boolean().optional(),
    /**
     * A PNG, JPEG or WebP of up to 200 KB: a data URL, or a file's path
     * relative to the JSON file. Omitted: the stored logo stays; null removes it.
     */
    logo: z.string().min(1).max(300_000).nullable().optional(),
    products: z.array(productSchema).max(100),
  })
  .superRefine((record, context) => {
    const seen = new Set<number>();
    for (const [index, product] of record.products.entries()) {
      if (seen.has(product.offer_id)) {
        context.addIssue({
          code: "custom",
          path: ["products", index, "offer_id"],
          message: `offer id ${product.offer_id} is used twice`,
        });
      }
      seen.add(product.offer_id);
    }
    const samples = record.sample === true || record.sandbox === true;
    if (record.status === "live" && !record.licence && !samples) {
      context.addIssue({
        code: "custom",
        path: ["status"],
        message: "a lender goes live only with its licence (regulator, category, number)",
      });
    }
  });

/** A record as the file holds it (before defaults) and as export prints it. */
export type LenderRecord = z.input<typeof lenderRecordSchema>;
export type ParsedLenderRecord = z.output<typeof lenderRecordSchema>;
