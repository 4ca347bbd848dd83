import type { LoanPurpose } from "../../../core/domain/application";
import type { CalendarDate } from "../../../core/helpers/dates";
import type { Locale } from "../../../core/locale";
import { Calculator } from "../../../widget/components/Calculator";
import { normalizeSelection } from "../../../widget/loan-selection";
import { useCalculatorChange } from "../../calculator-tracking";
import { applicationMessagesFor } from "../../messages";
import { FieldError, SelectField } from "./fields";
import { Step } from "./Step";
import type { ApplicationForm } from "./use-application-form";

/**
 * The first step: the calculator's amount and period, and what the loan is for (`purposes`:
 * each code's label, from the page's view).
 */
export function LoanStep({
  locale,
  today,
  form,
  hidden,
  purposes,
}: {
  locale: Locale;
  today: CalendarDate;
  form: ApplicationForm;
  hidden: boolean;
  purposes: readonly (readonly [LoanPurpose, string])[];
}) {
  const a = applicationMessagesFor(locale);
  const { values } = form.state;
  const loan = form.describe("amount");
  const selection = normalizeSelection(values.amount, values.term);
  const changeLoan = useCalculatorChange(selection, form.changeLoan);
  return (
    <Step step={0} title={a.stepLoan} hidden={hidden}>
      <div id={loan.id} tabIndex={-1} className="application-calculator">
        <Calculator
          locale={locale}
          selection={selection}
          onSelectionChange={changeLoan}
          today={today}
        />
        <FieldError id={loan.id} text={loan.error ?? form.describe("term").error} />
      </div>
      <SelectField
        {...form.bind("purpose")}
        why={a.purposeWhy}
        placeholder={a.choose}
        options={purposes}
      />
    </Step>
  );
}
