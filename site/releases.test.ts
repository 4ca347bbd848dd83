import { describe, expect, it } from "vitest";
import { mayReload, RELOAD_GUARD_MS } from "./releases";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("the reload guard", () => {
  it("allows one reload per path within ten seconds", () => {
    const store = memoryStore();
    expect(mayReload("/en/", store, 1_000)).toBe(true);
    expect(mayReload("/en/", store, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload("/en/blog/", store, 2_000)).toBe(true);
    expect(mayReload("/en/blog/", store, 2_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it("allows the reload when storage is missing, broken or holds junk", () => {
    expect(mayReload("/", undefined, 0)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(mayReload("/", broken, 0)).toBe(true);
    const junk = memoryStore();
    junk.setItem("reload_guard", "{not json");
    expect(mayReload("/", junk, 0)).toBe(true);
  });
});
