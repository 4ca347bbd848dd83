import { createHmac } from "node:crypto";
import { z } from "zod";
import type { ConversionStatus } from "../storage/schema";

/**
 * A lender's postback (POST or GET /api/postback, served by
 * server/borrowers/lender-postback-routes.ts): what became of one of our
 * clicks. The lenders' contract: the decision API's document shows it.
 */
export const lenderPostbackSchema = z.strictObject({
  click_id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "must be a click id we gave"),
  status: z.enum(["approved", "rejected", "issued"]),
  amount: z.coerce.number().int().min(0).max(100_000_000).optional(),
  /** Hex HMAC-SHA256 of "click_id:status:amount" with the lender's secret. */
  signature: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  /** The lender's secret itself, for lenders that can only call a fixed URL. */
  token: z.string().min(16).max(200).optional(),
});

export interface Postback {
  click_id: string;
  status: ConversionStatus;
  amount?: number | undefined;
}

/** What a lender signs: the click, the status and the amount, in this order. */
export function postbackSignature(secret: string, postback: Postback): string {
  return createHmac("sha256", secret)
    .update(`${postback.click_id}:${postback.status}:${postback.amount ?? ""}`)
    .digest("hex");
}
