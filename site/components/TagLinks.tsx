import { type Locale, localizePath } from "../../core/locale";
import type { MessageKey } from "../../core/messages";
import { tagPath } from "../content/articles";
import { siteMessagesFor } from "../messages";

/** A tag's name in a language (`articleTag:<tag>` in the catalogs), or the tag itself. */
export function tagLabel(t: ReturnType<typeof siteMessagesFor>, tag: string): string {
  const key = `articleTag:${tag}`;
  return key in t ? t[key as MessageKey & keyof typeof t] : tag;
}

/** Topics (an article's, the blog's), each a link to its page (decision 0318); none: nothing. */
export function TagLinks({ locale, tags }: { locale: Locale; tags: readonly string[] }) {
  const t = siteMessagesFor(locale);
  if (tags.length === 0) return null;
  return (
    <nav className="tags" aria-labelledby="tags-title">
      <h2 id="tags-title">{t.tagsLabel}</h2>
      <ul className="tag-links">
        {tags.map((tag) => (
          <li key={tag}>
            <a href={localizePath(locale, tagPath(tag))}>{tagLabel(t, tag)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
