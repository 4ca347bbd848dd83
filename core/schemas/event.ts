import { z } from "zod";

const shortText = z.string().max(200);

/**
 * A tracking event (SPEC §3). Only ids and attribution travel here, never
 * what a visitor typed: no field below may carry personal data.
 */
export const trackingEventSchema = z.strictObject({
  event_id: z.number().int().min(1).max(999),
  provider_id: shortText.optional(),
  session_id: shortText.optional(),
  client_id: shortText.optional(),
  domain: shortText.optional(),
  referer: z.string().max(2000).optional(),
  sub1: shortText.optional(),
  sub3: shortText.optional(),
  sub4: shortText.optional(),
  sub5: shortText.optional(),
  sub6: shortText.optional(),
  sub7: shortText.optional(),
  sub8: shortText.optional(),
  utm_source: shortText.optional(),
  utm_medium: shortText.optional(),
  utm_campaign: shortText.optional(),
  utm_content: shortText.optional(),
  utm_term: shortText.optional(),
});

export type TrackingEvent = z.infer<typeof trackingEventSchema>;
