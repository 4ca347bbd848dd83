import { DOCUMENT_SLUGS } from "../../../core/domain/schemas/content";
import { type EntryView, entryView } from "../../content/entry-view";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface DocumentView extends EntryView {
  kind: "document";
  updated: string;
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
  return { kind: "document", ...entryView(document, inputs), updated: document.meta.updated };
}

export function head(view: DocumentView, t: SiteMessages) {
  return { title: `${view.title} | ${t.siteName}`, description: view.description };
}
