import { describe, expect, it } from "vitest";
import {
  CODE_PATTERN,
  codeHash,
  MAX_TRIES,
  newCode,
  resendWaitMs,
  sameHash,
  verificationState,
} from "./one-time-codes";

describe("one-time codes", () => {
  it("are six digits, leading zeros kept, and not all alike", () => {
    const codes = Array.from({ length: 500 }, newCode);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it("are stored as a keyed hash bound to their lead", () => {
    const hash = codeHash("key", "lead-a", "123456");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("123456");
    expect(sameHash(hash, codeHash("key", "lead-a", "123456"))).toBe(true);
    expect(sameHash(hash, codeHash("key", "lead-b", "123456"))).toBe(false);
    expect(sameHash(hash, codeHash("other", "lead-a", "123456"))).toBe(false);
    expect(sameHash(hash, codeHash("key", "lead-a", "123457"))).toBe(false);
    expect(sameHash(hash, "")).toBe(false);
  });

  it("may be sent again after 30 s, then 60 s, 120 s … and never more than 10 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((sends) => resendWaitMs(sends) / 1000)).toEqual([
      30, 60, 120, 240, 480, 600, 600, 600,
    ]);
  });

  it("say how many tries are left", () => {
    const row = { expires_at: "2026-11-21T08:10:00.000Z", resend_at: "x", tries: 2 };
    expect(verificationState(row).triesLeft).toBe(MAX_TRIES - 2);
    expect(verificationState({ ...row, tries: 9 }).triesLeft).toBe(0);
  });
});
