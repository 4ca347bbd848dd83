import { describe, expect, it } from "vitest";
import { csvCell } from "./funnel-tables";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell("-12")).toBe("-12");
    expect(csvCell("සිංහල")).toBe("සිංහල");
  });
});
