import { type Locale, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import { siteMessagesFor } from "../messages";

/** A list's pages: previous and next as rel links, "Page 2 of 3" between (the blog, a topic). */
export function Pagination({
  locale,
  page,
  pageCount,
  pathOf,
}: {
  locale: Locale;
  page: number;
  pageCount: number;
  /** The locale-free path of a page of the list. */
  pathOf: (page: number) => string;
}) {
  const t = siteMessagesFor(locale);
  return (
    <nav className="pagination" aria-label={t.paginationLabel}>
      {page > 1 ? (
        <a href={localizePath(locale, pathOf(page - 1))} rel="prev">
          {t.previousPage}
        </a>
      ) : null}
      <span aria-current="page">{fill(t.blogPage, { page, count: pageCount })}</span>
      {page < pageCount ? (
        <a href={localizePath(locale, pathOf(page + 1))} rel="next">
          {t.nextPage}
        </a>
      ) : null}
    </nav>
  );
}
