import { useEffect, useId, useRef, useState } from "react";
import { type EligibilityAnswers, meetsAllRequirements } from "../../core/domain/eligibility";
import type { CalendarDate } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import { messagesFor } from "../../core/messages";
import type { LenderOdds } from "../approval-odds-feed";
import type { LoanSelection } from "../loan-selection";
import type { OffersFeedState } from "../offers-feed";
import { Calculator } from "./Calculator";
import { EligibilityTest } from "./EligibilityTest";
import { OfferList } from "./OfferList";

type Step = "calculator" | "eligibility" | "offers";
const STEPS: readonly Step[] = ["calculator", "eligibility", "offers"];

export interface LoanWidgetProps {
  locale: Locale;
  selection: LoanSelection;
  onSelectionChange(selection: LoanSelection): void;
  answers: EligibilityAnswers;
  onAnswer(name: keyof EligibilityAnswers, value: boolean): void;
  today: CalendarDate;
  feed: OffersFeedState;
  onRetry(): void;
  assetBase: string;
  offerHref(offerId: number): string;
  onOfferSelect?(offerId: number): boolean;
  /** The lenders' approval odds for the offers step (the `income-band` attribute given). */
  odds?: LenderOdds | undefined;
  /** The main call to action after the offers: our application form. */
  applyHref: string;
  onApply?(): boolean;
}

/** Calculator → eligibility → offers → apply, one step at a time. */
export function LoanWidget(props: LoanWidgetProps) {
  const { locale, answers } = props;
  const t = messagesFor(locale);
  const [step, setStep] = useState<Step>("calculator");
  const hintId = useId();
  const panel = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // The button that moved the visitor on may be gone from the new step: bring
  // keyboard and screen-reader focus to the start of the step instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    panel.current?.focus();
  }, [step]);
  const stepLabels: Record<Step, string> = {
    calculator: t.stepCalculator,
    eligibility: t.stepEligibility,
    offers: t.stepOffers,
  };
  const index = STEPS.indexOf(step);
  const canContinue =
    step === "calculator" || (step === "eligibility" && meetsAllRequirements(answers));

  return (
    <div className="lw-widget" part="widget">
      <ol className="lw-steps" part="steps" aria-label={t.stepsLabel}>
        {STEPS.map((name, position) => (
          <li
            key={name}
            aria-current={name === step ? "step" : undefined}
            className={position <= index ? "lw-step-done" : undefined}
          >
            {position + 1}. {stepLabels[name]}
          </li>
        ))}
      </ol>
      <section ref={panel} tabIndex={-1} className="lw-panel" aria-label={stepLabels[step]}>
        {step === "calculator" ? <Calculator {...props} /> : null}
        {step === "eligibility" ? <EligibilityTest {...props} applyHref={undefined} /> : null}
        {step === "offers" ? <OfferList {...props} /> : null}
      </section>
      <div className="lw-actions">
        {index > 0 ? (
          <button
            type="button"
            className="lw-button lw-secondary"
            part="button"
            onClick={() => setStep(STEPS[index - 1] ?? "calculator")}
          >
            {t.back}
          </button>
        ) : null}
        {step === "offers" ? (
          <a
            className="lw-cta"
            part="cta apply"
            href={props.applyHref}
            onClick={(event) => {
              if (props.onApply && !props.onApply()) event.preventDefault();
            }}
          >
            {t.applyNow}
          </a>
        ) : (
          <button
            type="button"
            className="lw-button"
            part="button"
            disabled={!canContinue}
            aria-describedby={canContinue ? undefined : hintId}
            onClick={() => setStep(STEPS[index + 1] ?? "offers")}
          >
            {t.continue}
          </button>
        )}
        {canContinue ? null : (
          <p id={hintId} className="lw-note">
            {t.continueHint}
          </p>
        )}
      </div>
    </div>
  );
}
