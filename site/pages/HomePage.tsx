import { useState } from "react";
import type { CalendarDate } from "../../core/dates";
import { type Locale, localizePath } from "../../core/locale";
import { Calculator } from "../../widget/components/Calculator";
import { normalizeSelection } from "../../widget/loan-selection";
import { siteMessagesFor } from "../messages";

export function HomePage({ locale, today }: { locale: Locale; today: CalendarDate }) {
  const t = siteMessagesFor(locale);
  const [selection, setSelection] = useState(() => normalizeSelection(undefined, undefined));
  const query = new URLSearchParams({
    amount: String(selection.amount),
    period: String(selection.termDays),
  });
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">{t.homeTitle}</h1>
      <p className="lead">{t.homeIntro}</p>
      <Calculator
        locale={locale}
        selection={selection}
        onSelectionChange={setSelection}
        today={today}
      />
      <a className="button" href={`${localizePath(locale, "/application/")}?${query}`}>
        {t.applyNow}
      </a>
    </section>
  );
}
