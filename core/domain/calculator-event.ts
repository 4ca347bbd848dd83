/**
 * The loan calculator's field event (decision 0164): event 5, `sub4`
 * `fieldFilled`, `sub5` the calculator's field a visitor first changed in a
 * page view. Its name only, never the amount or term chosen.
 */
export type CalculatorControl = "amount" | "term";

export const CALCULATOR_FIELDS = ["calculator.amount", "calculator.term"] as const;

export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

export function calculatorField(control: CalculatorControl): CalculatorField {
  return `calculator.${control}`;
}

export function isCalculatorField(value: unknown): value is CalculatorField {
  return (CALCULATOR_FIELDS as readonly unknown[]).includes(value);
}
