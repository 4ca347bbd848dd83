import { DOCUMENT_SLUGS } from "../../../core/domain/schemas/content";
import { withContacts } from "../../content/contacts";
import type { ContentHeading } from "../../content/types";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface DocumentView {
  kind: "document";
  slug: string;
  title: string;
  description: string;
  updated: string;
  headings: ContentHeading[];
  html: string;
}

/** SPEC §2's documents: terms, privacy and cookies policies. */
export const routes: readonly PageRoute[] = DOCUMENT_SLUGS.map((slug) => ({
  path: `/${slug}/`,
  meta: { type: "doc" },
  slug,
}));

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "plain";

export function view(route: RouteRecord, inputs: PageInputs): DocumentView | undefined {
  const document = inputs.content.documents[inputs.locale].find(
    (entry) => entry.slug === route.slug,
  );
  if (!document) return undefined;
  return {
    kind: "document",
    slug: document.slug,
    title: document.meta.title,
    description: document.meta.description,
    updated: document.meta.updated,
    headings: document.headings.filter((heading) => heading.level === 2),
    html: withContacts(document.html, inputs),
  };
}

export function head(view: DocumentView, t: SiteMessages) {
  return { title: `${view.title} | ${t.siteName}`, description: view.description };
}
