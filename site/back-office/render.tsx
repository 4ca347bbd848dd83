/**
 * The back office's pages (issue 16) as complete HTML documents: React
 * components rendered once on the server to static markup, with no script
 * at all (decision 0130). The server has checked the member's role and
 * read what the view holds; this only renders it, in the signed-in areas'
 * shared frame (site/operator/), with the page pages/registry.ts names.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { fill } from "../../core/messages";
import {
  BACK_OFFICE_SECTION_PATHS,
  BACK_OFFICE_SECTIONS,
  type BackOfficeSection,
  type BackOfficeView,
  type BackOfficeViewer,
} from "../../core/views/back-office";
import widgetCss from "../../widget/styles/widget.css?raw";
import { Layout } from "../operator/Layout";
import operatorCss from "../operator/operator.css?raw";
import offerCardCss from "../styles/offer-card.css?raw";
import { backOfficeMessagesFor } from "./messages";
import type { AnyBackOfficePage, BackOfficeContext } from "./page";
import { BACK_OFFICE_PAGES } from "./pages/registry";
import { roleName } from "./sections";

/**
 * The signed-in areas' styles, the widget's and the offers page's cards' (the
 * lender preview renders the borrower's offer cards, decisions 0140 and
 * 0438): one inline stylesheet.
 */
const css = `${operatorCss}\n${widgetCss}\n${offerCardCss}`;

/** The stylesheet every page inlines: the server allows it in the CSP by this text's hash. */
export function backOfficeStylesheet(): string {
  return css;
}

/** What each section's own page says of it. */
const sections = Object.fromEntries(
  BACK_OFFICE_SECTIONS.map((section) => {
    const { name, describe } = BACK_OFFICE_PAGES[section];
    return [section, { name, describe }];
  }),
) as BackOfficeContext["sections"];

const isSection = (page: string): page is BackOfficeSection =>
  (BACK_OFFICE_SECTIONS as readonly string[]).includes(page);

/** A back-office page as a whole document; `viewer` is the signed-in member, if any. */
export function renderBackOfficeDocument(
  view: BackOfficeView,
  viewer: BackOfficeViewer | undefined,
): string {
  const t = backOfficeMessagesFor("en");
  const context = { t, csrf: viewer?.csrf ?? "", viewer, sections };
  // The registry's type ties each name to its view's page; here any view will do.
  const page = BACK_OFFICE_PAGES[view.page] as AnyBackOfficePage;
  const current = page.section?.(view) ?? (isSection(view.page) ? view.page : undefined);
  return `<!doctype html>${renderToStaticMarkup(
    <Layout
      lang="en"
      title={page.title?.(view, context) ?? page.name ?? ""}
      words={t}
      css={css}
      who={viewer && fill(t.signedInAs, { email: viewer.email, role: roleName(viewer.role, t) })}
      signOut={viewer && { action: "/admin/sign-out", csrf: viewer.csrf, label: t.signOut }}
      nav={
        viewer && {
          label: t.navLabel,
          links: viewer.sections.map((section) => ({
            key: section,
            href: BACK_OFFICE_SECTION_PATHS[section],
            label: sections[section].name,
            current: section === current,
          })),
        }
      }
    >
      <page.Body view={view} {...context} />
    </Layout>,
  )}`;
}
