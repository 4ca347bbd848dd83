import type { Request, Response } from "express";
import { cookieValue } from "../../core/cookies";
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

/** Sets the lead cookie on a response (after an application, or from a landing link). */
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
