import { describe, expect, it } from "vitest";
import { messagesFor } from "./index";

const sinhalaLetter = /[\u0D80-\u0DFF]/;

describe("message catalogs", () => {
  it("have the same keys in both languages", () => {
    expect(Object.keys(messagesFor("si")).sort()).toEqual(Object.keys(messagesFor("en")).sort());
  });

  it("have no empty message", () => {
    for (const locale of ["si", "en"] as const) {
      for (const [key, text] of Object.entries(messagesFor(locale))) {
        expect(text.trim(), `${locale}.${key}`).not.toBe("");
      }
    }
  });

  it("are written in Sinhala script where the copy is Sinhala", () => {
    const si = messagesFor("si");
    // The brand name and the link to the English page are the only Latin-script entries.
    const latinOnly = Object.entries(si)
      .filter(([, text]) => !sinhalaLetter.test(text))
      .map(([key]) => key);
    expect(latinOnly.sort()).toEqual(["languageSwitch", "siteName"]);
  });
});
