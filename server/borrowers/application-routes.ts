import { Router } from "express";
import type { CountryConfig } from "../../core/country";
import type { Offer } from "../../core/schemas/offer";
import { setLeadCookie } from "../http/lead-cookie";
import { type RateLimitStore, rateLimitCheck, visitorAndIpRules } from "../http/rate-limit";
import { clientIdOf } from "../http/visitor";
import type { Storage } from "../storage/database";
import { applicationBody, parseApplication } from "./application-request";
import { createLead } from "./leads";

const TEN_MINUTES = 10 * 60 * 1000;

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
  limits: RateLimitStore,
): Router {
  const router = Router();
  // Only valid applications count: a visitor correcting a mistake is not
  // held back, while a flood of made-up applicants (each a new lead) is.
  const mayStore = rateLimitCheck({
    store: limits,
    name: "application",
    rules: visitorAndIpRules(
      clientIdOf,
      { limit: 10, windowMs: TEN_MINUTES },
      { limit: 60, windowMs: TEN_MINUTES },
    ),
  });
  router.post("/applications", applicationBody, async (req, res) => {
    const now = new Date();
    const application = parseApplication(res, req.body, now);
    if (!application || !(await mayStore(req, res))) return;
    const outcome = await createLead(storage, application, offers, now, country.leadId);
    setLeadCookie(req, res, outcome.leadId);
    res.setHeader("Cache-Control", "no-store");
    res.status(outcome.created ? 201 : 200).json({ leadId: outcome.leadId });
  });
  return router;
}
