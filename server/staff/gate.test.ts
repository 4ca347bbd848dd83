import { describe, expect, it } from "vitest";
import { safeNext } from "./gate";

describe("the page to open after signing in", () => {
  it("is a back-office path, nothing else", () => {
    expect(safeNext("/admin/moderation/")).toBe("/admin/moderation/");
    expect(safeNext("/admin//evil.example/")).toBeUndefined();
    expect(safeNext("https://evil.example/admin/")).toBeUndefined();
    expect(safeNext("//evil.example/admin/")).toBeUndefined();
    expect(safeNext("/admin/x?y=1")).toBeUndefined();
    expect(safeNext("/en/")).toBeUndefined();
    expect(safeNext(["/admin/"])).toBeUndefined();
  });
});
