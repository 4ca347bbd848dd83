import { describe, expect, it } from "vitest";
import {
  UNSUBSCRIBE_ERRORS,
  unsubscribeConfirmSchema,
  unsubscribeRequestSchema,
} from "./unsubscribe";

const parse = (input: unknown) => unsubscribeRequestSchema.safeParse(input);

describe("unsubscribeRequestSchema", () => {
  it("normalises the e-mail and the phone", () => {
    expect(parse({ email: "  Nimal@Example.LK ", phone: "077 123 4567" }).data).toEqual({
      email: "nimal@example.lk",
      phone: "+94771234567",
    });
  });

  it("takes either one alone, and ignores empty fields", () => {
    expect(parse({ email: "a@b.lk", phone: "" }).data).toEqual({ email: "a@b.lk" });
    expect(parse({ phone: "+94 71 234 5678" }).data).toEqual({ phone: "+94712345678" });
  });

  it("uses SPEC §5's messages", () => {
    const issues = (input: unknown) => parse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ email: "not-an-email" })).toEqual([UNSUBSCRIBE_ERRORS.email]);
    expect(issues({ phone: "011 234 5678" })).toEqual([UNSUBSCRIBE_ERRORS.phone]);
    expect(issues({})).toEqual([UNSUBSCRIBE_ERRORS.missing]);
  });

  it("refuses unknown fields and huge values", () => {
    expect(parse({ email: "a@b.lk", name: "x" }).success).toBe(false);
    expect(parse({ email: `${"a".repeat(300)}@b.lk` }).success).toBe(false);
  });

  it("takes the page's language for the codes, one of ours only", () => {
    expect(parse({ email: "a@b.lk", locale: "ta" }).success).toBe(true);
    expect(parse({ email: "a@b.lk", locale: "en" }).data).toEqual({
      email: "a@b.lk",
      locale: "en",
    });
    expect(parse({ email: "a@b.lk", locale: "fr" }).success).toBe(false);
  });
});

describe("unsubscribeConfirmSchema", () => {
  const requestId = "AbCdEfGhIjKlMnOpQrStUv";
  const confirm = (input: unknown) => unsubscribeConfirmSchema.safeParse(input);

  it("takes six digits as people copy them", () => {
    for (const code of ["123456", " 123 456 ", "123-456", "12.34.56"]) {
      expect(confirm({ requestId, code }).data, code).toEqual({ requestId, code: "123456" });
    }
  });

  it("refuses anything else with the page's message", () => {
    for (const code of ["12345", "1234567", "abcdef", "", "١٢٣٤٥٦", 123456]) {
      const issues = confirm({ requestId, code }).error?.issues.map((issue) => issue.message);
      expect(issues, String(code)).toEqual([UNSUBSCRIBE_ERRORS.code]);
    }
    expect(confirm({ requestId: "short", code: "123456" }).success).toBe(false);
    expect(confirm({ requestId, code: "123456", email: "a@b.lk" }).success).toBe(false);
  });
});
