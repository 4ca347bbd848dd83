import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/** Issue 3's budget: the whole widget (four elements, both languages, styles). */
const WIDGET_BUDGET_GZIP_BYTES = 20_000;

describe("the widget's size", () => {
  it(`is at most ${WIDGET_BUDGET_GZIP_BYTES} bytes gzip`, () => {
    const bundle = readFileSync("dist/widget/loan-widget.js");
    expect(gzipSync(bundle, { level: 9 }).length).toBeLessThanOrEqual(WIDGET_BUDGET_GZIP_BYTES);
  });

  it("carries no copy of React or zod", () => {
    const bundle = readFileSync("dist/widget/loan-widget.js", "utf8");
    // React 19's shared internals object; any React build carries this name.
    expect(bundle).not.toContain("__CLIENT_INTERNALS_DO_NOT_USE");
    expect(bundle).not.toContain("ZodError");
  });
});
