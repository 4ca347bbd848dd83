/**
 * A page of a portal that speaks the site's three languages (the partner and
 * the lender portals) as a whole document: the shared frame (Layout.tsx) with
 * links to the same page in the other languages, the sign-out button and the
 * menu of the sections a signed-in member may open. Each portal's render.tsx
 * says only what is its own: its address, styles, words and which sections
 * open.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { ALL_LOCALES, LOCALES, type Locale } from "../../core/locale";
import { Layout } from "./Layout";
import type { OperatorPage } from "./page";

/** The words of a portal's frame, from its catalog. */
export interface PortalFrameWords<Section extends string> {
  siteName: string;
  skipToContent: string;
  signOut: string;
  navLabel: string;
  sections: Record<Section, string>;
}

export interface PortalDocument<
  View,
  Section extends string,
  Words extends PortalFrameWords<Section>,
> {
  locale: Locale;
  /** The portal's address in a language (`/partner/portal/`, `/en/partner/portal/`, …). */
  baseOf: (locale: Locale) => string;
  /** The request's path, for the same page in the other languages. */
  path: string;
  css: string;
  t: Words;
  page: OperatorPage<View, { t: Words; base: string; locale: Locale }, Section>;
  view: View;
  /** Where each section's page is, below the portal's address. */
  sectionPaths: Record<Section, string>;
  /** The session's token, for the sign-out button; none before sign-in. */
  csrf: string | undefined;
  /** The sections a signed-in member may open; no menu without. */
  menu: readonly Section[] | undefined;
}

/** The document, `<!doctype html>` first. */
export function renderPortalPage<
  View,
  Section extends string,
  Words extends PortalFrameWords<Section>,
>(document: PortalDocument<View, Section, Words>): string {
  const { locale, t, page, view, csrf, menu } = document;
  const base = document.baseOf(locale);
  const context = { t, base, locale };
  const current = page.section?.(view);
  return `<!doctype html>${renderToStaticMarkup(
    <Layout
      lang={locale}
      title={page.title(view, context)}
      words={t}
      css={document.css}
      brandHref={base}
      languages={ALL_LOCALES.filter((each) => each !== locale).map((other) => ({
        locale: other,
        href: document.path.replace(base, document.baseOf(other)),
        label: LOCALES[other].label,
      }))}
      signOut={csrf ? { action: `${base}sign-out`, csrf, label: t.signOut } : undefined}
      nav={
        current && menu
          ? {
              label: t.navLabel,
              links: menu.map((section) => ({
                key: section,
                href: `${base}${document.sectionPaths[section]}`,
                label: t.sections[section],
                current: section === current,
              })),
            }
          : undefined
      }
    >
      <page.Body view={view} {...context} />
    </Layout>,
  )}`;
}
