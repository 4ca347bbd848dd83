import { type Locale, localizePath } from "../../../core/locale";
import { siteMessagesFor } from "../../messages";

/** SPEC §8: 'Page not found', the apology, and a way on: 'Get money'. */
export function NotFoundPage({ locale }: { locale: Locale }) {
  const t = siteMessagesFor(locale);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <a className="button" href={localizePath(locale, "/application/")}>
        {t.getMoney}
      </a>
    </section>
  );
}
