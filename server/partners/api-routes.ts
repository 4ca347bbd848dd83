import { Router } from "express";
import { colomboToday } from "../../core/dates";
import { localizePath } from "../../core/locale";
import type { Offer } from "../../core/schemas/offer";
import { applicationBody, parseApplication } from "../borrowers/application-request";
import { createLead } from "../borrowers/leads";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import { type RateLimitRule, type RateLimitStore, rateLimit } from "../http/rate-limit";
import type { Storage } from "../storage/database";
import { leadIdSchema, leadsQuerySchema, offersQuerySchema, statsQuerySchema } from "./api-schemas";
import { partnerOf, requireSecretKey } from "./keys";
import { partnerLead, partnerOffers } from "./offers";
import { partnerStats } from "./stats";

export interface PartnerApiOptions {
  storage: Storage;
  offers: readonly Offer[];
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  /** Requests a window per partner, counted in the store (storage: shared by every instance). */
  rateLimit: RateLimitRule & { store: RateLimitStore };
  /** The country config's lead id, stored on each lead (issue 6). */
  leadForm?: string | undefined;
  now?: () => Date;
}

const INVALID_QUERY = { code: "invalid_query", message: "The query is not valid." };

/**
 * The partner API v1 (issue 8), under /api/partner/v1/: the OpenAPI
 * document and its reference page for anyone; the rest with a secret key
 * (Authorization: Bearer sk_…), limited per partner in storage. Thin: each
 * route parses with its schema (api-schemas.ts) and calls a service.
 */
export function partnerApiRouter(options: PartnerApiOptions): Router {
  const { storage, offers, site, leadForm, now = () => new Date() } = options;
  const { store, ...rule } = options.rateLimit;
  const router = Router();
  router.use(requireSecretKey(storage));
  router.use(
    rateLimit({
      store,
      name: "partner API",
      // Per partner, not per key string: a rotation does not reset the count.
      rules: [{ ...rule, keyOf: (_req, res) => partnerOf(res).id }],
      headers: true,
    }),
  );

  router.get("/offers", (req, res) => {
    const query = parseInput(res, offersQuerySchema, req.query, INVALID_QUERY);
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
    const query = parseInput(res, leadsQuerySchema, req.query, INVALID_QUERY);
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
    const query = parseInput(res, statsQuerySchema, req.query, INVALID_QUERY);
    if (!query) return;
    res.json(await partnerStats(storage, partnerOf(res).id, query.from, query.to));
  });

  return router;
}
