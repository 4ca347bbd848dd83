import { withContacts } from "./contacts";
import type { ContentHeading, RenderedContent } from "./types";

/** What a document's or a static page's view shows of its Markdown entry. */
export interface EntryView {
  slug: string;
  title: string;
  description: string;
  /** Its sections' headings (level 2), for the page's contents. */
  headings: ContentHeading[];
  html: string;
}

/** A rendered entry as its page shows it, its {email} and {chat} made links (withContacts). */
export function entryView(
  entry: RenderedContent<{ title: string; description: string }>,
  contacts: Parameters<typeof withContacts>[1],
): EntryView {
  return {
    slug: entry.slug,
    title: entry.meta.title,
    description: entry.meta.description,
    headings: entry.headings.filter((heading) => heading.level === 2),
    html: withContacts(entry.html, contacts),
  };
}
