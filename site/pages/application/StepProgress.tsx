import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { applicationMessagesFor } from "../../messages";
import { STEP_COUNT } from "./application-form";

/** "Step 2 of 3" above version 3's steps. */
export function StepProgress({ locale, step }: { locale: Locale; step: number }) {
  const a = applicationMessagesFor(locale);
  return (
    <div className="application-progress">
      <p id="application-progress-label">
        {fill(a.stepProgress, { step: step + 1, count: STEP_COUNT })}
      </p>
      <progress max={STEP_COUNT} value={step + 1} aria-labelledby="application-progress-label" />
    </div>
  );
}
