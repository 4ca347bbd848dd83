import { escapeHtml } from "../core/helpers/html";
import { ALL_LOCALES, DEFAULT_LOCALE, LOCALES, type Locale, localizePath } from "../core/locale";
import type { SiteSettings } from "../core/views/site-contract";
import { serializeState } from "./document";

export interface PageHead {
  locale: Locale;
  title: string;
  description: string;
  /** The page's path without the locale prefix; undefined for a page that is not indexed (404). */
  rest: string | undefined;
  type?: "website" | "article";
  siteName: string;
  /** Seconds after which a page without JavaScript loads itself again (the offers page while lenders decide). */
  refreshSeconds?: number | undefined;
}

/**
 * Title, description, canonical link, hreflang alternates (x-default is the
 * Sinhala page, our default), Open Graph and the JSON-LD block (SPEC §3).
 * Every tag but the title is marked data-page-head: in-app navigation
 * replaces exactly those.
 */
export function headHtml(head: PageHead, site: SiteSettings): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" data-page-head>`,
  ];
  if (head.refreshSeconds !== undefined) {
    // Inside <noscript>: where scripts run, the page updates itself and must not reload.
    tags.push(
      `<noscript data-page-head><meta http-equiv="refresh" content="${Math.max(1, Math.round(head.refreshSeconds))}"></noscript>`,
    );
  }
  if (head.rest === undefined) {
    tags.push('<meta name="robots" content="noindex" data-page-head>');
  } else {
    const url = (locale: Locale) => `${site.origin}${localizePath(locale, head.rest ?? "/")}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(url(head.locale))}" data-page-head>`);
    for (const locale of ALL_LOCALES) {
      tags.push(
        `<link rel="alternate" hreflang="${LOCALES[locale].language}" href="${escapeHtml(url(locale))}" data-page-head>`,
      );
    }
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(DEFAULT_LOCALE))}" data-page-head>`,
      `<meta property="og:url" content="${escapeHtml(url(head.locale))}" data-page-head>`,
    );
  }
  tags.push(
    `<meta property="og:type" content="${head.type ?? "website"}" data-page-head>`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" data-page-head>`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" data-page-head>`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" data-page-head>`,
    `<meta property="og:locale" content="${LOCALES[head.locale].openGraph}" data-page-head>`,
    ...ALL_LOCALES.filter((locale) => locale !== head.locale).map(
      (locale) =>
        `<meta property="og:locale:alternate" content="${LOCALES[locale].openGraph}" data-page-head>`,
    ),
    `<script type="application/ld+json" data-page-head>${serializeState(structuredData(head, site))}</script>`,
  );
  return tags.join("");
}

/**
 * SPEC §3's structured-data block: the organisation, its languages, the
 * country (name, code, wiki link), the currency and the contact e-mail; the
 * mobile app only when configured.
 */
export function structuredData(head: PageHead, site: SiteSettings): object {
  const organization = {
    "@type": "Organization",
    "@id": `${site.origin}/#organization`,
    name: head.siteName,
    url: `${site.origin}/`,
    description: head.description,
    email: site.contactEmail,
    knowsLanguage: ALL_LOCALES.map((locale) => LOCALES[locale].language),
    areaServed: {
      "@type": "Country",
      name: "Sri Lanka",
      identifier: "LK",
      sameAs: "https://en.wikipedia.org/wiki/Sri_Lanka",
    },
    currenciesAccepted: "LKR",
  };
  const website = {
    "@type": "WebSite",
    "@id": `${site.origin}/#website`,
    url: `${site.origin}/`,
    name: head.siteName,
    inLanguage: LOCALES[head.locale].language,
    publisher: { "@id": organization["@id"] },
  };
  const app = site.mobileApp
    ? [
        {
          "@type": "MobileApplication",
          name: site.mobileApp.name,
          url: site.mobileApp.url,
          publisher: { "@id": organization["@id"] },
        },
      ]
    : [];
  return { "@context": "https://schema.org", "@graph": [organization, website, ...app] };
}
