import express, { type Request, type Response, Router } from "express";
import { quoteOffers, rankLeadOffers } from "../../core/domain/offer-quotes";
import { codeBodySchema } from "../../core/domain/schemas/verification";
import { colomboToday } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import { applicationBody, parseApplication } from "../borrowers/application-request";
import {
  type CodeSendLimits,
  codeSendCheck,
  offersLink,
  sendCode,
  sendConfirmation,
} from "../borrowers/code-sending";
import { createLead, deleteUnverifiedLead } from "../borrowers/leads";
import { type LenderDecisionsStarter, verifyCode } from "../borrowers/verification";
import {
  emptyBodySchema,
  resendAnswer,
  verifiedOrAnswered,
} from "../borrowers/verification-answers";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import { type RateLimitRule, type RateLimitStore, rateLimit } from "../http/rate-limit";
import type { OfferSource } from "../lenders/catalogue";
import type { DecisionNetwork } from "../lenders/decision-network";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import type { OffersOfLead } from "../offers/lead-offers";
import type { Storage } from "../storage/database";
import {
  leadIdSchema,
  leadOffersQuerySchema,
  leadsQuerySchema,
  offersQuerySchema,
  statsQuerySchema,
} from "./api-schemas";
import { waitForDecisions } from "./decisions-wait";
import { partnerOf, requireSecretKey } from "./keys";
import { type PartnerLead, partnerDecisions, partnerLead, partnerOffers } from "./offers";
import { activePartnerId } from "./partners";
import { partnerStats } from "./stats";

export interface PartnerApiOptions {
  storage: Storage;
  offers: OfferSource;
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  /** Requests a window per partner, counted in the store (storage: shared by every instance). */
  rateLimit: RateLimitRule & { store: RateLimitStore };
  /** The country config's lead id, stored on each lead (issue 6). */
  leadForm?: string | undefined;
  /** Sends the applicants' codes and confirmations. */
  messenger: Messenger;
  /** The limits on sending codes (counted per phone and per partner). */
  codeSendLimits: CodeSendLimits;
  log: Logger;
  now?: () => Date;
  /**
   * Asks lenders' decision APIs about a newly verified application (issue 15),
   * and tells of each decision recorded here (GET leads/{id}/offers?wait=).
   */
  decisions?: LenderDecisionsStarter & Pick<DecisionNetwork, "subscribe">;
  /** How often a waiting GET leads/{id}/offers reads storage between news (500 ms). */
  decisionsPollMs?: number | undefined;
  /**
   * A verified lead's offers and decisions, as the site reads them
   * (server/offers): the one source of every surface's list of a lead's offers.
   */
  leadOffers: (leadId: string) => Promise<OffersOfLead | undefined>;
}

const INVALID_QUERY = { code: "invalid_query", message: "The query is not valid." };

const unknownLead = (res: Response) =>
  sendError(res, 404, "unknown_lead", "You have no lead with this id.");

/** What every section of the partner API shares: its options and the helpers built on them. */
interface PartnerApi extends PartnerApiOptions {
  now: () => Date;
  /** The code-send limits' check, per phone and per partner. */
  maySend: ReturnType<typeof codeSendCheck>;
  /**
   * A verified lead's offers ranked as the site lists them (rankLeadOffers):
   * pre-approvals and matched offers, never a lender that declined or failed.
   * The one list of the verification answer, GET leads/{id}'s offerIds and
   * GET leads/{id}/offers.
   */
  listedOffers: (lead: OffersOfLead) => ReturnType<typeof rankLeadOffers>;
  /** Those offers in the partner API's shape. */
  shapedOffers: (lead: OffersOfLead, lang: Locale, via: string | null) => PartnerOfferList;
  /** The partner's own lead named by the path, or undefined once 404 unknown_lead is answered. */
  ownLead: (req: Request, res: Response) => Promise<PartnerLead | undefined>;
}

type PartnerOfferList = ReturnType<typeof partnerOffers>;

