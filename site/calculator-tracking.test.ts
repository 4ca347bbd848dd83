import { describe, expect, it } from "vitest";
import { changedControl } from "./calculator-tracking";

describe("the calculator's changed control", () => {
  const loan = { amount: 50_000, termDays: 91 };
  it("names the amount or the term that changed, and nothing when the loan is the same", () => {
    expect(changedControl(loan, { ...loan, amount: 75_000 })).toBe("amount");
    expect(changedControl(loan, { ...loan, termDays: 120 })).toBe("term");
    expect(changedControl(loan, { ...loan })).toBeUndefined();
  });
});
