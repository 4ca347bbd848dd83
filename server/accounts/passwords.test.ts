import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword, passwordProblem } from "./passwords";

const EMAIL = "nimali.perera@nayacompare.lk";

describe("staff password rules (NIST SP 800-63B: long, not guessable, no composition rules)", () => {
  it("takes 12 to 128 characters, counted as characters, not bytes", () => {
    expect(passwordProblem("short pass", EMAIL)).toBe("too_short");
    expect(passwordProblem("eleven char", EMAIL)).toBe("too_short");
    expect(passwordProblem("twelve chars", EMAIL)).toBeUndefined();
    // Twelve Sinhala letters are twelve characters, whatever their UTF-8 length.
    expect(passwordProblem("ශ්‍රීලංකාවේකඳුරට", EMAIL)).toBeUndefined();
    const words = "tea kandy monsoon bus ".repeat(6);
    expect(passwordProblem(words.slice(0, 128), EMAIL)).toBeUndefined();
    expect(passwordProblem(words.slice(0, 129), EMAIL)).toBe("too_long");
  });

  it("needs no digits, capitals or symbols: a few words are a good password", () => {
    expect(passwordProblem("tea kandy monsoon bus", EMAIL)).toBeUndefined();
  });

  it("refuses the e-mail address or its name inside the password", () => {
    expect(passwordProblem(`${EMAIL}!`, EMAIL)).toBe("contains_email");
    expect(passwordProblem("my Nimali.Perera pass", EMAIL)).toBe("contains_email");
    // A name of fewer than four letters is too common a word to refuse.
    expect(passwordProblem("abc tea kandy monsoon", "abc@nayacompare.lk")).toBeUndefined();
  });

  it("refuses common passwords, one or two repeated characters, and runs", () => {
    for (const common of [
      "Password1234",
      "123456789012",
      "aaaaaaaaaaaa",
      "abababababab",
      "abcdefghijklm",
      "9876543210/.",
      "NayaCompare123",
    ]) {
      if (common) expect(passwordProblem(common, EMAIL), common).toBe("common");
    }
  });
});

describe("staff password hashes", () => {
  it("are argon2id with OWASP's minimum cost, and verify only the same password", async () => {
    const hash = await hashPassword("tea kandy monsoon bus");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(hash, "tea kandy monsoon bus")).toBe(true);
    expect(await checkPassword(hash, "tea kandy monsoon bus ")).toBe(false);
    expect(await checkPassword("not a hash", "anything at all")).toBe(false);
  });

  it("answer false without a hash, after the same argon2 work (no enumeration by timing)", async () => {
    expect(await checkPassword(null, "tea kandy monsoon bus")).toBe(false);
  });
});
