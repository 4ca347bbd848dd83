import express, { type Request, type Response, Router } from "express";
import type { CountryConfig } from "../../core/country";
import { colomboToday } from "../../core/dates";
import { type Application, applicationSchema } from "../../core/schemas/application";
import type { Offer } from "../../core/schemas/offer";
import { serializeCookie } from "../http/cookies";
import { fieldsOf, sendError } from "../http/errors";
import { rateLimitCheck } from "../http/rate-limit";
import { clientIdOf } from "../http/visitor";
import type { Storage } from "../storage/database";
import { createLead } from "./leads";

const TEN_MINUTES = 10 * 60 * 1000;

/** The cookie that lets /offers/ show a visitor their matched offers; no personal data in it. */
export const LEAD_COOKIE = "lead";
const LEAD_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Sets the lead cookie on a response (after an application, or from a landing link). */
export function setLeadCookie(req: Request, res: Response, leadId: string): void {
  res.append(
    "Set-Cookie",
    serializeCookie(LEAD_COOKIE, leadId, {
      maxAgeSeconds: LEAD_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      secure: req.protocol === "https",
    }),
  );
}

/** The body parser of an application, for our form's endpoint and the partner API's. */
export const applicationBody = express.json({ limit: "8kb" });

/**
 * Checks an application with the form's schema, as of today in Colombo:
 * the application, or undefined once a 400 with the fields at fault is
 * answered. Our form's endpoint and the partner API's share it.
 */
export function parseApplication(res: Response, body: unknown, now: Date): Application | undefined {
  const parsed = applicationSchema(colomboToday(now)).safeParse(body);
  if (parsed.success) return parsed.data;
  sendError(
    res,
    400,
    "invalid_application",
    "The application is not valid.",
    fieldsOf(parsed.error),
  );
  return undefined;
}

/**
 * POST /api/applications: validates an application with the schema the
 * form uses, stores the lead (or finds the same person's lead of the last
 * 24 hours) and answers its opaque id: 201 for a new lead, 200 for a
 * repeat. Nothing of the body is logged or put in an address.
 */
export function applicationsRouter(
  storage: Storage,
  offers: readonly Offer[],
  country: CountryConfig,
): Router {
  const router = Router();
  // Only valid applications count: a visitor correcting a mistake is not
  // held back, while a flood of made-up applicants (each a new lead) is.
  const mayStore = rateLimitCheck({
    name: "application",
    perVisitor: { limit: 10, windowMs: TEN_MINUTES },
    perIp: { limit: 60, windowMs: TEN_MINUTES },
    visitorOf: clientIdOf,
  });
  router.post("/applications", applicationBody, async (req, res) => {
    const now = new Date();
    const application = parseApplication(res, req.body, now);
    if (!application || !mayStore(req, res)) return;
    const outcome = await createLead(storage, application, offers, now, country.leadId);
    setLeadCookie(req, res, outcome.leadId);
    res.setHeader("Cache-Control", "no-store");
    res.status(outcome.created ? 201 : 200).json({ leadId: outcome.leadId });
  });
  return router;
}
