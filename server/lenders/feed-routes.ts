import { Router } from "express";
import { colomboToday } from "../../core/dates";
import { rankCatalogue } from "../../core/offer-quotes";
import { LOAN_AMOUNT_LK, LOAN_TERM_LK } from "../../core/product";
import { sendError } from "../http/errors";
import type { Logger } from "../log";
import type { Catalogues } from "./catalogue";
import type { LeadFeed } from "./lead-feed";

const FEED_CONFIG_NAME = /^[a-z]{2}(_[a-z]{2})?$/;

/**
 * GET /api/feed/config/:name — the offers of one feed config (SPEC §3, §7),
 * every one, in ranking order for the calculator's default loan (decision
 * 0120): those that lend it by total to pay, then the others by header.
 * GET /api/feed/leads?lead_id=…&page=all&direction=swap&pf=1 — the ids of
 * the offers active for a lead (SPEC §7), a JSON array.
 * Public and CORS-open: partners' pages load them through the widget. The
 * lead feed tells nothing about the person: only which offers fit.
 */
export function feedRouter({
  catalogues,
  leadFeed,
  log,
}: {
  catalogues: Catalogues;
  leadFeed: LeadFeed;
  log: Logger;
}): Router {
  const router = Router();
  router.get("/feed/config/:name", (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    const { name } = req.params;
    const catalogue = FEED_CONFIG_NAME.test(name) ? catalogues.get(name) : undefined;
    if (!catalogue) {
      sendError(res, 404, "unknown_feed_config", `There is no feed config named "${name}".`);
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=300");
    const loan = { amount: LOAN_AMOUNT_LK.default, termDays: LOAN_TERM_LK.default };
    res.json(rankCatalogue(catalogue.offers(), loan, colomboToday(new Date())));
  });
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
    const result = await leadFeed.offerIdsFor(leadId);
    if (!result.found) {
      sendError(res, 404, "unknown_lead", "There is no lead with this id.");
      return;
    }
    res.json(result.offerIds);
  });
  return router;
}
