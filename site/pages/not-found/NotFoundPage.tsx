import { type Locale, localizePath } from "../../../core/locale";
import { siteMessagesFor } from "../../messages";

/**
 * SPEC §8: 'Page not found: {path}', the apology, and a way on: 'Get money'.
 * `path` is what the server made of the requested path (shown-path.ts): it
 * sends the text, so the browser's first script carries no decoding.
 */
export function NotFoundPage({ locale, path }: { locale: Locale; path: string }) {
  const t = siteMessagesFor(locale);
  const [before, after] = t.notFoundPath.split("{path}");
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        {before}
        {/* An address, in no language; left to right, isolated so it cannot reorder the rest. */}
        <code className="not-found-path" dir="ltr">
          {path}
        </code>
        {after}
      </h1>
      <p>{t.notFoundText}</p>
      <a className="button" href={localizePath(locale, "/application/")}>
        {t.getMoney}
      </a>
    </section>
  );
}
