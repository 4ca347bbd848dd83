import { PAGE_SLUGS } from "../../../core/domain/schemas/content";
import { type EntryView, entryView } from "../../content/entry-view";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** A static page (about, how it works, process, partner programme); `how` adds the eligibility test. */
export interface StaticPageView extends EntryView {
  kind: "page";
}

export const routes: readonly PageRoute[] = PAGE_SLUGS.map((slug) => ({ path: `/${slug}/`, slug }));

export const indexed = true;

export function view(route: RouteRecord, inputs: PageInputs): StaticPageView | undefined {
  const page = inputs.content.pages[inputs.locale].find((entry) => entry.slug === route.slug);
  if (!page) return undefined;
  return { kind: "page", ...entryView(page, inputs) };
}

export function head(view: StaticPageView, t: SiteMessages) {
  return { title: `${view.title} | ${t.siteName}`, description: view.description };
}