/** A section of the partner API: registers its routes on the router, in order. */
type PartnerApiSection = (router: Router, api: PartnerApi) => void;

/**
 * The partner API v1 (issue 8), under /api/partner/v1/: the OpenAPI
 * document and its reference page for anyone; the rest with a secret key
 * (Authorization: Bearer sk_…), limited per partner in storage. Thin: each
 * route parses with its schema (api-schemas.ts) and calls a service. A
 * lead's decisions and offers, waiting for them (issue 30): decision 0356.
 * Its sections (decision 0381): the offers, applying (a lead and its code),
 * a lead's status and offers, the statistics.
 */
export function partnerApiRouter(options: PartnerApiOptions): Router {
  const { storage, offers, site, now = () => new Date() } = options;
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
  const listedOffers = (lead: OffersOfLead) =>
    rankLeadOffers(offers(), lead, colomboToday(now()), { listedOnly: true });
  const api: PartnerApi = {
    ...options,
    now,
    maySend: codeSendCheck(storage, options.codeSendLimits, () => now().getTime()),
    listedOffers,
    shapedOffers: (lead, lang, via) =>
      partnerOffers(listedOffers(lead), lead, {
        origin: site.origin,
        lang,
        // The income is the partner's own only for a lead it sent through this API.
        withAffordability: via === "partner_api",
      }),
    async ownLead(req, res) {
      const id = leadIdSchema.safeParse(req.params.id);
      const lead = id.success ? await partnerLead(storage, partnerOf(res).id, id.data) : undefined;
      if (!lead) unknownLead(res);
      return lead;
    },
  };
  for (const section of [offersSection, applySection, leadSection, statsSection]) {
    section(router, api);
  }
  return router;
}

/** The application a verified lead of the partner stands for: its own, or the one it joined. */
const heldLeadId = (lead: PartnerLead) => lead.joined ?? lead.leadId;

/** GET offers: the catalogue's offers for an amount and a term, with the partner's apply links. */
const offersSection: PartnerApiSection = (router, { offers, site, now }) => {
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
      offers: partnerOffers(
        quoteOffers(offers(), { amount: query.amount, termDays: query.term }, today),
        { amount: query.amount, termDays: query.term },
        { origin: site.origin, lang: query.lang, applyAs: partnerOf(res).id },
      ),
    });
  });
};

/** POST leads, its code and a new code: an application sent by the partner, verified by SMS. */
const applySection: PartnerApiSection = (router, api) => {
  const { storage, offers, site, leadForm, messenger, log, now, maySend } = api;
  const resend = resendAnswer({ storage, messenger, site, unknown: unknownLead });
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
    if (!(await maySend(req, res, { phone: application.phone, partnerId: partner.id }))) return;
    // Like anyone's: a new unverified lead, whether or not the applicant applied before.
    const lead = await createLead(storage, { ...application, partner: partner.id }, offers(), {
      now: at,
      leadForm,
      via: "partner_api",
      locale: query.lang,
      partnerOf: activePartnerId,
    });
    if (!(await sendCode(res, messenger, { ...lead, locale: query.lang }, site.origin))) {
      await deleteUnverifiedLead(storage, lead.leadId);
      return;
    }
    res.status(201).json({ leadId: lead.leadId, verification: lead.verification });
  });

  router.post("/leads/:id/verification", express.json({ limit: "1kb" }), async (req, res) => {
    const query = parseInput(res, leadsQuerySchema, req.query, INVALID_QUERY);
    const body = query && parseInput(res, codeBodySchema, req.body);
    if (!query || !body) return;
    const partner = partnerOf(res);
    const id = String(req.params.id);
    const at = now();
    const scope = { via: "partner_api", partnerId: partner.id } as const;
    const outcome = await verifyCode(storage, id, body.code, scope, at);
    if (!verifiedOrAnswered(res, outcome, unknownLead)) return;
    if (!outcome.joined) await api.decisions?.begin(outcome.leadId, outcome.locale);
    const lead = await partnerLead(storage, partner.id, id);
    if (!lead) throw new Error("A lead just verified could not be read back");
    await sendConfirmation({ storage, messenger, origin: site.origin, log }, outcome, at);
    // The applicant's application: this lead, or the earlier one a repeat joined (0358).
    const held = await api.leadOffers(outcome.leadId);
    res.json({
      leadId: lead.leadId,
      status: lead.status,
      verified: true,
      duplicate: outcome.joined,
      // The applicant's offers: the earlier application's when this one repeats it.
      offersUrl: await offersLink(storage, site.origin, outcome.leadId, query.lang, at),
      offers: held ? api.shapedOffers(held, query.lang, lead.via) : [],
    });
  });

  router.post(
    "/leads/:id/verification/resend",
    express.json({ limit: "1kb" }),
    async (req, res) => {
      if (parseInput(res, emptyBodySchema, req.body ?? {}) === undefined) return;
      const partnerId = partnerOf(res).id;
      const mayProceed = (phone: string) => maySend(req, res, { phone, partnerId });
      const scope = { via: "partner_api", partnerId } as const;
      await resend(res, String(req.params.id), scope, mayProceed, now());
    },
  );
};

