import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { cookieValue } from "../../core/helpers/cookies";
import { colomboToday } from "../../core/helpers/dates";
import { pageNeeds, renderErrorPage, renderPage } from "../../site/server";
import { sendError } from "../http/errors";
import { hasNul } from "../http/nul-address";
import { sameSiteForms } from "../http/same-site-forms";
import { PAGE_CONTENT_SECURITY_POLICY } from "../http/security-headers";
import type { Logger } from "../log";
import { type PageLoaders, PRIVATE_DATA } from "./loaders";
import { type CachedPage, encodingWanted, type PageCache } from "./page-cache";
import { type PageOptions, pageRequestContext, renderOptionsOf } from "./page-context";

/** The page cache and what makes a request personal, so never served from it nor stored. */
export interface PageCaching {
  cache: PageCache;
  /** Cookies that change a page or name a person: lead, pending lead, sessions (decision 0261). */
  personalCookies: readonly string[];
}

/**
 * Query names no page reads (decision 0261): campaign tags on links to any
 * page. The application form does read them: it is cached only without any
 * query (decision 0311).
 */
const IGNORED_QUERY = /^(utm_(source|medium|campaign|content|term)|gclid|fbclid)$/;

/** Server-renders every GET of a page path, in the locale its prefix names. */
export function pagesHandler(
  pageOptions: PageOptions,
  loaders: PageLoaders,
  log: Logger,
  render: typeof renderPage = renderPage,
  caching?: PageCaching,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "POST" && pageNeeds(req.path).form) {
      const form = await pageForm(req, res, next);
      if (!form) return;
      let page: ReturnType<typeof renderPage>;
      try {
        const context = await pageRequestContext(req, req.path, "", loaders);
        page = render(req.path, { ...renderOptionsOf(pageOptions), ...context, form });
      } catch (error) {
        log.error("page render failed", { path: req.path, error });
        page = renderErrorPage(req.path, renderOptionsOf(pageOptions));
      }
      // The answers are the visitor's: never cached, never stored by a browser or a proxy.
      pageHeaders(res, page.locale, true).status(page.status).send(page.html);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    // Not new URL(originalUrl, base): "//x/" would read as another host, "///" as no URL at all.
    const search = new URL(`http://localhost${req.originalUrl}`).search;
    let key: string | undefined;
    let generation = 0;
    if (caching) {
      const found = await lookUp(req, search, pageOptions, caching, log);
      if (found?.hit) {
        sendCached(req, res, caching.cache, found.key, found.hit);
        return;
      }
      key = found?.key;
      generation = found?.generation ?? 0;
    }
    const options = renderOptionsOf(pageOptions);
    let page: ReturnType<typeof renderPage>;
    let noStore = false;
    try {
      const { noStore: personal, ...context } = await pageRequestContext(
        req,
        req.path,
        search,
        loaders,
      );
      noStore = personal;
      page = render(req.path, { ...options, ...context });
    } catch (error) {
      log.error("page render failed", { path: req.path, error });
      page = renderErrorPage(req.path, options);
      key = undefined;
    }
    // Only a page found is kept: unknown paths would fill the budget with 404s.
    if (caching && key !== undefined && page.status === 200) {
      const identity = Buffer.from(page.html);
      const etagOf = req.app.get("etag fn") as
        | ((body: Buffer, encoding?: BufferEncoding) => string | undefined)
        | undefined;
      caching.cache.set(
        key,
        { locale: page.locale, etag: etagOf?.(identity), identity, noStore },
        generation,
      );
    }
    pageHeaders(res, page.locale, noStore).status(page.status).send(page.html);
  };
}

/**
 * Serves cached pages early, before the routers that never answer a page
 * path (decision 0262): a page is stored only after every one of them let
 * its path through, and nothing else of the request but the key decides
 * that, except "/", which redirects by the locale cookie and the browser's
 * languages and so is served from the cache by pagesHandler only. Placed
 * before the compression middleware too (decision 0485): a hit is sent as
 * stored, with the headers the middleware and res.send would give it. What
 * this does not answer goes on to them: an address or cookie with NUL
 * (refused further on), a conditional request (res.send's 304), deflate.
 */
export function cachedPagesHandler(
  pageOptions: PageOptions,
  caching: PageCaching,
  log: Logger,
  alwaysHeaders: readonly string[],
): RequestHandler {
  const answer = (req: Request, res: Response, next: NextFunction, found: Found | undefined) => {
    if (!found?.hit) {
      next();
      return;
    }
    const { key, hit } = found;
    const encoded = req.method === "GET" ? caching.cache.encoded(key, hit, req) : undefined;
    if (encoded === undefined && encodingWanted(req) === "deflate") {
      next();
      return;
    }
    const body = encoded?.body ?? hit.identity;
    const encoding = encoded?.encoding ?? "identity";
    // Every header at once, made once per page and encoding: the security headers (this
    // runs before their middleware, decision 0489), a rendered page's, and what the
    // compression middleware and res.send would add (Vary, ETag, Content-Length).
    hit.headers ??= {};
    hit.headers[encoding] ??= [
      ...alwaysHeaders,
      ...pageHeaderList(hit.locale, hit.noStore),
      "Vary",
      "Cookie, Accept-Encoding",
      ...(hit.etag ? ["ETag", hit.etag] : []),
      ...(encoded ? ["Content-Encoding", encoded.encoding] : []),
      "Content-Length",
      String(body.length),
    ];
    res.writeHead(200, hit.headers[encoding]);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
  return (req, res, next) => {
    const notPage = req.path === "/" || /^\/(api|assets|widget)\//.test(req.path);
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      notPage ||
      hasNul(req) ||
      req.headers["if-none-match"] !== undefined ||
      req.headers["if-modified-since"] !== undefined
    ) {
      next();
      return;
    }
    const queryStart = req.originalUrl.indexOf("?");
    const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
    const found = lookUp(req, search, pageOptions, caching, log);
    if (found instanceof Promise) found.then((known) => answer(req, res, next, known)).catch(next);
    else answer(req, res, next, found);
  };
}

