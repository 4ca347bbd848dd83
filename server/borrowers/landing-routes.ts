import { Router } from "express";
import { localizedPaths, localizePath, splitLocalePath } from "../../core/locale";
import { setLeadCookie } from "../http/lead-cookie";
import type { Storage } from "../storage/database";
import { redeemLandingToken } from "./landing-tokens";

/**
 * /landing/offers/?token=… — a returning visitor's link from the
 * confirmation e-mail or a partner's offersUrl. The token is opaque and
 * expires (landing-tokens.ts), never a lead id; a good one names a
 * verified lead, which goes into the lead cookie. The answer is a 303 to
 * the same page without the token, so that it leaves the address bar, the
 * history and any referrer at once. Any other token (past its seven days,
 * deleted with its lead, or never ours) goes to /offers-link/expired/ in
 * the address's language, which says the link no longer works and what to
 * do (decision 0205).
 */
export function landingRouter(storage: Storage, clock: () => Date = () => new Date()): Router {
  const router = Router();
  const paths = localizedPaths("/landing/offers/");
  router.get(paths, async (req, res, next) => {
    const token = req.query.token;
    if (token === undefined) {
      next();
      return;
    }
    const leadId = await redeemLandingToken(storage, token, clock());
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    if (!leadId) {
      const { locale } = splitLocalePath(req.path);
      res.redirect(303, localizePath(locale, "/offers-link/expired/"));
      return;
    }
    setLeadCookie(req, res, leadId);
    res.redirect(303, req.path);
  });
  return router;
}
