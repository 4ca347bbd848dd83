/**
 * Product bounds for Sri Lanka. SPEC §5 leaves them open; these are our
 * decision (ARCHITECTURE.md, "Decisions"): the smallest loan the sample
 * lenders make and a ceiling that keeps us in micro-lending.
 */
export const LOAN_AMOUNT_LK = {
  min: 5_000,
  max: 200_000,
  step: 1_000,
  default: 50_000,
} as const;

/** Brings any number onto the amount grid: within bounds, on a step. */
export function clampLoanAmount(amount: number): number {
  const { min, max, step } = LOAN_AMOUNT_LK;
  if (!Number.isFinite(amount)) return LOAN_AMOUNT_LK.default;
  const stepped = min + Math.round((amount - min) / step) * step;
  return Math.min(max, Math.max(min, stepped));
}
