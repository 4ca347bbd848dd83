import type { Request, RequestHandler, Response } from "express";
import { sendError } from "../http/errors";
import type { Storage } from "../storage/database";
import { type Partner, partnerByPublishableKey, partnerBySecretKey } from "./partners";

/** The partner a request was authenticated as; set by the middlewares below. */
export function partnerOf(res: Response): Partner {
  const partner = res.locals.partner as Partner | undefined;
  if (!partner) throw new Error("partnerOf: no partner on this request");
  return partner;
}

/**
 * True when the request may come from where it says: a browser names its
 * page's origin in Origin, and it must be one the partner registered. A
 * request without Origin (a server, curl) passes for a secret key, which
 * is meant for servers; a publishable key is meant for browsers and must
 * come with a registered Origin.
 */
function originAllowed(req: Request, partner: Partner, required: boolean): boolean {
  const origin = req.get("Origin");
  if (origin === undefined) return !required;
  return partner.origins.includes(origin);
}

function refuseOrigin(res: Response): void {
  sendError(
    res,
    403,
    "origin_not_allowed",
    "This key may not be used from this origin; register the origin with us.",
  );
}

/**
 * The partner API's authentication: `Authorization: Bearer sk_…`. 401 for a
 * missing or wrong key (a publishable key is a wrong key here), 403 when a
 * browser sends it from an origin the partner did not register.
 */
export function requireSecretKey(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const header = req.get("Authorization");
    const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="partner API"');
      sendError(res, 401, "missing_key", "Send your secret key as Authorization: Bearer sk_….");
      return;
    }
    const partner = await partnerBySecretKey(storage, match[1]);
    if (!partner) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="partner API", error="invalid_token"');
      sendError(res, 401, "invalid_key", "This key is not a valid secret key.");
      return;
    }
    if (!originAllowed(req, partner, false)) {
      refuseOrigin(res);
      return;
    }
    res.locals.partner = partner;
    next();
  };
}

/** Where a publishable key may come: `?key=` (sendBeacon cannot set headers) or X-Publishable-Key. */
function publishableKeyOf(req: Request): unknown {
  const query = req.query as Record<string, unknown>;
  return query.key ?? req.get("X-Publishable-Key");
}

/**
 * The publishable key on the public feed and event endpoints: without one,
 * nothing changes; with one, it must be a partner's key (401) used from one
 * of that partner's origins (403), and the partner travels in res.locals.
 */
export function checkPublishableKey(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const key = publishableKeyOf(req);
    if (key === undefined) {
      next();
      return;
    }
    // The widget must be able to read a refusal; the answer depends on Origin.
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.vary("Origin");
    const partner =
      typeof key === "string" ? await partnerByPublishableKey(storage, key) : undefined;
    if (!partner) {
      sendError(res, 401, "invalid_key", "This key is not a valid publishable key.");
      return;
    }
    if (!originAllowed(req, partner, true)) {
      refuseOrigin(res);
      return;
    }
    res.locals.partner = partner;
    next();
  };
}

/**
 * CORS preflight for the public endpoints a partner's page calls with the
 * X-Publishable-Key header (a custom header makes the browser ask first).
 * No credentials: the answers are the same for every visitor.
 */
export const publicPreflight: RequestHandler = (_req, res) => {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, X-Publishable-Key");
  res.setHeader("Access-Control-Max-Age", "86400");
  res.status(204).end();
};
