import type { Request } from "express";

/**
 * Whether our cookies carry Secure: always when the site is public over https
 * (app.locals.httpsOrigin, set by createApp from PUBLIC_ORIGIN), whatever
 * the request looked like on its way through a proxy; else when the request
 * itself came over https.
 */
export function secureCookies(req: Request): boolean {
  return req.app.locals.httpsOrigin === true || req.protocol === "https";
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Out of reach of scripts (and of anything injected into a page). */
  httpOnly: boolean;
  /** Only over https; set it from the request's protocol. */
  secure: boolean;
  /** Site-wide unless given. */
  path?: string;
  /** Lax unless given: links from other sites (a lender, an SMS) keep the visitor's cookies. */
  sameSite?: "Lax" | "Strict";
}

/** A Set-Cookie value, the value URI-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
    ...(options.httpOnly ? ["HttpOnly"] : []),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
