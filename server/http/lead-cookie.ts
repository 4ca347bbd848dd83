import type { Request, Response } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import { secureCookies, serializeCookie } from "./cookies";

/**
 * The cookie that lets /offers/ show a visitor their matched offers: the
 * lead's opaque id, no personal data. HttpOnly, so no script (ours or one
 * injected into a page) can read it.
 */
export const LEAD_COOKIE = "lead";
const LEAD_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The lead id in the request's cookie, unchecked: look it up before trusting it. */
export function leadIdOf(req: Request): string | undefined {
  return cookieValue(req.headers.cookie, LEAD_COOKIE);
}

/** Sets the lead cookie on a response (once an application is verified, or from a landing link). */
export function setLeadCookie(req: Request, res: Response, leadId: string): void {
  res.append(
    "Set-Cookie",
    serializeCookie(LEAD_COOKIE, leadId, {
      maxAgeSeconds: LEAD_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      secure: secureCookies(req),
    }),
  );
}

/** Forgets the browser's link to its application (after an erasure). */
export function clearLeadCookie(req: Request, res: Response): void {
  res.append(
    "Set-Cookie",
    serializeCookie(LEAD_COOKIE, "", {
      maxAgeSeconds: 0,
      httpOnly: true,
      secure: secureCookies(req),
    }),
  );
}

/**
 * The application waiting for its code (issue 14): the unverified lead's
 * opaque id, set with the answer to an application, so that its offers
 * page asks for the code first. HttpOnly; it lives as long as an
 * unverified lead is kept (24 hours) and goes once the code is entered.
 */
export const PENDING_LEAD_COOKIE = "lead_pending";
const PENDING_LEAD_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The pending lead id in the request's cookie, unchecked. */
export function pendingLeadIdOf(req: Request): string | undefined {
  return cookieValue(req.headers.cookie, PENDING_LEAD_COOKIE);
}

export function setPendingLeadCookie(req: Request, res: Response, leadId: string): void {
  res.append(
    "Set-Cookie",
    serializeCookie(PENDING_LEAD_COOKIE, leadId, {
      maxAgeSeconds: PENDING_LEAD_MAX_AGE_SECONDS,
      httpOnly: true,
      secure: secureCookies(req),
    }),
  );
}

export function clearPendingLeadCookie(req: Request, res: Response): void {
  res.append(
    "Set-Cookie",
    serializeCookie(PENDING_LEAD_COOKIE, "", {
      maxAgeSeconds: 0,
      httpOnly: true,
      secure: secureCookies(req),
    }),
  );
}
