import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  isSealedText,
  KEY_BYTES,
  lookupHash,
  newDataKey,
  openBytes,
  openText,
  parseInstallationKey,
  sealBytes,
  sealText,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyOf,
} from "./personal-crypto";

const installation = Buffer.alloc(KEY_BYTES, 7);

describe("the installation key's text", () => {
  it("takes 32 bytes as base64 (openssl rand -base64 32) or 64 hex digits, around spaces", () => {
    const key = randomBytes(KEY_BYTES);
    expect(parseInstallationKey(`${key.toString("base64")}\n`)).toEqual(key);
    expect(parseInstallationKey(key.toString("hex").toUpperCase())).toEqual(key);
    expect(parseInstallationKey(key.toString("base64url"))).toEqual(key);
  });

  it("refuses anything shorter, longer or not a key", () => {
    for (const text of [
      "",
      "secret",
      randomBytes(16).toString("base64"),
      randomBytes(33).toString("base64"),
      randomBytes(31).toString("hex"),
      "!".repeat(44),
    ]) {
      expect(parseInstallationKey(text), text).toBeUndefined();
    }
  });
});

describe("wrapping data keys", () => {
  it("derives an id that names the installation key without being it, the same each time", () => {
    const wrapping = wrappingKeyOf(installation);
    expect(wrapping.id).toMatch(/^[0-9a-f]{16}$/);
    expect(wrappingKeyOf(installation).id).toBe(wrapping.id);
    expect(wrappingKeyOf(Buffer.alloc(KEY_BYTES, 8)).id).not.toBe(wrapping.id);
    expect(wrapping.key.equals(installation)).toBe(false);
    expect(() => wrappingKeyOf(Buffer.alloc(16))).toThrow(/32 bytes/);
  });

  it("unwraps what it wrapped, only with the same installation key and id", () => {
    const wrapping = wrappingKeyOf(installation);
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(wrapping, "lead-1", dataKey);
    expect(wrapped).not.toContain(dataKey.toString("base64url"));
    expect(unwrapDataKey(wrapping, "lead-1", wrapped)).toEqual(dataKey);
    // Another lead's row, or another installation key: it does not open.
    expect(() => unwrapDataKey(wrapping, "lead-2", wrapped)).toThrow();
    expect(() =>
      unwrapDataKey(wrappingKeyOf(Buffer.alloc(KEY_BYTES, 9)), "lead-1", wrapped),
    ).toThrow();
    // Twice the same key wraps differently (a new IV each time).
    expect(wrapDataKey(wrapping, "lead-1", dataKey)).not.toBe(wrapped);
  });
});

describe("sealed values", () => {
  const dataKey = newDataKey();

  it("opens a sealed text, Sinhala and Tamil included, and shows nothing of it", () => {
    for (const text of ["Nimali Jayawardena", "නිමාලි ජයවර්ධන", "நிமாலி", "", "853400937V"]) {
      const sealed = sealText(dataKey, "k/leads.full_name", text);
      expect(isSealedText(sealed)).toBe(true);
      if (text) expect(sealed).not.toContain(text);
      expect(openText(dataKey, "k/leads.full_name", sealed)).toBe(text);
    }
    expect(isSealedText("Nimali")).toBe(false);
  });

  it("refuses another key, another column or row, and a changed value", () => {
    const sealed = sealText(dataKey, "k/leads.full_name", "Nimali");
    expect(() => openText(newDataKey(), "k/leads.full_name", sealed)).toThrow();
    expect(() => openText(dataKey, "k/leads.email", sealed)).toThrow();
    expect(() => openText(dataKey, "other/leads.full_name", sealed)).toThrow();
    const body = Buffer.from(sealed.slice(3), "base64url");
    body[14] = (body[14] ?? 0) ^ 1;
    expect(() =>
      openText(dataKey, "k/leads.full_name", `s1.${body.toString("base64url")}`),
    ).toThrow();
    expect(() => openText(dataKey, "k/leads.full_name", "s1.")).toThrow(/too short/);
    expect(() => openText(dataKey, "k/leads.full_name", "Nimali")).toThrow(/Not a sealed/);
  });

  it("seals bytes (a photo) the same way", () => {
    const photo = randomBytes(1000);
    const sealed = sealBytes(dataKey, "k/review_images.data", photo);
    expect(sealed.includes(photo.subarray(0, 64))).toBe(false);
    expect(openBytes(dataKey, "k/review_images.data", sealed)).toEqual(photo);
    expect(() => openBytes(dataKey, "k/reviews.text", sealed)).toThrow();
  });
});

describe("lookup hashes", () => {
  it("are keyed, by kind, the same for the same value", () => {
    const hash = lookupHash("a".repeat(64), "phone", "+94771234567");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lookupHash("a".repeat(64), "phone", "+94771234567")).toBe(hash);
    expect(lookupHash("b".repeat(64), "phone", "+94771234567")).not.toBe(hash);
    expect(lookupHash("a".repeat(64), "email", "+94771234567")).not.toBe(hash);
  });
});
