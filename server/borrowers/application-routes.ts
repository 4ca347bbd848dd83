import { Router } from "express";
import { z } from "zod";
import type { CountryConfig } from "../../core/domain/country";
import { DEFAULT_LOCALE, localeSchema } from "../../core/locale";
import { setPendingLeadCookie } from "../http/lead-cookie";
import { parseInput } from "../http/parse";
import { type RateLimitStore, rateLimitCheck, visitorAndIpRules } from "../http/rate-limit";
import { clientIdOf } from "../http/visitor";
import type { OfferSource } from "../lenders/catalogue";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { applicationBody, parseApplication } from "./application-request";
import { type CodeSendLimits, codeSendCheck, sendCode } from "./code-sending";
import { answerIsAbout, idempotent } from "./idempotency";
import { createLead, deleteUnverifiedLead, type PartnerOf } from "./leads";

const TEN_MINUTES = 10 * 60 * 1000;

/** The language of the SMS: the page's (the form sends it), Sinhala by default. */
const applicationQuerySchema = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) });

export interface ApplicationsRouterOptions {
  storage: Storage;
  offers: OfferSource;
  country: CountryConfig;
  /** The limits of people's writes (memory unless configured). */
  limits: RateLimitStore;
  messenger: Messenger;
  /** The site's public origin: its host ends each code's SMS (WebOTP, decision 0373). */
  site: { origin: string };
  codeSendLimits: CodeSendLimits;
  /** Which active partner an application's attribution names (the partners', from server/app.ts). */
  partnerOf: PartnerOf;
  clock: () => Date;
}

/**
 * POST /api/applications: validates an application with the schema the
 * form uses, stores it as a new unverified lead, sends a six-digit code to
 * the applicant's phone and answers 201 { leadId, verification }, with the
 * lead_pending cookie. A repeat of a verified lead (same NIC and phone
 * within 24 hours) answers exactly so: a new id, the code to the phone on
 * file, no cookie of the earlier lead. Nothing of the body is logged or
 * put in an address. With an `Idempotency-Key` (decision 0475) a repeat
 * answers the first's answer and cookies, and makes and sends nothing.
 */
export function applicationsRouter(options: ApplicationsRouterOptions): Router {
  const { storage, offers, country, limits, messenger, site, partnerOf, clock } = options;
  const router = Router();
  const now = () => clock().getTime();
  // Only valid applications count: a visitor correcting a mistake is not
  // held back, while a flood of made-up applicants (each a new lead) is.
  const mayStore = rateLimitCheck({
    store: limits,
    name: "application",
    now,
    rules: visitorAndIpRules(
      clientIdOf,
      { limit: 10, windowMs: TEN_MINUTES },
      { limit: 60, windowMs: TEN_MINUTES },
    ),
  });
  const maySend = codeSendCheck(storage, options.codeSendLimits, now);
  const once = idempotent({ storage, clock, route: "applications" });
  router.post("/applications", applicationBody, once, async (req, res) => {
    const at = clock();
    const query = parseInput(res, applicationQuerySchema, req.query, {
      code: "invalid_query",
      message: "The query is not valid.",
    });
    const application = query && parseApplication(res, req.body, at);
    if (!query || !application || !(await mayStore(req, res))) return;
    if (!(await maySend(req, res, { phone: application.phone }))) return;
    const lead = await createLead(storage, application, offers(), {
      now: at,
      leadForm: country.leadId,
      via: "site",
      locale: query.lang,
      partnerOf,
    });
    const sent = await sendCode(
      res,
      messenger,
      { phone: lead.phone, code: lead.code, locale: query.lang },
      site.origin,
    );
    if (!sent) {
      // Nothing waits for a code that never went: the applicant sends the form again.
      await deleteUnverifiedLead(storage, lead.leadId);
      return;
    }
    setPendingLeadCookie(req, res, lead.leadId);
    answerIsAbout(res, lead.leadId);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({ leadId: lead.leadId, verification: lead.verification });
  });
  return router;
}
