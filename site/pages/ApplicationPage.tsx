import type { CalendarDate } from "../../core/dates";
import type { Locale } from "../../core/locale";
import type { ApplicationView } from "../content/views";
import { siteMessagesFor } from "../messages";

/** The application form (issue 5): being built; see the helper's task. */
export function ApplicationPage({
  locale,
}: {
  locale: Locale;
  view: ApplicationView;
  today: CalendarDate;
}) {
  const t = siteMessagesFor(locale);
  return (
    <section aria-labelledby="application-title">
      <h1 id="application-title">{t.applicationTitle}</h1>
      <p className="lead">{t.applicationIntro}</p>
    </section>
  );
}
