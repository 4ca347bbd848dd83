import type { SavedApplication } from "../../../core/views/site-contract";
import type { NeedsOf, PageInputs, PageRoute, SiteMessages } from "../page";
import { type ApplicationPrefill, applicationPrefill } from "./prefill";

/** The application form (issue 5), prefilled from its link, and from the visitor's own application. */
export interface ApplicationView extends ApplicationPrefill {
  kind: "application";
  /** What the visitor typed when they applied, read through their lead cookie; never in the address. */
  saved?: SavedApplication | undefined;
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