/** GET leads/{id} and GET leads/{id}/offers: a lead's status, its decisions and offers. */
const leadSection: PartnerApiSection = (router, api) => {
  const { offers, now } = api;
  router.get("/leads/:id", async (req, res) => {
    const lead = await api.ownLead(req, res);
    if (!lead) return;
    const { via: _via, joined: _joined, ...status } = lead;
    // Nothing of an unverified lead leaves us; a verified one's offers as the site lists them.
    const listed = lead.verified ? await api.leadOffers(heldLeadId(lead)) : undefined;
    const offerIds = listed ? api.listedOffers(listed).map((item) => item.offer.offer_id) : [];
    res.json({ ...status, offerIds });
  });

  router.get("/leads/:id/offers", async (req, res) => {
    const query = parseInput(res, leadOffersQuerySchema, req.query, INVALID_QUERY);
    if (!query) return;
    const lead = await api.ownLead(req, res);
    if (!lead) return;
    const answer = (held: OffersOfLead | undefined) => ({
      leadId: lead.leadId,
      verified: lead.verified,
      duplicate: lead.duplicate,
      amount: held?.amount ?? lead.amount,
      term: held?.termDays ?? lead.term,
      lang: query.lang,
      currency: "LKR",
      startDate: colomboToday(now()),
      // Nothing of an unverified lead leaves us (decision 0356).
      decisions: held ? partnerDecisions(held.decisions, offers(), query.lang) : null,
      offers: held ? api.shapedOffers(held, query.lang, lead.via) : [],
    });
    const heldId = heldLeadId(lead);
    const first = lead.verified ? await api.leadOffers(heldId) : undefined;
    if (!first) {
      res.json(answer(undefined));
      return;
    }
    // The client going away ends the wait: no listener or timer is left behind.
    const gone = new AbortController();
    const onClose = () => gone.abort();
    res.on("close", onClose);
    const settled = await waitForDecisions(first, {
      read: () => api.leadOffers(heldId),
      subscribe: (listener) => api.decisions?.subscribe(heldId, listener) ?? (() => {}),
      waitMs: query.wait * 1000,
      pollMs: api.decisionsPollMs ?? 500,
      now,
      signal: gone.signal,
    });
    res.off("close", onClose);
    if (gone.signal.aborted) return;
    res.json(answer(settled));
  });
};

/** GET stats: the partner's own figures over a period. */
const statsSection: PartnerApiSection = (router, { storage }) => {
  router.get("/stats", async (req, res) => {
    const query = parseInput(res, statsQuerySchema, req.query, INVALID_QUERY);
    if (!query) return;
    res.json(await partnerStats(storage, partnerOf(res).id, query.from, query.to));
  });
};
