import type { Locale } from "../../core/locale";
import type { ContentHeading } from "../content/types";
import { siteMessagesFor } from "../messages";

/** The table of contents: links to the sections of the page. */
export function Contents({
  locale,
  headings,
}: {
  locale: Locale;
  headings: readonly ContentHeading[];
}) {
  const t = siteMessagesFor(locale);
  if (headings.length === 0) return null;
  return (
    <nav className="contents" aria-labelledby="contents-title">
      <h2 id="contents-title">{t.contents}</h2>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Rendered Markdown. The browser gets it from the server's HTML, not from the
 * page state: site/client.tsx reads it back from this element before hydrating.
 */
export function ContentBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered with raw HTML escaped and links filtered (site/content/pipeline.mjs).
  return <div id="content-body" className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
