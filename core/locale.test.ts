import { describe, expect, it } from "vitest";
import { isLocale, localizePath, splitLocalePath } from "./locale";

describe("splitLocalePath", () => {
  it("reads Sinhala at the root", () => {
    expect(splitLocalePath("/")).toEqual({ locale: "si", rest: "/" });
    expect(splitLocalePath("/about/")).toEqual({ locale: "si", rest: "/about/" });
  });

  it("reads English under /en/", () => {
    expect(splitLocalePath("/en/")).toEqual({ locale: "en", rest: "/" });
    expect(splitLocalePath("/en")).toEqual({ locale: "en", rest: "/" });
    expect(splitLocalePath("/en/blog/page-2/")).toEqual({ locale: "en", rest: "/blog/page-2/" });
  });

  it("does not mistake a path that merely starts with 'en' for English", () => {
    expect(splitLocalePath("/english/")).toEqual({ locale: "si", rest: "/english/" });
  });
});

describe("paths that would leave the site", () => {
  it("keep a single leading slash, so they cannot become links to another host", () => {
    expect(splitLocalePath("/en//evil.example/")).toEqual({ locale: "en", rest: "/evil.example/" });
    expect(splitLocalePath("//evil.example/")).toEqual({ locale: "si", rest: "/evil.example/" });
    expect(splitLocalePath("/en/\\evil.example/").rest).toBe("/evil.example/");
    expect(localizePath("en", "//evil.example/")).toBe("/en/evil.example/");
    expect(localizePath("si", "//evil.example/")).toBe("/evil.example/");
  });
});

describe("localizePath", () => {
  it("round-trips with splitLocalePath", () => {
    for (const path of ["/", "/en/", "/how/", "/en/how/"]) {
      const { locale, rest } = splitLocalePath(path);
      expect(localizePath(locale, rest)).toBe(path);
    }
  });

  it("switches a page to the other language", () => {
    expect(localizePath("en", "/how/")).toBe("/en/how/");
    expect(localizePath("si", "/how/")).toBe("/how/");
  });
});

describe("isLocale", () => {
  it("accepts only the two locale codes", () => {
    expect(isLocale("si")).toBe(true);
    expect(isLocale("en")).toBe(true);
    expect(isLocale("ru")).toBe(false);
    expect(isLocale("toString")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
