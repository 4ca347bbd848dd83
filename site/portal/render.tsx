/**
 * The partner portal's pages (issue 18, decision 0212) as complete HTML
 * documents: React rendered once on the server to static markup, with no
 * script at all, like the back office, in the signed-in areas' shared frame
 * (site/operator/), in Sinhala at /partner/portal/, English at
 * /en/partner/portal/ and Tamil at /ta/partner/portal/, with the page
 * pages/registry.ts names.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { ALL_LOCALES, LOCALES, type Locale, localizePath } from "../../core/locale";
import {
  PARTNER_ONLY_SECTIONS,
  PORTAL_SECTION_PATHS,
  PORTAL_SECTIONS,
  type PortalView,
} from "../../core/views/partner-portal";
import { Layout } from "../operator/Layout";
import operatorCss from "../operator/operator.css?raw";
import { pageFor } from "../operator/page";
import { portalMessagesFor } from "./messages";
import { PORTAL_PAGES } from "./pages/registry";
import portalCss from "./portal.css?raw";

const css = `${operatorCss}\n${portalCss}`;

/** The stylesheet every portal page inlines: the server allows it in the CSP by this text's hash. */
export function portalStylesheet(): string {
  return css;
}

/** The portal's address in a language: /partner/portal/, /en/partner/portal/ or /ta/partner/portal/. */
export function portalBase(locale: Locale): string {
  return localizePath(locale, "/partner/portal/");
}

/** A portal page as a whole document, in its language; `csrf` when a partner is signed in. */
export function renderPortalDocument(locale: Locale, view: PortalView, path: string): string {
  const t = portalMessagesFor(locale);
  const base = portalBase(locale);
  const context = { t, base, locale };
  const page = pageFor(PORTAL_PAGES, view);
  const csrf = "csrf" in view ? view.csrf : undefined;
  const current = page.section?.(view);
  // The signed-in menu: every section, or home and account before approval.
  const open = PORTAL_SECTIONS.filter(
    (section) => "approved" in view && (view.approved || !PARTNER_ONLY_SECTIONS.includes(section)),
  );
  return `<!doctype html>${renderToStaticMarkup(
    <Layout
      lang={locale}
      title={page.title(view, context)}
      words={t}
      css={css}
      brandHref={base}
      languages={ALL_LOCALES.filter((each) => each !== locale).map((other) => ({
        locale: other,
        href: path.replace(base, portalBase(other)),
        label: LOCALES[other].label,
      }))}
      signOut={csrf ? { action: `${base}sign-out`, csrf, label: t.signOut } : undefined}
      nav={
        current && "approved" in view
          ? {
              label: t.navLabel,
              links: open.map((section) => ({
                key: section,
                href: `${base}${PORTAL_SECTION_PATHS[section]}`,
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
