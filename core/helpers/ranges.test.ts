import { describe, expect, it } from "vitest";
import { z } from "zod";
import { wholeWithin } from "./ranges";

describe("wholeWithin", () => {
  const schema = wholeWithin(
    z.coerce.number(),
    { min: 2, max: 5 },
    "must be a whole number of days",
  );

  it("takes a whole number from min to max, the bounds included", () => {
    expect(schema.parse("2")).toBe(2);
    expect(schema.parse(5)).toBe(5);
  });

  it("says which bound a number missed, and names the unit of a fraction", () => {
    const message = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(1)).toBe("must be at least 2");
    expect(message(6)).toBe("must be at most 5");
    expect(message(2.5)).toBe("must be a whole number of days");
  });
});
