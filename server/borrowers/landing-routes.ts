import { Router } from "express";
import { setLeadCookie } from "../http/lead-cookie";
import type { Storage } from "../storage/database";
import { isOpaqueId } from "../storage/opaque-ids";
import { findLead } from "./leads";

/**
 * /landing/offers/?token=… — a returning visitor's link from an SMS or an
 * e-mail. The token is the lead's opaque id; we put it in the lead cookie
 * and answer 303 to the same page without it, so the token leaves the
 * address bar, the history and any referrer at once. An unknown token just
 * loses its query: the page then shows the offers without an application.
 */
export function landingRouter(storage: Storage): Router {
  const router = Router();
  router.get(["/landing/offers/", "/en/landing/offers/"], async (req, res, next) => {
    const token = req.query.token;
    if (token === undefined) {
      next();
      return;
    }
    if (isOpaqueId(token) && (await findLead(storage, token))) setLeadCookie(req, res, token);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.redirect(303, req.path);
  });
  return router;
}
