/**
 * The site's server entry: the only module of site/ that server/ imports.
 * It turns a request path into a complete HTML document and a status.
 */
import { renderToString } from "react-dom/server";
import { colomboToday } from "../core/dates";
import { type Locale, splitLocalePath } from "../core/locale";
import { App, type AppState } from "./App";
import { type AssetManifest, renderDocument } from "./document";
import { siteMessagesFor } from "./messages";
import { matchRoute } from "./routes";

import { headHtml, type SiteSettings } from "./seo";

export type { AssetManifest } from "./document";
export type { SiteSettings } from "./seo";
export { robotsTxt, sitemapXml } from "./sitemap";

export interface RenderOptions {
  assets: AssetManifest;
  site: SiteSettings;
  /** The clock, for tests; the server passes none. */
  now?: Date | undefined;
}

export interface RenderedPage {
  status: number;
  locale: Locale;
  html: string;
}

export function renderPage(
  path: string,
  { assets, site, now = new Date() }: RenderOptions,
): RenderedPage {
  const { locale, rest, route } = matchRoute(path);
  const t = siteMessagesFor(locale);
  const state: AppState = {
    locale,
    rest,
    page: route ? route.name : "not-found",
    today: colomboToday(now),
  };
  const title = route ? `${t.siteName}: ${t.siteTagline}` : `${t.notFoundTitle} | ${t.siteName}`;
  const html = renderDocument({
    locale,
    headHtml: headHtml(
      {
        locale,
        title,
        description: t.siteTagline,
        rest: route ? rest : undefined,
        siteName: t.siteName,
      },
      site,
    ),
    bodyHtml: renderToString(<App state={state} />),
    state,
    assets,
  });
  return { status: route ? 200 : 404, locale, html };
}

/**
 * The full-page error screen (SPEC §2, §8). Static: it must render even
 * when the React tree is what failed, so it uses no component.
 */
export function renderErrorPage(path: string, { assets, site }: RenderOptions): RenderedPage {
  const { locale } = splitLocalePath(path);
  const t = siteMessagesFor(locale);
  const home = locale === "si" ? "/" : `/${locale}/`;
  const bodyHtml = `<main id="main" class="error-screen"><h1>${t.errorTitle}</h1><p>${t.errorText}</p><a class="button" href="${home}">${t.siteName}</a></main>`;
  const html = renderDocument({
    locale,
    headHtml: headHtml(
      {
        locale,
        title: `${t.errorTitle} | ${t.siteName}`,
        description: t.siteTagline,
        rest: undefined,
        siteName: t.siteName,
      },
      site,
    ),
    bodyHtml,
    assets,
  });
  return { status: 500, locale, html };
}
