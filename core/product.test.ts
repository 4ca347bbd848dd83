import { describe, expect, it } from "vitest";
import { clampLoanAmount, LOAN_AMOUNT_LK } from "./product";

describe("clampLoanAmount", () => {
  it("keeps amounts inside the bounds", () => {
    expect(clampLoanAmount(1)).toBe(LOAN_AMOUNT_LK.min);
    expect(clampLoanAmount(10_000_000)).toBe(LOAN_AMOUNT_LK.max);
  });

  it("snaps to the step", () => {
    expect(clampLoanAmount(50_400)).toBe(50_000);
    expect(clampLoanAmount(50_600)).toBe(51_000);
  });

  it("falls back to the default for a non-number", () => {
    expect(clampLoanAmount(Number.NaN)).toBe(LOAN_AMOUNT_LK.default);
  });
});
