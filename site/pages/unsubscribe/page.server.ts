import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** The deletion request form, or its confirmation after a request sent without JavaScript. */
export interface UnsubscribeView {
  kind: "unsubscribe";
  done: boolean;
  /** A problem with a request sent without JavaScript, shown on the form. */
  error?: "email" | "phone" | "missing" | undefined;
}

export const routes: readonly PageRoute[] = [
  { path: "/unsubscribe/" },
  // Where a deletion request sent without JavaScript lands; not for search.
  { path: "/unsubscribe/done/", slug: "done", canonical: "/unsubscribe/" },
];

export const indexed = true;

export function view(route: RouteRecord, inputs: PageInputs): UnsubscribeView {
  const error = inputs.query.error;
  return {
    kind: "unsubscribe",
    done: route.slug === "done",
    error: error === "email" || error === "phone" || error === "missing" ? error : undefined,
  };
}

export function head(_view: UnsubscribeView, t: SiteMessages) {
  return { title: `${t.unsubscribeTitle} | ${t.siteName}`, description: t.unsubscribeIntro };
}
