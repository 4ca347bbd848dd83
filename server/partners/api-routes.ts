import { type Response, Router } from "express";
import type { z } from "zod";
import { colomboToday } from "../../core/dates";
import { localizePath } from "../../core/locale";
import type { Offer } from "../../core/schemas/offer";
import { applicationBody, parseApplication } from "../borrowers/application-routes";
import { createLead } from "../borrowers/leads";
import { fieldsOf, sendError } from "../http/errors";
import { type SharedRateLimit, sharedRateLimit } from "../http/shared-rate-limit";
import type { Storage } from "../storage/database";
import { leadIdSchema, leadsQuerySchema, offersQuerySchema, statsQuerySchema } from "./api-schemas";
import { partnerOf, requireSecretKey } from "./keys";
import { partnerLead, partnerOffers } from "./offers";
import { partnerApiDocsRouter } from "./openapi";
import { partnerStats } from "./stats";

export interface PartnerApiOptions {
  storage: Storage;
  offers: readonly Offer[];
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  rateLimit: SharedRateLimit;
  /** The country config's lead id, stored on each lead (issue 6). */
  leadForm?: string | undefined;
  now?: () => Date;
}

function parseQuery<Schema extends z.ZodType>(
  schema: Schema,
  query: unknown,
  res: Response,
): z.output<Schema> | undefined {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  sendError(res, 400, "invalid_query", "The query is not valid.", fieldsOf(parsed.error));
  return undefined;
}

/**
 * The partner API v1 (issue 8), under /api/partner/v1/: the OpenAPI
 * document and its reference page for anyone; the rest with a secret key
 * (Authorization: Bearer sk_…), limited per partner in storage. Thin: each
 * route parses with its schema (partner-api-schemas.ts) and calls a service.
 */
export function partnerApiRouter(options: PartnerApiOptions): Router {
  const { storage, offers, site, rateLimit, leadForm, now = () => new Date() } = options;
  const router = Router();
  router.use(partnerApiDocsRouter(site));

  router.use(requireSecretKey(storage));
  router.use(sharedRateLimit(storage, rateLimit, (res) => `partner:${partnerOf(res).id}`));

  router.get("/offers", (req, res) => {
    const query = parseQuery(offersQuerySchema, req.query, res);
    if (!query) return;
    const today = colomboToday(now());
    res.json({
      amount: query.amount,
      term: query.term,
      lang: query.lang,
      currency: "LKR",
      startDate: today,
      offers: partnerOffers(offers, { amount: query.amount, termDays: query.term }, today, {
        origin: site.origin,
        lang: query.lang,
        applyAs: partnerOf(res).id,
      }),
    });
  });

  router.post("/leads", applicationBody, async (req, res) => {
    const query = parseQuery(leadsQuerySchema, req.query, res);
    if (!query) return;
    const partner = partnerOf(res);
    const at = now();
    const application = parseApplication(res, req.body, at);
    if (!application) return;
    if (application.partner !== undefined && application.partner !== partner.id) {
      sendError(res, 400, "invalid_application", "The application is not valid.", {
        partner: "must be your partner id, or left out",
      });
      return;
    }
    const outcome = await createLead(
      storage,
      { ...application, partner: partner.id },
      offers,
      at,
      leadForm,
    );
    if (!outcome.created && outcome.partnerId !== partner.id) {
      // Not a new lead, and not yours: we neither pay twice nor hand out another's lead id.
      sendError(
        res,
        409,
        "duplicate_application",
        "This applicant applied within the last 24 hours through another channel; it is not a new lead.",
      );
      return;
    }
    const lead = await partnerLead(storage, partner.id, outcome.leadId);
    if (!lead) throw new Error("A lead just made or found could not be read back");
    const offersPath = localizePath(query.lang, "/landing/offers/");
    res.status(outcome.created ? 201 : 200).json({
      leadId: lead.leadId,
      status: lead.status,
      duplicate: !outcome.created,
      offersUrl: `${site.origin}${offersPath}?token=${encodeURIComponent(lead.leadId)}`,
      offers: partnerOffers(
        offers,
        { amount: lead.amount, termDays: lead.term },
        colomboToday(new Date(lead.createdAt)),
        { origin: site.origin, lang: query.lang, activeOfferIds: lead.offerIds, activeOnly: true },
      ),
    });
  });

  router.get("/leads/:id", async (req, res) => {
    const id = leadIdSchema.safeParse(req.params.id);
    const lead = id.success ? await partnerLead(storage, partnerOf(res).id, id.data) : undefined;
    if (!lead) {
      sendError(res, 404, "unknown_lead", "You have no lead with this id.");
      return;
    }
    res.json(lead);
  });

  router.get("/stats", async (req, res) => {
    const query = parseQuery(statsQuerySchema, req.query, res);
    if (!query) return;
    res.json(await partnerStats(storage, partnerOf(res).id, query.from, query.to));
  });

  return router;
}
