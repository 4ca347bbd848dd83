import { LOAN_PURPOSES, type LoanPurpose } from "../../../core/domain/application";
import type { SavedApplication } from "../../../core/views/site-contract";
import { homeMessagesFor } from "../../messages/home";
import type { NeedsOf, PageInputs, PageRoute, SiteMessages } from "../page";
import { type ApplicationPrefill, applicationPrefill } from "./prefill";

/** The application form (issue 5), prefilled from its link, and from the visitor's own application. */
export interface ApplicationView extends ApplicationPrefill {
  kind: "application";
  /** What the visitor typed when they applied, read through their lead cookie; never in the address. */
  saved?: SavedApplication | undefined;
  /**
   * The loan purposes' labels in the page's language, from the home page's copy: with the page,
   * so that its script's catalogs leave the home page's out (decision 0470).
   */
  purposes: [LoanPurpose, string][];
}

/** SPEC §2's three addresses of the form; campaigns link to /reg/ and /reg2/. */
export const routes: readonly PageRoute[] = [
  { path: "/application/" },
  { path: "/reg/" },
  { path: "/reg2/" },
];

/** Reached from the site, campaigns and lenders, not from search. */
export const indexed = false;

/** Server HTML with the form as its island, hydrated on preact (decisions 0271, 0470). */
export const islands = "application";

export function view(_route: unknown, inputs: PageInputs<NeedsOf<typeof needs>>): ApplicationView {
  return {
    kind: "application",
    ...applicationPrefill(inputs.query),
    purposes: LOAN_PURPOSES.map((code) => [
      code,
      homeMessagesFor(inputs.locale)[`purpose:${code}`],
    ]),
    ...(inputs.data.savedApplication ? { saved: inputs.data.savedApplication } : {}),
  };
}

/**
 * The visitor's own answers, when they applied a moment ago (decision 0196):
 * the form starts from them on "back" and "Edit my application".
 */
export const needs = ["savedApplication"] as const;

export function head(_view: ApplicationView, t: SiteMessages) {
  return { title: `${t.applicationTitle} | ${t.siteName}`, description: t.applicationIntro };
}
