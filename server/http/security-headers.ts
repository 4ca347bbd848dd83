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
 * Headers every answer carries. On a site public over https, also HSTS: a
 * browser that has seen it never asks for the site over plain http, where
 * its cookies and forms could be read on the way.
 */
export function securityHeaders(httpsOrigin: boolean): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    if (httpsOrigin) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
