import { PAGE_SLUGS } from "../../../core/domain/schemas/content";
import { withContacts } from "../../content/contacts";
import type { ContentHeading } from "../../content/types";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** A static page (about, how it works, process, partner programme); `how` adds the eligibility test. */
export interface StaticPageView {
  kind: "page";
  slug: string;
  title: string;
  description: string;
  headings: ContentHeading[];
  html: string;
}

export const routes: readonly PageRoute[] = PAGE_SLUGS.map((slug) => ({ path: `/${slug}/`, slug }));

export const indexed = true;

export function view(route: RouteRecord, inputs: PageInputs): StaticPageView | undefined {
  const page = inputs.content.pages[inputs.locale].find((entry) => entry.slug === route.slug);
  if (!page) return undefined;
  return {
    kind: "page",
    slug: page.slug,
    title: page.meta.title,
    description: page.meta.description,
    headings: page.headings.filter((heading) => heading.level === 2),
    html: withContacts(page.html, inputs),
  };
}

export function head(view: StaticPageView, t: SiteMessages) {
  return { title: `${view.title} | ${t.siteName}`, description: view.description };
}
