import type { Offer } from "../core/domain/schemas/offer";
import { escapeHtml } from "../core/helpers/html";
import { ALL_LOCALES, DEFAULT_LOCALE, LOCALES, localizePath } from "../core/locale";
import type { SiteSettings } from "../core/views/site-contract";
import type { SiteContent } from "./content/types";
import { PAGES } from "./pages/registry";

/** Every page in both languages, each with its alternates (sitemaps.org and Google's xhtml:link). */
export function sitemapXml(
  site: SiteSettings,
  offers: readonly Offer[],
  content: SiteContent,
): string {
  const url = (locale: (typeof ALL_LOCALES)[number], path: string) =>
    escapeHtml(`${site.origin}${localizePath(locale, path)}`);
  // Indexed pages only, each at its own address (an alias names its canonical one).
  const paths = PAGES.filter((page) => page.server.indexed).flatMap((page) => [
    ...page.server.routes.filter((route) => !route.canonical).map((route) => route.path),
    ...(page.server.dataPaths?.(offers, content) ?? []),
  ]);
  const entries = paths.flatMap((path) =>
    ALL_LOCALES.map((locale) => {
      const alternates = [
        ...ALL_LOCALES.map(
          (other) =>
            `<xhtml:link rel="alternate" hreflang="${LOCALES[other].language}" href="${url(other, path)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LOCALE, path)}"/>`,
      ].join("");
      return `<url><loc>${url(locale, path)}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>\n`;
}

export function robotsTxt(site: SiteSettings): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /client-api/\n\nSitemap: ${site.origin}/sitemap.xml\n`;
}
