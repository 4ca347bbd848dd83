import { APPLICATION_ERRORS } from "../../../core/domain/application";
import type { Locale } from "../../../core/locale";
import { applicationMessagesFor } from "../../messages";
import { FIELD_ORDER, stepOf } from "./application-form";
import { SUMMARY_ID } from "./element-ids";
import type { ApplicationForm } from "./use-application-form";

/**
 * After a refused submit or step: every problem of the fields shown (the
 * step's, in steps), in the form's order, each a link
 * to its field; it takes focus, and is read as one (decision 0197). Kept
 * short: a field left empty, and the consents (one link), are named by
 * their label alone (their own messages say the rest), other problems say
 * what is wrong.
 */
export function ErrorSummary({ locale, form }: { locale: Locale; form: ApplicationForm }) {
  const a = applicationMessagesFor(locale);
  const { errors, summaryShown, step } = form.state;
  const labels = new Set<string>();
  const paths = FIELD_ORDER.filter((path) => {
    if (errors[path] === undefined) return false;
    // In steps, only the step shown: another step's fields are not on the screen (0372).
    if (form.stepped && stepOf(path) !== step) return false;
    const label = form.describe(path).label;
    if (labels.has(label)) return false;
    labels.add(label);
    return true;
  });
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
                {errors[path] === APPLICATION_ERRORS.required || path.startsWith("consents.")
                  ? field.label
                  : `${field.label}: ${field.error}`}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
