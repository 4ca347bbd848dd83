import type { RequestHandler } from "express";

/**
 * Where a path without a trailing slash should go (SPEC §2), or undefined
 * when it stays: paths with a dot (files) or "client-api" are left alone.
 * Leading slashes and backslashes collapse to one, so "//evil.example"
 * cannot become a protocol-relative redirect to another site.
 */
export function trailingSlashTarget(path: string, search: string): string | undefined {
  if (path.endsWith("/") || path.includes(".") || path.includes("client-api")) return undefined;
  const safePath = path.replace(/^[/\\]+/, "/");
  return `${safePath}/${search}`;
}

export const trailingSlashRedirect: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    next();
    return;
  }
  const queryStart = req.originalUrl.indexOf("?");
  const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
  const target = trailingSlashTarget(req.path, search);
  if (target === undefined) {
    next();
    return;
  }
  res.redirect(301, target);
};