interface Found {
  key: string;
  generation: number;
  hit: CachedPage | undefined;
}

/**
 * The request's key and cached page, or undefined when the request may not
 * use the cache; at once when the cache's version was read lately (most
 * requests), else once it is.
 */
function lookUp(
  req: Request,
  search: string,
  pageOptions: PageOptions,
  caching: PageCaching,
  log: Logger,
): Found | undefined | Promise<Found | undefined> {
  if (!cacheable(req, search, caching.personalCookies)) return undefined;
  const failed = (error: unknown) => {
    log.error("page cache failed", { path: req.path, error });
    return undefined;
  };
  try {
    const fresh = caching.cache.fresh(pageOptions.offers);
    if (fresh !== undefined) return keyed(req, pageOptions, caching, fresh);
  } catch (error) {
    return failed(error);
  }
  return caching.cache
    .sync(pageOptions.offers)
    .then((generation) => keyed(req, pageOptions, caching, generation))
    .catch(failed);
}

function keyed(
  req: Request,
  pageOptions: PageOptions,
  caching: PageCaching,
  generation: number,
): Found {
  // Everything else a render reads is the same for every anonymous visitor of this
  // build until the page version or the offers change (both drop the cache).
  const cookieNotice = cookieValue(req.headers.cookie, "cookie_notice") === "accepted";
  const key = [
    pageOptions.assets.buildId,
    colomboToday(new Date()),
    cookieNotice ? "accepted" : "",
    req.path,
  ].join("\n");
  return { key, generation, hit: caching.cache.get(key) };
}

const formBody = express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 });

/**
 * A page's own form (the eligibility check, issue 32): a same-site
 * urlencoded POST of a few short fields, answered by the page rendered with
 * them; the fields go into that one render only, never into a log, an
 * address or storage. Anything else is a 4xx with the envelope.
 */
async function pageForm(
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<Record<string, string> | undefined> {
  if (!req.is("application/x-www-form-urlencoded")) {
    sendError(
      res,
      415,
      "unsupported_media_type",
      "Send the form as application/x-www-form-urlencoded.",
    );
    return undefined;
  }
  const passed = await new Promise<boolean>((resolve) => {
    sameSiteForms(req, res, () => resolve(true));
    if (res.headersSent) resolve(false);
  });
  if (!passed) return undefined;
  const parsed = await new Promise<unknown>((resolve) =>
    formBody(req, res, (error?: unknown) => resolve(error ?? null)),
  );
  if (parsed) {
    next(parsed);
    return undefined;
  }
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    if (typeof value !== "string") continue;
    if (value.includes("\u0000")) {
      sendError(res, 400, "invalid_request", "The form holds a character it may not.");
      return undefined;
    }
    fields[name] = value.slice(0, 40);
  }
  return fields;
}

/** res.type("html")'s, set as such: the same header without a lookup per page. */
const HTML = "text/html; charset=utf-8";

/**
 * The headers of every rendered page, served from the cache or not; `vary`
 * replaces Vary where nothing before may have set it (the cache's early hit).
 */
function pageHeaders(res: Response, locale: string, noStore: boolean): Response {
  const list = pageHeaderList(locale, noStore);
  for (let index = 0; index < list.length; index += 2) {
    res.setHeader(list[index] as string, list[index + 1] as string);
  }
  return res.vary("Cookie");
}

/** pageHeaders' headers but Vary, as name and value in turn. */
function pageHeaderList(locale: string, noStore: boolean): string[] {
  return [
    "Content-Security-Policy",
    PAGE_CONTENT_SECURITY_POLICY,
    "Content-Language",
    locale,
    // The application form may hold the visitor's answers (decision 0196): never stored, so
    // that "back" asks again and a shared phone's cache keeps nothing.
    "Cache-Control",
    noStore ? "private, no-store" : "no-cache",
    "Content-Type",
    HTML,
  ];
}

/**
 * Whether a request may be answered from the cache: no personal cookie and no
 * query a page reads.
 */
function cacheable(req: Request, search: string, personalCookies: readonly string[]): boolean {
  const cookies = req.headers.cookie;
  if (cookies && personalCookies.some((name) => cookieValue(cookies, name) !== undefined)) {
    return false;
  }
  if (search.length > 1) {
    // The application form reads campaign tags too (decision 0311).
    if (pageNeeds(req.path).data.some((key) => PRIVATE_DATA.has(key))) return false;
    for (const name of new URLSearchParams(search).keys()) {
      if (!IGNORED_QUERY.test(name)) return false;
    }
  }
  // The application form without a lead cookie (a personal one) holds no one's answers: the same
  // empty form for every visitor, kept and sent with its `private, no-store` (decision 0311).
  return true;
}

function sendCached(
  req: Request,
  res: Response,
  cache: PageCache,
  key: string,
  page: CachedPage,
): void {
  pageHeaders(res, page.locale, page.noStore).status(200);
  if (page.etag) res.setHeader("ETag", page.etag);
  // HEAD is never compressed (as the middleware does); deflate is left to the middleware.
  const encoded = req.method === "GET" ? cache.encoded(key, page, req) : undefined;
  if (encoded) {
    // Already encoded: the compression middleware passes it through, adding Vary.
    res.setHeader("Content-Encoding", encoded.encoding);
    res.send(encoded.body);
  } else {
    res.send(page.identity);
  }
}
