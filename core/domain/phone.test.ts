import { describe, expect, it } from "vitest";
import {
  formatSriLankanMobile,
  normalizeSriLankanMobile,
  SRI_LANKAN_MOBILE_PREFIXES,
} from "./phone";

describe("normalizeSriLankanMobile", () => {
  it("accepts every usual way of writing the number", () => {
    for (const input of [
      "0771234567",
      "771234567",
      "94771234567",
      "+94771234567",
      "0094771234567",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBe("+94771234567");
    }
  });

  it("ignores spaces, dashes, dots and parentheses anywhere", () => {
    for (const input of [
      "077 123 4567",
      "077-123-4567",
      "077.123.4567",
      "(077) 123 4567",
      "+94 77 123 4567",
      "+94 (77) 123-4567",
      "0094 77 123 4567",
      "94-77-1234567",
      " 0 7 7 1 2 3 4 5 6 7 ",
      "077\t123\u00a04567",
      "077–123–4567",
      "(+94)771234567",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBe("+94771234567");
    }
  });

  it("accepts each mobile prefix in each form", () => {
    for (const prefix of ["070", "071", "072", "074", "075", "076", "077", "078"]) {
      const national = `${prefix.slice(1)}9876543`;
      const expected = `+94${national}`;
      expect(normalizeSriLankanMobile(`0${national}`), prefix).toBe(expected);
      expect(normalizeSriLankanMobile(national), prefix).toBe(expected);
      expect(normalizeSriLankanMobile(`+94${national}`), prefix).toBe(expected);
    }
  });

  it("lists exactly those prefixes", () => {
    expect(SRI_LANKAN_MOBILE_PREFIXES).toEqual([
      "070",
      "071",
      "072",
      "074",
      "075",
      "076",
      "077",
      "078",
    ]);
  });

  it("refuses 073 and 079, which are not mobile prefixes", () => {
    for (const input of ["0731234567", "731234567", "+94731234567", "0791234567", "+94791234567"]) {
      expect(normalizeSriLankanMobile(input), input).toBeUndefined();
    }
  });

  it("refuses landlines", () => {
    for (const input of [
      "011 234 5678",
      "0112345678",
      "+94112345678",
      "081 222 3333",
      "112345678",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBeUndefined();
    }
  });

  it("refuses wrong lengths", () => {
    for (const input of [
      "",
      "077123456",
      "07712345678",
      "77123456",
      "7712345678",
      "+9477123456",
      "+947712345678",
      "009477123456",
      "0",
      "+94",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBeUndefined();
    }
  });

  it("refuses letters and other characters", () => {
    for (const input of [
      "077 123 456O",
      "077-CALL-NOW",
      "tel:0771234567",
      "077/123/4567",
      "077_123_4567",
      "077 123 4567 ext 2",
      "94+771234567",
      "++94771234567",
      "+0094771234567",
      "٠٧٧١٢٣٤٥٦٧",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBeUndefined();
    }
  });

  it("refuses a trunk 0 after the country code", () => {
    expect(normalizeSriLankanMobile("+94 (0)77 123 4567")).toBeUndefined();
    expect(normalizeSriLankanMobile("940771234567")).toBeUndefined();
  });

  it("refuses numbers from other countries", () => {
    for (const input of [
      "+91 98765 43210",
      "+919876543210",
      "00919876543210",
      "+44 7700 900123",
      "+1 415 555 0132",
      "+9607712345",
    ]) {
      expect(normalizeSriLankanMobile(input), input).toBeUndefined();
    }
  });
});

describe("formatSriLankanMobile", () => {
  it("writes the local form in groups of 3, 3 and 4", () => {
    expect(formatSriLankanMobile("+94771234567")).toBe("077 123 4567");
    expect(formatSriLankanMobile("+94701234567")).toBe("070 123 4567");
    expect(formatSriLankanMobile("+94789876543")).toBe("078 987 6543");
  });

  it("round-trips with normalizeSriLankanMobile", () => {
    const e164 = normalizeSriLankanMobile("0094 (76) 555-0101");
    expect(e164).toBe("+94765550101");
    expect(formatSriLankanMobile(e164 ?? "")).toBe("076 555 0101");
    expect(normalizeSriLankanMobile(formatSriLankanMobile("+94765550101"))).toBe("+94765550101");
  });

  it("refuses anything but the E.164 form of a mobile", () => {
    for (const input of ["0771234567", "+94 77 123 4567", "+94731234567", "+94112345678", ""]) {
      expect(() => formatSriLankanMobile(input), input).toThrow(RangeError);
    }
  });
});
