/**
 * The lender portal's pages (issue 34, decision 0384) as complete HTML
 * documents: React rendered once on the server to static markup, with no
 * script at all, in the signed-in areas' shared frame (site/operator/), in
 * Sinhala at /lender/portal/, English at /en/lender/portal/ and Tamil at
 * /ta/lender/portal/, with the page pages/registry.ts names.
 */
import { type Locale, localizePath } from "../../core/locale";
import {
  LENDER_PORTAL_SECTION_PATHS,
  LENDER_PORTAL_SECTIONS,
  type LenderPortalView,
  lenderSectionOpen,
} from "../../core/views/lender-portal";
import widgetCss from "../../widget/styles/widget.css?raw";
import operatorCss from "../operator/operator.css?raw";
import { pageFor } from "../operator/page";
import { renderPortalPage } from "../operator/portal-document";
import offerCardCss from "../styles/offer-card.css?raw";
import lenderCss from "./lender-portal.css?raw";
import { lenderPortalMessagesFor } from "./messages";
import { LENDER_PAGES } from "./pages/registry";

/** The products page's cards (decision 0416): the widget's and the offers page's card styles. */
const cardCss = `${widgetCss}\n${offerCardCss}`;
const css = `${operatorCss}\n${cardCss}\n${lenderCss}`;

/** The stylesheet every lender portal page inlines: the server allows it by this text's hash. */
export function lenderPortalStylesheet(): string {
  return css;
}

/** The portal's address in a language: /lender/portal/, /en/lender/portal/ or /ta/lender/portal/. */
export function lenderPortalBase(locale: Locale): string {
  return localizePath(locale, "/lender/portal/");
}

/** A lender portal page as a whole document, in its language. */
export function renderLenderPortalDocument(
  locale: Locale,
  view: LenderPortalView,
  path: string,
): string {
  const signedIn = "role" in view ? view : undefined;
  return renderPortalPage({
    locale,
    baseOf: lenderPortalBase,
    path,
    css,
    t: lenderPortalMessagesFor(locale),
    page: pageFor(LENDER_PAGES, view),
    view,
    sectionPaths: LENDER_PORTAL_SECTION_PATHS,
    // The menu: the sections the member's role opens (home always).
    csrf: signedIn?.csrf,
    menu:
      signedIn &&
      LENDER_PORTAL_SECTIONS.filter((section) => lenderSectionOpen(signedIn.role, section)),
  });
}
