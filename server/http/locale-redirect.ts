import type { RequestHandler } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import {
  ALL_LOCALES,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localizePath,
} from "../../core/locale";

/** The cookie that keeps a visitor's language choice (SPEC §4; set by the language switch). */
export const LOCALE_COOKIE = "locale";

/**
 * The best of our locales for an Accept-Language header, by q-value; a
 * language we do not have is ignored. Undefined when nothing matches.
 */
export function preferredLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of header.split(",")) {
    const [range = "", ...parameters] = part.trim().split(";");
    const language = range.trim().toLowerCase().split("-")[0];
    if (!isLocale(language)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale;
}

/**
 * SPEC §4's order on the home page: the stored cookie, then the browser's
 * language, then Sinhala. Only "/" redirects: a visitor who opened any other
 * page, or a search engine, gets the page they asked for.
 */
export const localeRedirect: RequestHandler = (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== "/") {
    next();
    return;
  }
  res.vary("Cookie").vary("Accept-Language");
  const stored = cookieValue(req.headers.cookie, LOCALE_COOKIE);
  const locale = isLocale(stored) ? stored : preferredLocale(req.headers["accept-language"]);
  if (!locale || locale === DEFAULT_LOCALE || !ALL_LOCALES.includes(locale)) {
    next();
    return;
  }
  const queryStart = req.originalUrl.indexOf("?");
  const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
  res.redirect(302, `${localizePath(locale, "/")}${search}`);
};
