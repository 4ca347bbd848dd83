import { describe, expect, it } from "vitest";
import { parseNic } from "../domain/nic";
import { normalizeSriLankanMobile } from "../domain/phone";
import { applyMask, NIC_NEW_MASK, NIC_OLD_MASK, PHONE_MASK } from "./input-mask";

describe("applyMask: tokens", () => {
  it("9 takes digits only", () => {
    expect(applyMask("999", "123")).toBe("123");
    expect(applyMask("999", "1a2b3")).toBe("123");
    expect(applyMask("999", "abc")).toBe("");
  });

  it("A takes Latin letters of either case only", () => {
    expect(applyMask("AAAA", "aBcD")).toBe("aBcD");
    expect(applyMask("AAA", "1a2b3c")).toBe("abc");
    expect(applyMask("AAA", "zZ!")).toBe("zZ");
  });

  it("A refuses letters outside a–z", () => {
    expect(applyMask("AAA", "éශ්ßa")).toBe("a");
    expect(applyMask("AAA", "ΑΒΓ")).toBe("");
  });

  it("* takes letters and digits but nothing else", () => {
    expect(applyMask("****", "a1-B2")).toBe("a1B2");
    expect(applyMask("***", "!@ #x")).toBe("x");
  });

  it("9 refuses digits of other scripts", () => {
    expect(applyMask("999", "٠١٢3")).toBe("3");
  });
});

describe("applyMask: literals", () => {
  it("writes literals as the user types", () => {
    expect(applyMask(PHONE_MASK, "0771234567")).toBe("077 123 4567");
    expect(applyMask("99/99/9999", "05032027")).toBe("05/03/2027");
    expect(applyMask("(999) 999", "123456")).toBe("(123) 456");
  });

  it("writes a literal only once a character follows it", () => {
    expect(applyMask(PHONE_MASK, "077")).toBe("077");
    expect(applyMask(PHONE_MASK, "0771")).toBe("077 1");
    expect(applyMask(PHONE_MASK, "077123")).toBe("077 123");
    expect(applyMask("(999) 999", "")).toBe("");
    expect(applyMask("(999) 999", "1")).toBe("(1");
    expect(applyMask("(999) 999", "123")).toBe("(123");
  });

  it("closes the pattern with its trailing literals once every token is filled", () => {
    expect(applyMask("(999)", "12")).toBe("(12");
    expect(applyMask("(999)", "123")).toBe("(123)");
  });

  it("takes a typed literal as that literal rather than as extra input", () => {
    expect(applyMask(PHONE_MASK, "077 123 4567")).toBe("077 123 4567");
    expect(applyMask(PHONE_MASK, "077 ")).toBe("077");
    expect(applyMask("99-99", "12-34")).toBe("12-34");
  });

  it("keeps literals that a token would also take apart from the input", () => {
    // "L", "K", "0" and "7" are literals here ("9", "A" and "*" are the only tokens).
    expect(applyMask("LK-0AAA", "LK-0xyz")).toBe("LK-0xyz");
    expect(applyMask("LK-0AAA", "xyz")).toBe("LK-0xyz");
    expect(applyMask("07-99", "07-12")).toBe("07-12");
    expect(applyMask("07-99", "0712")).toBe("07-12");
    expect(applyMask("07-99", "12")).toBe("07-12");
  });

  it("gives its own output back unchanged", () => {
    for (const [pattern, raw] of [
      [PHONE_MASK, "0771234567"],
      [PHONE_MASK, "07712"],
      ["(999) 999", "12345"],
      ["07-99", "1"],
      ["LK-0AAA", "xy"],
    ] as const) {
      const once = applyMask(pattern, raw);
      expect(applyMask(pattern, once), `${pattern} ${raw}`).toBe(once);
    }
  });

  it("is empty for a pattern without tokens", () => {
    expect(applyMask("---", "abc")).toBe("");
    expect(applyMask("", "abc")).toBe("");
  });
});

describe("applyMask: overflow and pasted text", () => {
  it("stops at the end of the pattern", () => {
    expect(applyMask(PHONE_MASK, "07712345678999")).toBe("077 123 4567");
    expect(applyMask("99", "123")).toBe("12");
  });

  it("cleans pasted text with junk", () => {
    expect(applyMask(PHONE_MASK, "Call: (077) 123-4567 now!")).toBe("077 123 4567");
    expect(applyMask(PHONE_MASK, "  077.123.4567\n")).toBe("077 123 4567");
    expect(applyMask(PHONE_MASK, "📞077🙂1234567")).toBe("077 123 4567");
    expect(applyMask(NIC_OLD_MASK, "NIC no: 85341-0937 v.")).toBe("853410937v");
  });

  it("keeps order: a character that does not fit yet is not saved for later", () => {
    expect(applyMask("99AA", "ab12cd")).toBe("12cd");
    expect(applyMask("AA99", "12ab34")).toBe("ab34");
  });
});

describe("the patterns we use", () => {
  it("are the documented strings", () => {
    expect(NIC_NEW_MASK).toBe("999999999999");
    expect(NIC_OLD_MASK).toBe("999999999A");
    expect(PHONE_MASK).toBe("999 999 9999");
  });

  it("fit a new-format NIC and cut what is beyond", () => {
    expect(applyMask(NIC_NEW_MASK, "1985 3410 0937")).toBe("198534100937");
    expect(applyMask(NIC_NEW_MASK, "1985341009371")).toBe("198534100937");
    expect(parseNic(applyMask(NIC_NEW_MASK, "1985-3410-0937")).ok).toBe(true);
  });

  it("fit an old-format NIC but leave the V-or-X check to parseNic", () => {
    expect(applyMask(NIC_OLD_MASK, "853410937V")).toBe("853410937V");
    expect(applyMask(NIC_OLD_MASK, "853410937Q")).toBe("853410937Q");
    expect(parseNic(applyMask(NIC_OLD_MASK, "853410937Q"))).toEqual({
      ok: false,
      reason: "format",
    });
    expect(applyMask(NIC_OLD_MASK, "8534109")).toBe("8534109");
  });

  it("give a phone value normalizeSriLankanMobile accepts", () => {
    expect(normalizeSriLankanMobile(applyMask(PHONE_MASK, "0771234567"))).toBe("+94771234567");
  });
});
