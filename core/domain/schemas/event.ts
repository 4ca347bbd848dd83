import { z } from "zod";
import { canonicalUuidV4 } from "../../helpers/ids";
import { ATTRIBUTION_VALUE_PATTERN, looksPersonal } from "../application";
import { COUNTRY_ID_PATTERN } from "../country";

/** A session or client id: a v4 UUID, hyphens optional (SPEC §5), stored in canonical form. */
const visitorId = z
  .string()
  .max(40)
  .transform((value, context) => {
    const id = canonicalUuidV4(value);
    if (!id) context.addIssue({ code: "custom", message: "must be a version-4 UUID" });
    return id ?? value;
  });

/** Codes only, never free text, and nothing that reads as a phone number, an NIC or an e-mail. */
const code = z
  .string()
  .regex(ATTRIBUTION_VALUE_PATTERN, "must be a short code (letters, digits, . _ : ~ -)")
  .refine((value) => !looksPersonal(value), "must not carry personal data");

/**
 * A tracking event (SPEC §3). Only ids and attribution travel here, never
 * what a visitor typed: no field below may carry personal data, and an
 * unknown field is refused rather than stored.
 */
export const trackingEventSchema = z.strictObject({
  event_id: z.number().int().min(1).max(999),
  provider_id: z.string().regex(COUNTRY_ID_PATTERN, "must be a short code").optional(),
  session_id: visitorId.optional(),
  client_id: visitorId.optional(),
  domain: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, "must be a host name")
    .optional(),
  referer: z.string().max(2000).optional(),
  sub1: code.optional(),
  sub3: code.optional(),
  sub4: code.optional(),
  sub5: code.optional(),
  sub6: code.optional(),
  sub7: code.optional(),
  sub8: code.optional(),
  utm_source: code.optional(),
  utm_medium: code.optional(),
  utm_campaign: code.optional(),
  utm_content: code.optional(),
  utm_term: code.optional(),
});

export type TrackingEvent = z.input<typeof trackingEventSchema>;
