/**
 * The partner portal's pages (issue 18, decision 0212) as complete HTML
 * documents: React rendered once on the server to static markup, with no
 * script at all, like the back office, in the signed-in areas' shared frame
 * (site/operator/), in Sinhala at /partner/portal/, English at
 * /en/partner/portal/ and Tamil at /ta/partner/portal/, with the page
 * pages/registry.ts names.
 */
import { type Locale, localizePath } from "../../core/locale";
import {
  PARTNER_ONLY_SECTIONS,
  PORTAL_SECTION_PATHS,
  PORTAL_SECTIONS,
  type PortalView,
} from "../../core/views/partner-portal";
import operatorCss from "../operator/operator.css?raw";
import { pageFor } from "../operator/page";
import { renderPortalPage } from "../operator/portal-document";
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
  return renderPortalPage({
    locale,
    baseOf: portalBase,
    path,
    css,
    t: portalMessagesFor(locale),
    page: pageFor(PORTAL_PAGES, view),
    view,
    sectionPaths: PORTAL_SECTION_PATHS,
    csrf: "csrf" in view ? view.csrf : undefined,
    // The signed-in menu: every section, or home and account before approval.
    menu:
      "approved" in view
        ? PORTAL_SECTIONS.filter(
            (section) => view.approved || !PARTNER_ONLY_SECTIONS.includes(section),
          )
        : undefined,
  });
}
