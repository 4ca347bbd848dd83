import type { RequestHandler } from "express";
import { sendError } from "./errors";

/**
 * Refuses a plain form post (application/x-www-form-urlencoded) from
 * another site: browsers send Origin with every POST, so a forged form
 * (asking codes for someone, sending someone's offers) names a foreign
 * origin. JSON from other sites cannot arrive without a CORS preflight,
 * which the borrower's endpoints never grant.
 */
export const sameSiteForms: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (req.is("application/x-www-form-urlencoded") && origin !== undefined) {
    const host = req.headers.host;
    let sameOrigin = false;
    try {
      sameOrigin = host !== undefined && new URL(origin).host === host;
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) {
      sendError(res, 403, "cross_site_form", "This form can only be sent from our own pages.");
      return;
    }
  }
  next();
};
