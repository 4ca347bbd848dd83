import { describe, expect, it } from "vitest";
import { catalogProblems, localeCatalogProblems, tamilCatalogProblems } from "./catalog-checks";
import { eligibilityMessagesFor } from "./eligibility";
import { fill, messagesFor } from "./index";

describe("shared message catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(messagesFor)).toEqual([]);
  });

  it("the eligibility check's too (decision 0178)", () => {
    expect(localeCatalogProblems(eligibilityMessagesFor)).toEqual([]);
  });
});

describe("catalogProblems", () => {
  it("finds a missing key, an empty text, a placeholder mismatch and untranslated copy", () => {
    expect(
      catalogProblems(
        { a: "{n} දින", b: "", c: "Hello" },
        { a: "{count} days", b: "B", c: "Hello", d: "D" },
      ),
    ).toEqual([
      "a: placeholders differ between si and en",
      "si.b is empty",
      "si.b is not written in Sinhala",
      "si.c is not written in Sinhala",
      "si lacks d",
    ]);
  });

  it("checks a Tamil catalog against Tamil script", () => {
    expect(
      tamilCatalogProblems(
        { a: "{n} நாட்கள்", b: "சலுகை", c: "ණය", e: "இ" },
        { a: "{days} days", b: "Offer", c: "Loan", d: "D" },
      ),
    ).toEqual([
      "a: placeholders differ between ta and en",
      "ta.c is not written in Tamil",
      "ta lacks d",
      "en lacks e",
    ]);
  });
});

describe("fill", () => {
  it("replaces placeholders and leaves unknown ones visible", () => {
    expect(fill("{count} offers matching you", { count: 3 })).toBe("3 offers matching you");
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(fill("{toString}", {})).toBe("{toString}");
  });
});
