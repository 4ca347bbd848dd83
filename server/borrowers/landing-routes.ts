import { Router } from "express";
import { setLeadCookie } from "../http/lead-cookie";
import type { Storage } from "../storage/database";
import { redeemLandingToken } from "./landing-tokens";

/**
 * /landing/offers/?token=… — a returning visitor's link from the
 * confirmation e-mail or a partner's offersUrl. The token is opaque and
 * expires (landing-tokens.ts), never a lead id; a good one names a
 * verified lead, which goes into the lead cookie. The answer is a 303 to
 * the same page without the token, so that it leaves the address bar, the
 * history and any referrer at once. Any other token just loses its query:
 * the page then shows the offers without an application.
 */
export function landingRouter(storage: Storage, clock: () => Date = () => new Date()): Router {
  const router = Router();
  router.get(["/landing/offers/", "/en/landing/offers/"], async (req, res, next) => {
    const token = req.query.token;
    if (token === undefined) {
      next();
      return;
    }
    const leadId = await redeemLandingToken(storage, token, clock());
    if (leadId) setLeadCookie(req, res, leadId);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.redirect(303, req.path);
  });
  return router;
}
