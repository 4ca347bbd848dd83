import { type Locale, localizePath } from "../../core/locale";
import { messagesFor } from "../../core/messages";
import { LoanCalculator } from "../../widget/components/LoanCalculator";

export function HomePage({ locale }: { locale: Locale }) {
  const t = messagesFor(locale);
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">{t.homeTitle}</h1>
      <p className="lead">{t.homeIntro}</p>
      <LoanCalculator locale={locale} />
      <a className="button" href={localizePath(locale, "/application/")}>
        {t.applyNow}
      </a>
    </section>
  );
}
