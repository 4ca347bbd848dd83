import { describe, expect, it } from "vitest";
import { trailingSlashTarget } from "./trailing-slash";

describe("trailingSlashTarget", () => {
  it("adds the slash and keeps the query", () => {
    expect(trailingSlashTarget("/about", "")).toBe("/about/");
    expect(trailingSlashTarget("/en/offers", "?ver=2")).toBe("/en/offers/?ver=2");
  });

  it("leaves paths that already end in a slash", () => {
    expect(trailingSlashTarget("/", "")).toBeUndefined();
    expect(trailingSlashTarget("/en/", "")).toBeUndefined();
  });

  it("leaves files and client-api paths alone (SPEC §2)", () => {
    expect(trailingSlashTarget("/sitemap.xml", "")).toBeUndefined();
    expect(trailingSlashTarget("/widget/v1/loan-widget.js", "")).toBeUndefined();
    expect(trailingSlashTarget("/client-api/offers", "")).toBeUndefined();
  });

  it("never produces a redirect to another host", () => {
    expect(trailingSlashTarget("//evil", "")).toBe("/evil/");
    expect(trailingSlashTarget("/\\evil", "")).toBe("/evil/");
  });
});
