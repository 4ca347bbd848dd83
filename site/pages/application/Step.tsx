import type { ReactNode } from "react";
import type { Locale } from "../../../core/locale";
import { stepTitleId } from "./element-ids";
import type { ApplicationForm } from "./use-application-form";

/** What every step is given: the page's language, the form, whether it is hidden now. */
export interface StepProps {
  locale: Locale;
  form: ApplicationForm;
  hidden: boolean;
}

/** A step's group of fields under its heading, which takes focus when version 3 moves to it. */
export function Step({
  step,
  title,
  hidden,
  children,
}: {
  step: number;
  title: string;
  hidden: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="application-group" hidden={hidden}>
      <legend>
        <h2 id={stepTitleId(step)} className="application-group-title" tabIndex={-1}>
          {title}
        </h2>
      </legend>
      {children}
    </fieldset>
  );
}
