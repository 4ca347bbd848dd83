import { Router } from "express";
import { cookieValue } from "../../core/cookies";
import { decodeMarketing, MARKETING_COOKIE, MARKETING_SESSION_COOKIE } from "../../core/marketing";
import { leadIdOf } from "../http/lead-cookie";
import type { OfferSource } from "../lenders/catalogue";
import { approvalFor } from "../lenders/decisions";
import type { Storage } from "../storage/database";
import { recordClick } from "./clicks";

/**
 * GET /go/{offerId}: the click-out (SPEC §2's transition). Records the
 * click and sends the visitor on with 302 to the lender's link, the click id
 * and the sub ids filled in (the lead's, or the marketing cookies'); when the
 * visitor's lead has a lender's approval for the offer that has not lapsed
 * (issue 15), to that approval's apply URL instead. An unknown offer, or one
 * with neither, falls through to the 404 page.
 */
export function clickoutRouter(storage: Storage, offers: OfferSource): Router {
  const router = Router();
  router.get(["/go/:offerId", "/go/:offerId/"], async (req, res, next) => {
    const offerId = String(req.params.offerId);
    const offer = offers().find((candidate) => String(candidate.offer_id) === offerId);
    const leadId = leadIdOf(req);
    const approval =
      offer && leadId ? await approvalFor(storage, leadId, offer.offer_id, new Date()) : undefined;
    const link = approval?.applyUrl ?? offer?.lender_link;
    if (!offer || !link) {
      next();
      return;
    }
    if (req.method === "HEAD") {
      // Link checkers and prefetchers ask with HEAD: they are not visitors, so no click.
      res.setHeader("Cache-Control", "no-store");
      res.status(200).end();
      return;
    }
    const cookies = req.headers.cookie;
    // Without an application, the campaign that brought the visitor (the marketing cookies).
    const { promo: _promo, ...marketing } = {
      ...decodeMarketing(cookieValue(cookies, MARKETING_COOKIE)),
      ...decodeMarketing(cookieValue(cookies, MARKETING_SESSION_COOKIE)),
    };
    const { location } = await recordClick(storage, offer, leadId, new Date(), marketing, link);
    res.setHeader("Cache-Control", "no-store");
    // The lender learns the click id from its link, not where the visitor came from.
    res.setHeader("Referrer-Policy", "no-referrer");
    res.redirect(302, location);
  });
  return router;
}
