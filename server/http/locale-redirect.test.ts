import { describe, expect, it } from "vitest";
import { preferredLocale } from "./locale-redirect";

describe("preferredLocale", () => {
  it("picks the best of our languages by q-value", () => {
    expect(preferredLocale("en-US,en;q=0.9")).toBe("en");
    expect(preferredLocale("si-LK,si;q=0.9,en;q=0.8")).toBe("si");
    expect(preferredLocale("ta-LK,ta;q=0.9,en;q=0.5")).toBe("ta");
    expect(preferredLocale("ta")).toBe("ta");
    expect(preferredLocale("en;q=0.5,ta-LK;q=0.7,si;q=0.6")).toBe("ta");
    expect(preferredLocale("en;q=0.4,si;q=0.6")).toBe("si");
  });

  it("has no preference without a language of ours", () => {
    expect(preferredLocale(undefined)).toBeUndefined();
    expect(preferredLocale("fr,de;q=0.8")).toBeUndefined();
    expect(preferredLocale("tam,ta;q=0")).toBeUndefined();
    expect(preferredLocale("en;q=0")).toBeUndefined();
    expect(preferredLocale("*")).toBeUndefined();
  });
});
