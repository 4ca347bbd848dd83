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
    let noStore = false;
    try {
      // Not new URL(originalUrl, base): "//x/" would read as another host, "///" as no URL at all.
      const search = new URL(`http://localhost${req.originalUrl}`).search;
      const { noStore: personal, ...context } = await pageRequestContext(
        req,
        req.path,
        search,
        lookups,
      );
      noStore = personal;
      page = render(req.path, { ...options, ...context });
    } catch (error) {
      log.error("page render failed", { path: req.path, error });
      page = renderErrorPage(req.path, options);
    }
    res
      .status(page.status)
      .setHeader("Content-Security-Policy", PAGE_CONTENT_SECURITY_POLICY)
      .setHeader("Content-Language", page.locale)
      // The application form may hold the visitor's answers (decision 0196): never stored, so
      // that "back" asks again and a shared phone's cache keeps nothing.
      .setHeader("Cache-Control", noStore ? "private, no-store" : "no-cache")
      .vary("Cookie")
      .type("html")
      .send(page.html);
  };
}
