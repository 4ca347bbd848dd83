import { describe, expect, it } from "vitest";
import { codeDigits, formatWait } from "./verification";

describe("the code step's helpers", () => {
  it("write a wait as m:ss, rounded up", () => {
    expect([0, 1, 25_000, 59_001, 60_000, 600_000, -5].map(formatWait)).toEqual([
      "0:00",
      "0:01",
      "0:25",
      "1:00",
      "1:00",
      "10:00",
      "0:00",
    ]);
  });

  it("keep the digits of a typed or pasted code, six at most", () => {
    expect(codeDigits(" 123 456 ")).toBe("123456");
    expect(codeDigits("123-4567")).toBe("123456");
    expect(codeDigits("code: 12a")).toBe("12");
  });
});
