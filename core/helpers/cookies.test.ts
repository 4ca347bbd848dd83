import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("cookieValue", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(cookieValue("a=1; lead=abc%20def; b=2", "lead")).toBe("abc def");
    expect(cookieValue("lead=x", "lead")).toBe("x");
    expect(cookieValue(" lead = spaced ", "lead")).toBe("spaced");
  });

  it("takes the first of two cookies with one name", () => {
    expect(cookieValue("lead=first; lead=second", "lead")).toBe("first");
  });

  it("is undefined for an absent cookie, an empty header and a pair without '='", () => {
    expect(cookieValue("a=1", "lead")).toBeUndefined();
    expect(cookieValue("", "lead")).toBeUndefined();
    expect(cookieValue(undefined, "lead")).toBeUndefined();
    expect(cookieValue("lead; a=1", "lead")).toBeUndefined();
  });

  it("does not match a name that only contains the one asked for", () => {
    expect(cookieValue("xlead=1; leadx=2", "lead")).toBeUndefined();
  });

  it("is undefined for a value that is not valid percent-encoding, not its raw text", () => {
    expect(cookieValue("lead=%ZZ", "lead")).toBeUndefined();
    expect(cookieValue("lead=%E0%A4%A", "lead")).toBeUndefined();
    // The server once answered the raw "%E0%B6" here while the browser answered nothing.
    expect(cookieValue("locale=%E0%B6", "locale")).toBeUndefined();
  });

  it("keeps an empty value as an empty string", () => {
    expect(cookieValue("lead=", "lead")).toBe("");
  });
});
