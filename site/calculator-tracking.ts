import { useRef } from "react";
import { type CalculatorControl, calculatorField } from "../core/domain/calculator-event";
import type { LoanSelection } from "../widget/loan-selection";
import { track } from "./track";

/** The control a change of the calculator's loan came from; none when the loan is the same. */
export function changedControl(
  previous: LoanSelection,
  next: LoanSelection,
): CalculatorControl | undefined {
  if (next.amount !== previous.amount) return "amount";
  if (next.termDays !== previous.termDays) return "term";
  return undefined;
}

/**
 * The site's calculator change handler (decision 0164): the first change of
 * the amount or the term in a page view sends one field event, `fieldFilled`
 * with `calculator.amount` or `calculator.term`, through the tracking chunk;
 * later changes send nothing. Never the amount or the term chosen. A page
 * is mounted afresh for each page view (site/App.tsx keys it by path).
 */
export function useCalculatorChange(
  selection: LoanSelection,
  onChange: (selection: LoanSelection) => void,
): (selection: LoanSelection) => void {
  const reported = useRef(false);
  return (next) => {
    const control = changedControl(selection, next);
    if (control && !reported.current) {
      reported.current = true;
      track((module) => module.trackField("fieldFilled", calculatorField(control)));
    }
    onChange(next);
  };
}
