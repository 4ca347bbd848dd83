import { stepTitleId } from "./element-ids";

/** A step's heading, which takes focus when version 3 moves to the step. */
export function StepTitle({ step, text }: { step: number; text: string }) {
  return (
    <legend>
      <h2 id={stepTitleId(step)} className="application-group-title" tabIndex={-1}>
        {text}
      </h2>
    </legend>
  );
}
