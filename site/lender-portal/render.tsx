/**
 * The lender portal's pages (issue 34, decision 0384) as complete HTML
 * documents: React rendered once on the server to static markup, with no
 * script at all, in the signed-in areas' shared frame (site/operator/), in
 * Sinhala at /lender/portal/, English at /en/lender/portal/ and Tamil at
 * /ta/lender/portal/, with the page pages/registry.ts names.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { ALL_LOCALES, LOCALES, type Locale, localizePath } from "../../core/locale";
import {
  LENDER_PORTAL_SECTION_PATHS,
  LENDER_PORTAL_SECTIONS,
  type LenderPortalView,
  lenderSectionOpen,
} from "../../core/views/lender-portal";
import widgetCss from "../../widget/styles/widget.css?raw";
import { Layout } from "../operator/Layout";
import operatorCss from "../operator/operator.css?raw";
import { pageFor } from "../operator/page";
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
  const t = lenderPortalMessagesFor(locale);
  const base = lenderPortalBase(locale);
  const context = { t, base, locale };
  const page = pageFor(LENDER_PAGES, view);
  const current = page.section?.(view);
  const signedIn = "role" in view ? view : undefined;
  // The menu: the sections the member's role opens (home always).
  const open = LENDER_PORTAL_SECTIONS.filter(
    (section) => signedIn !== undefined && lenderSectionOpen(signedIn.role, section),
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
        href: path.replace(base, lenderPortalBase(other)),
        label: LOCALES[other].label,
      }))}
      signOut={
        signedIn ? { action: `${base}sign-out`, csrf: signedIn.csrf, label: t.signOut } : undefined
      }
      nav={
        current && signedIn
          ? {
              label: t.navLabel,
              links: open.map((section) => ({
                key: section,
                href: `${base}${LENDER_PORTAL_SECTION_PATHS[section]}`,
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
