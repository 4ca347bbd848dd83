import { type Response, Router } from "express";
import { COUNTRY_CODES } from "../../core/domain/country";
import { feedConfigName, feedConfigNamesOf } from "../../core/domain/feed-config";
import { rankCatalogue } from "../../core/domain/offer-quotes";
import { LOAN_AMOUNT_LK, LOAN_TERM_LK } from "../../core/domain/product";
import type { Offer } from "../../core/domain/schemas/offer";
import { colomboToday } from "../../core/helpers/dates";
import { sendError } from "../http/errors";
import type { Catalogues } from "../lenders/catalogue";
import type { Logger } from "../log";
import type { LeadOffersSource } from "./lead-offers";

const FEED_CONFIG_NAME = /^[a-z]{2}(_[a-z]{2})?$/;

/** The config names of every country we know (SPEC §1's list): ro, kz_ru, ua_ru, ua_ua, … */
const KNOWN_CONFIGS: ReadonlySet<string> = new Set(COUNTRY_CODES.flatMap(feedConfigNamesOf));

const NO_OFFERS: readonly Offer[] = Object.freeze([]);

/**
 * GET /api/feed/config — this deployment's offers: the config SPEC §7's rule
 * names for COUNTRY (lk, kz_ru, ua_ua, …; our pages and the widget have no
 * /ru/), named in Content-Location. What the widget loads (decision 0323).
 * GET /api/feed/config/:name — the offers of one feed config (SPEC §3, §7),
 * every one, in ranking order for the calculator's default loan (decision
 * 0120): those that lend it by total to pay, then the others by header. The
 * deployment's config names serve its lenders; another country's of SPEC
 * §1 answers an empty list (it lists nobody here); any other name a 404.
 * GET /api/feed/leads?lead_id=…&page=all&direction=swap&pf=1 — the ids of
 * the offers active for a lead (SPEC §7), a JSON array.
 * Public and CORS-open: partners' pages load them through the widget. The
 * lead feed tells nothing about the person: only which offers fit.
 */
export function feedRouter({
  catalogues,
  country,
  leadOffers,
  log,
}: {
  catalogues: Catalogues;
  /** COUNTRY: which config `GET /api/feed/config` serves. */
  country: string;
  leadOffers: LeadOffersSource;
  log: Logger;
}): Router {
  const router = Router();
  const ownConfig = feedConfigName(country, "/");
  const sendConfig = (res: Response, name: string) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    const catalogue = FEED_CONFIG_NAME.test(name) ? catalogues.get(name) : undefined;
    if (!catalogue && !KNOWN_CONFIGS.has(name)) {
      sendError(res, 404, "unknown_feed_config", `There is no feed config named "${name}".`);
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=300");
    const loan = { amount: LOAN_AMOUNT_LK.default, termDays: LOAN_TERM_LK.default };
    const offers = catalogue?.offers() ?? NO_OFFERS;
    res.json(rankCatalogue(offers, loan, colomboToday(new Date())));
  };
  router.get("/feed/config", (_req, res) => {
    res.setHeader("Content-Location", `/api/feed/config/${ownConfig}`);
    sendConfig(res, ownConfig);
  });
  router.get("/feed/config/:name", (req, res) => sendConfig(res, req.params.name));
  router.get("/feed/leads", async (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-store");
    const leadId = typeof req.query.lead_id === "string" ? req.query.lead_id : "";
    if (!leadId) {
      // SPEC §8's message, for whoever integrates the feed.
      log.warn("you should pass slParams.lead_id");
      sendError(res, 400, "missing_lead_id", "you should pass slParams.lead_id");
      return;
    }
    const lead = await leadOffers.read(leadId);
    if (!lead) {
      sendError(res, 404, "unknown_lead", "There is no lead with this id.");
      return;
    }
    res.json(lead.activeOfferIds);
  });
  return router;
}
