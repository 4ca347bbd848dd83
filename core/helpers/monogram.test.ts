import { describe, expect, it } from "vitest";
import { lenderMonogram, MONOGRAM_COLOURS } from "./monogram";

/** WCAG 2.1's relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("lenderMonogram", () => {
  it("takes the first two capitals or digits that begin a word of the English name", () => {
    expect(lenderMonogram("kandy-lane", "Kandy Lane Credit").initials).toBe("KL");
    expect(lenderMonogram("boc", "Bank of Ceylon").initials).toBe("BC");
    expect(lenderMonogram("hnb", "HNB Finance").initials).toBe("HF");
    expect(lenderMonogram("x", "  (Ruhuna)   3rd Finance ").initials).toBe("R3");
  });

  it("falls back to the id's first letter when the name has no capital or digit to take", () => {
    expect(lenderMonogram("lotus-pond", "නෙළුම් පොකුණ").initials).toBe("L");
    expect(lenderMonogram("sampath", "sampath").initials).toBe("S");
  });

  it("picks the same colour for the same id, whatever the name, and spreads ids over the palette", () => {
    expect(lenderMonogram("kandy-lane", "A").colour).toBe(lenderMonogram("kandy-lane", "B").colour);
    const ids = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"];
    const colours = new Set(ids.map((id) => lenderMonogram(id, "X").colour));
    expect(colours.size).toBeGreaterThan(4);
  });

  it("keeps every colour's white initials at 4.5:1 or more", () => {
    for (const colour of MONOGRAM_COLOURS) {
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
