import { describe, expect, it } from "vitest";
import { canonicalUuidV4 } from "./ids";

describe("canonicalUuidV4", () => {
  it("takes a v4 UUID with or without hyphens, in either case", () => {
    const id = "3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21";
    expect(canonicalUuidV4(id)).toBe(id);
    expect(canonicalUuidV4(id.replaceAll("-", "").toUpperCase())).toBe(id);
  });

  it("refuses other versions, variants and shapes", () => {
    expect(canonicalUuidV4("3f1c2b9e-7d4a-1c1b-9a8e-2b6d5f4e3c21")).toBeUndefined();
    expect(canonicalUuidV4("3f1c2b9e-7d4a-4c1b-7a8e-2b6d5f4e3c21")).toBeUndefined();
    expect(canonicalUuidV4("not-a-uuid")).toBeUndefined();
    expect(canonicalUuidV4("")).toBeUndefined();
    expect(canonicalUuidV4(undefined)).toBeUndefined();
  });
});
