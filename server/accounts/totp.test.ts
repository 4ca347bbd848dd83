import { describe, expect, it } from "vitest";
import {
  acceptedTotpStep,
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  normalizedRecoveryCode,
  qrRows,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  TOTP_PERIOD_SECONDS,
  totpCodeAt,
  totpUri,
} from "./totp";

// RFC 6238's SHA-1 test key, "12345678901234567890", in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const at = (seconds: number) => new Date(seconds * 1000);

describe("TOTP", () => {
  it("gives RFC 6238's codes (its test vectors, last six digits)", () => {
    expect(totpCodeAt(RFC_SECRET, at(59))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, at(1111111109))).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, at(2000000000))).toBe("279037");
  });

  it("accepts the code of this step and of one step either side, no further", () => {
    const now = at(1_800_000_015);
    const step = Math.floor(1_800_000_015 / TOTP_PERIOD_SECONDS);
    const codeOf = (offsetSteps: number) =>
      totpCodeAt(RFC_SECRET, at(1_800_000_015 + offsetSteps * TOTP_PERIOD_SECONDS));
    expect(acceptedTotpStep(RFC_SECRET, codeOf(0), now, null)).toBe(step);
    expect(acceptedTotpStep(RFC_SECRET, codeOf(-1), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(RFC_SECRET, codeOf(1), now, null)).toBe(step + 1);
    expect(acceptedTotpStep(RFC_SECRET, codeOf(-2), now, null)).toBeUndefined();
    expect(acceptedTotpStep(RFC_SECRET, codeOf(2), now, null)).toBeUndefined();
  });

  it("never accepts a code of a step at or before the last one accepted (no replay)", () => {
    const now = at(1_800_000_015);
    const code = totpCodeAt(RFC_SECRET, now);
    const step = acceptedTotpStep(RFC_SECRET, code, now, null);
    if (step === undefined) throw new Error("not accepted");
    expect(acceptedTotpStep(RFC_SECRET, code, now, step)).toBeUndefined();
    expect(acceptedTotpStep(RFC_SECRET, code, now, step - 1)).toBe(step);
    const next = totpCodeAt(RFC_SECRET, at(1_800_000_015 + TOTP_PERIOD_SECONDS));
    expect(acceptedTotpStep(RFC_SECRET, next, now, step)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    const now = at(1_800_000_015);
    expect(acceptedTotpStep(RFC_SECRET, "", now, null)).toBeUndefined();
    expect(acceptedTotpStep(RFC_SECRET, "12345", now, null)).toBeUndefined();
    expect(acceptedTotpStep(RFC_SECRET, "1234567", now, null)).toBeUndefined();
    expect(acceptedTotpStep(RFC_SECRET, "12345a", now, null)).toBeUndefined();
  });

  it("makes 160-bit base32 secrets, an otpauth address for apps, and its QR code", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    const uri = totpUri(secret, "nimali@nayacompare.lk");
    expect(uri).toBe(
      `otpauth://totp/NayaCompare:nimali%40nayacompare.lk?secret=${secret}&issuer=NayaCompare`,
    );
    const rows = qrRows(uri);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((row) => row.length === rows.length && /^[01]+$/.test(row))).toBe(true);
  });
});

describe("recovery codes", () => {
  it("are ten different codes of ten unambiguous characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it("are read whatever the case, spaces and dashes, and stored as a keyed hash", () => {
    expect(normalizedRecoveryCode(" 7K2MQ 9XD4R ")).toBe("7k2mq9xd4r");
    expect(normalizedRecoveryCode("7k2mq-9xd4r")).toBe("7k2mq9xd4r");
    expect(normalizedRecoveryCode("7k2mq-9xd4")).toBeUndefined();
    expect(normalizedRecoveryCode("ik2mq-9xd4r")).toBeUndefined();
    const key = "a".repeat(64);
    expect(recoveryCodeHash("7K2MQ-9XD4R", key)).toBe(recoveryCodeHash("7k2mq9xd4r", key));
    expect(recoveryCodeHash("7k2mq-9xd4r", key)).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash("7k2mq-9xd4r", key)).not.toBe(recoveryCodeHash("7k2mq-9xd4r", "b"));
  });
});
