import { type Request, Router } from "express";
import {
  decodeMarketing,
  MARKETING_COOKIE,
  MARKETING_SESSION_COOKIE,
} from "../../core/domain/marketing";
import { cookieValue } from "../../core/helpers/cookies";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localizedPaths,
  localizePath,
  splitLocalePath,
} from "../../core/locale";
import type { AssetManifest } from "../../core/views/site-contract";
import { renderClickoutDocument } from "../../site/server";
import { leadIdOf } from "../http/lead-cookie";
import { LOCALE_COOKIE } from "../http/locale-redirect";
import { PAGE_CONTENT_SECURITY_POLICY } from "../http/security-headers";
import type { OfferSource } from "../lenders/catalogue";
import { approvalFor } from "../lenders/decisions";
import type { Storage } from "../storage/database";
import { recordClick } from "./clicks";

/** The click-out's paths: as the offers page and partners link to it, and in each language. */
const PATHS = localizedPaths("/go/:offerId").flatMap((path) => [path, `${path}/`]);

/**
 * The page's language: the path's prefix (/en/go/…, /ta/go/…); for /go/… without one, the
 * language of our own page the visitor came from (the Referer: same origin only), else the
 * language they chose (the locale cookie), else Sinhala.
 */
function clickoutLocale(req: Request): Locale {
  const prefixed = splitLocalePath(req.path);
  if (prefixed.rest !== req.path) return prefixed.locale;
  const referer = req.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.hostname === req.hostname) return splitLocalePath(from.pathname).locale;
    } catch {
      // Not a URL: the other signals decide.
    }
  }
  const chosen = cookieValue(req.headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/**
 * A browser's navigation names HTML in its Accept header; an API client, a script or a
 * partner's server asking with `*` or nothing gets the redirect as before (decision 0375).
 */
function wantsPage(req: Request): boolean {
  return /\btext\/html\b/i.test(req.get("accept") ?? "");
}

/**
 * GET /go/{offerId} (and /en/go/…, /ta/go/…): the click-out (SPEC §2's
 * transition). Records the click (the click id, and the sub ids of the lead
 * or else the marketing cookies) and fills the lender's link; when the
 * visitor's lead has a lender's approval for the offer that has not lapsed
 * (issue 15), that approval's apply URL instead. A browser gets the
 * "leaving us" page (issue 32), whose "Continue" is that address, in a new
 * tab; any other client the 302 to it, as before. An unknown offer, or one
 * with neither link, falls through to the 404 page.
 */
export function clickoutRouter(
  storage: Storage,
  offers: OfferSource,
  assets: AssetManifest,
): Router {
  const router = Router();
  router.get(PATHS, async (req, res, next) => {
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
    res.setHeader("Cache-Control", "no-store");
    res.vary("Accept");
    if (req.method === "HEAD") {
      // Link checkers and prefetchers ask with HEAD: they are not visitors, so no click.
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
    // The lender learns the click id from its link, not where the visitor came from.
    res.setHeader("Referrer-Policy", "no-referrer");
    if (!wantsPage(req)) {
      res.redirect(302, location);
      return;
    }
    const locale = clickoutLocale(req);
    const page = renderClickoutDocument(
      { locale, offer, lenderUrl: location, backPath: localizePath(locale, "/offers/") },
      assets,
    );
    res
      .setHeader("Content-Security-Policy", PAGE_CONTENT_SECURITY_POLICY)
      .setHeader("Content-Language", page.locale)
      .setHeader("X-Robots-Tag", "noindex")
      .vary("Cookie")
      .vary("Referer")
      .type("html")
      .status(page.status)
      .send(page.html);
  });
  return router;
}
