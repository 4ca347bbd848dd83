import { describe, expect, it } from "vitest";
import { formatRupees, groupThousands } from "./money";

describe("groupThousands", () => {
  it("groups a count as the amounts are, never below zero", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(999)).toBe("999");
    expect(groupThousands(1234567)).toBe("1,234,567");
    expect(groupThousands(-3)).toBe("0");
  });
});

describe("formatRupees", () => {
  it("puts the symbol first and groups thousands with commas", () => {
    expect(formatRupees(50000)).toBe("Rs. 50,000");
    expect(formatRupees(5000)).toBe("Rs. 5,000");
    expect(formatRupees(1234567)).toBe("Rs. 1,234,567");
    expect(formatRupees(999)).toBe("Rs. 999");
    expect(formatRupees(0)).toBe("Rs. 0");
  });

  it("rounds to whole rupees", () => {
    expect(formatRupees(5045.5)).toBe("Rs. 5,046");
    expect(formatRupees(999.4)).toBe("Rs. 999");
  });

  it("shows a minus sign before the symbol and never a negative zero", () => {
    expect(formatRupees(-1500)).toBe("-Rs. 1,500");
    expect(formatRupees(-0.2)).toBe("Rs. 0");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupees(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
