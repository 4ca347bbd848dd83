import type { RequestHandler } from "express";

/**
 * Our own pages allow only our own scripts and styles: no inline script, no
 * inline style, no eval. Page state travels as JSON in a
 * <script type="application/json">, which CSP does not execute.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** A year; browsers keep to https for the site and its subdomains that long. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers every answer carries, as name and value in turn (what
 * `res.writeHead` takes). On a site public over https, also HSTS: a
 * browser that has seen it never asks for the site over plain http, where
 * its cookies and forms could be read on the way.
 */
export function securityHeaderList(httpsOrigin: boolean): readonly string[] {
  return [
    "X-Content-Type-Options",
    "nosniff",
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
    ...(httpsOrigin ? ["Strict-Transport-Security", HSTS] : []),
  ];
}

/** Sets securityHeaderList's headers on every answer. */
export function securityHeaders(httpsOrigin: boolean): RequestHandler {
  const list = securityHeaderList(httpsOrigin);
  return (_req, res, next) => {
    for (let index = 0; index < list.length; index += 2) {
      res.setHeader(list[index] as string, list[index + 1] as string);
    }
    next();
  };
}
