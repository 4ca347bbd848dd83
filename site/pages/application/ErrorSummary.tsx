import type { Locale } from "../../../core/locale";
import { applicationMessagesFor } from "../../messages";
import { FIELD_ORDER } from "./application-form";
import { SUMMARY_ID } from "./element-ids";
import type { ApplicationForm } from "./use-application-form";

/** After a refused submit: every problem, in the form's order, each a link to its field. */
export function ErrorSummary({ locale, form }: { locale: Locale; form: ApplicationForm }) {
  const a = applicationMessagesFor(locale);
  const { errors, summaryShown } = form.state;
  const paths = FIELD_ORDER.filter((path) => errors[path] !== undefined);
  if (!summaryShown || paths.length === 0) return null;
  return (
    <section
      id={SUMMARY_ID}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby={`${SUMMARY_ID}-title`}
    >
      <h2 id={`${SUMMARY_ID}-title`} className="error-summary-title">
        {a.summaryTitle}
      </h2>
      <ul>
        {paths.map((path) => {
          const field = form.describe(path);
          return (
            <li key={path}>
              <a
                href={`#${field.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  form.goTo(path);
                }}
              >
                {field.label}: {field.error}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
