import { type Locale, localizePath } from "../../../core/locale";
import { siteMessagesFor } from "../../messages";
import { shownPath } from "./shown-path";

/**
 * SPEC §8: 'Page not found: {path}', the apology, and a way on: 'Get money'.
 * `rest` is the requested path without its locale prefix.
 */
export function NotFoundPage({ locale, rest }: { locale: Locale; rest: string }) {
  const t = siteMessagesFor(locale);
  const [before, after] = t.notFoundPath.split("{path}");
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        {before}
        {/* A path reads left to right in every language; bdi keeps it from reordering the rest. */}
        <bdi className="not-found-path" dir="ltr">
          {shownPath(localizePath(locale, rest))}
        </bdi>
        {after}
      </h1>
      <p>{t.notFoundText}</p>
      <a className="button" href={localizePath(locale, "/application/")}>
        {t.getMoney}
      </a>
    </section>
  );
}
