import { useId } from "react";
import {
  allAnswered,
  approvalPercent,
  ELIGIBILITY_QUESTIONS,
  type EligibilityAnswers,
  type EligibilityQuestionName,
  meetsAllRequirements,
} from "../../core/eligibility";
import type { Locale } from "../../core/locale";
import { fill, messagesFor } from "../../core/messages";

export interface EligibilityTestProps {
  locale: Locale;
  answers: EligibilityAnswers;
  onAnswer(name: EligibilityQuestionName, value: boolean): void;
}

/** Four yes/no questions (SPEC §5) and the score their answers add up to. */
export function EligibilityTest({ locale, answers, onAnswer }: EligibilityTestProps) {
  const t = messagesFor(locale);
  const id = useId();
  const percent = approvalPercent(answers);

  return (
    <section className="lw-eligibility" part="eligibility" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lw-title">
        {t.eligibilityTitle}
      </h2>
      {ELIGIBILITY_QUESTIONS.map((question) => (
        <fieldset key={question.name} className="lw-question" part="question">
          <legend>{t[`question:${question.name}`]}</legend>
          <div className="lw-choices">
            {([true, false] as const).map((value) => (
              <label key={String(value)} className="lw-choice" part="choice">
                <input
                  type="radio"
                  name={`${id}-${question.name}`}
                  checked={answers[question.name] === value}
                  onChange={() => onAnswer(question.name, value)}
                />
                <span>{value ? t.yes : t.no}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <p className="lw-score" part="score" role="status">
        {fill(t.approvalScore, { percent })}
      </p>
      <p className="lw-note">{t.approvalNote}</p>
      {allAnswered(answers) && !meetsAllRequirements(answers) ? (
        <p className="lw-warning" role="alert">
          {t.requirementsNotMet}
        </p>
      ) : null}
    </section>
  );
}
