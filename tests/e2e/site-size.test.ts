import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/** Issue 4's budget: the JavaScript a page loads before it is interactive. */
const PAGE_SCRIPT_BUDGET_GZIP_BYTES = 100_000;

describe("the site's initial JavaScript", () => {
  it(`is at most ${PAGE_SCRIPT_BUDGET_GZIP_BYTES} bytes gzip per page`, () => {
    const manifest = JSON.parse(readFileSync("dist/site/manifest.json", "utf8")) as {
      scripts: string[];
    };
    const bytes = manifest.scripts.reduce(
      (sum, src) => sum + gzipSync(readFileSync(path.join("dist/site", src)), { level: 9 }).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(PAGE_SCRIPT_BUDGET_GZIP_BYTES);
  });

  it("carries no article text (content HTML comes with the page, not the bundle)", () => {
    const manifest = JSON.parse(readFileSync("dist/site/manifest.json", "utf8")) as {
      scripts: string[];
    };
    for (const src of manifest.scripts) {
      expect(readFileSync(path.join("dist/site", src), "utf8")).not.toContain(
        "Before you fill in any application",
      );
    }
  });
});
