import { useId } from "react";
import {
  ELIGIBILITY_QUESTIONS,
  type EligibilityAnswers,
  type EligibilityQuestionName,
  eligibilityOutcome,
  ruledOutBy,
} from "../../core/domain/eligibility";
import type { Locale } from "../../core/locale";
import { messagesFor } from "../../core/messages";
import { eligibilityMessagesFor } from "../../core/messages/eligibility";

export interface EligibilityTestProps {
  locale: Locale;
  answers: EligibilityAnswers;
  onAnswer(name: EligibilityQuestionName, value: boolean): void;
  /** Where four "yes" answers lead: the application, with the loan when it is known. */
  applyHref?: string | undefined;
  /** False when a listener kept the visitor on the page. */
  onApply?(): boolean;
}

/**
 * Four yes/no questions (SPEC §5; decision 0178), each something the
 * application requires. A "no" says at once that no lender here can take
 * the application, why, and what would change it; four "yes" answers lead to
 * the application and say that each lender still decides. No score.
 */
export function EligibilityTest({
  locale,
  answers,
  onAnswer,
  applyHref,
  onApply,
}: EligibilityTestProps) {
  const t = eligibilityMessagesFor(locale);
  const id = useId();
  const outcome = eligibilityOutcome(answers);

  return (
    <section className="lw-eligibility" part="eligibility" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lw-title">
        {t.eligibilityTitle}
      </h2>
      {ELIGIBILITY_QUESTIONS.map((name) => (
        <fieldset key={name} className="lw-question" part="question">
          <legend>{t[`question:${name}`]}</legend>
          <div className="lw-choices">
            {([true, false] as const).map((value) => (
              <label key={String(value)} className="lw-choice" part="choice">
                <input
                  type="radio"
                  name={`${id}-${name}`}
                  checked={answers[name] === value}
                  onChange={() => onAnswer(name, value)}
                />
                <span>{value ? t.yes : t.no}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="lw-result" part="result" role="status" data-outcome={outcome}>
        {outcome === "fail" ? (
          <>
            <p className="lw-warning">{t.eligibilityFail}</p>
            <ul>
              {ruledOutBy(answers).map((name) => (
                <li key={name}>{t[`why:${name}`]}</li>
              ))}
            </ul>
            <p className="lw-note">{t.eligibilityChange}</p>
          </>
        ) : null}
        {outcome === "pass" ? (
          <>
            <p>{t.eligibilityPass}</p>
            {applyHref ? (
              <a
                className="lw-cta"
                part="cta apply"
                href={applyHref}
                onClick={(event) => {
                  if (onApply && !onApply()) event.preventDefault();
                }}
              >
                {messagesFor(locale).applyNow}
              </a>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
