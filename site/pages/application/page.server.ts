import type { PageInputs, PageRoute, SiteMessages } from "../page";
import { type ApplicationPrefill, applicationPrefill } from "./prefill";

/** The application form (issue 5), prefilled from its link. */
export interface ApplicationView extends ApplicationPrefill {
  kind: "application";
}

/** SPEC §2's three addresses of the form; campaigns link to /reg/ and /reg2/. */
export const routes: readonly PageRoute[] = [
  { path: "/application/" },
  { path: "/reg/" },
  { path: "/reg2/" },
];

/** Reached from the site, campaigns and lenders, not from search. */
export const indexed = false;

export function view(_route: unknown, inputs: PageInputs): ApplicationView {
  return { kind: "application", ...applicationPrefill(inputs.query) };
}

export function head(_view: ApplicationView, t: SiteMessages) {
  return { title: `${t.applicationTitle} | ${t.siteName}`, description: t.applicationIntro };
}
