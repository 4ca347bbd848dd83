import type { RequestHandler } from "express";
import { renderErrorPage, renderPage } from "../../site/server";
import { PAGE_CONTENT_SECURITY_POLICY } from "../http/security-headers";
import type { Logger } from "../log";
import {
  type PageLookups,
  type PageOptions,
  pageRequestContext,
  renderOptionsOf,
} from "./page-context";

/** Server-renders every GET of a page path, in the locale its prefix names. */
export function pagesHandler(
  pageOptions: PageOptions,
  lookups: PageLookups,
  log: Logger,
  render: typeof renderPage = renderPage,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    const options = renderOptionsOf(pageOptions);
    let page: ReturnType<typeof renderPage>;
    try {
      // Not new URL(originalUrl, base): "//x/" would read as another host, "///" as no URL at all.
      const search = new URL(`http://localhost${req.originalUrl}`).search;
      page = render(req.path, {
        ...options,
        ...(await pageRequestContext(req, req.path, search, lookups)),
      });
    } catch (error) {
      log.error("page render failed", { path: req.path, error });
      page = renderErrorPage(req.path, options);
    }
    res
      .status(page.status)
      .setHeader("Content-Security-Policy", PAGE_CONTENT_SECURITY_POLICY)
      .setHeader("Content-Language", page.locale)
      .setHeader("Cache-Control", "no-cache")
      .vary("Cookie")
      .type("html")
      .send(page.html);
  };
}
