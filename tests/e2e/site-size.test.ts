import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/** Issue 4's budget: the JavaScript a page loads before it is interactive. */
const PAGE_SCRIPT_BUDGET_GZIP_BYTES = 100_000;

/** The entry scripts and every chunk they import statically (not the dynamic imports). */
function initialScripts(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (src: string) => {
    if (seen.has(src)) return;
    seen.add(src);
    const code = readFileSync(path.join("dist/site", src), "utf8");
    for (const match of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\b[^;"'()]*?from\s*"(\.\/[^"]+)"|^import\s*"(\.\/[^"]+)"/gm,
    )) {
      const target = match[1] ?? match[2];
      if (target) visit(path.posix.join(path.posix.dirname(src), target));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

describe("the site's initial JavaScript", () => {
  it(`is at most ${PAGE_SCRIPT_BUDGET_GZIP_BYTES} bytes gzip per page`, () => {
    const manifest = JSON.parse(readFileSync("dist/site/manifest.json", "utf8")) as {
      scripts: string[];
    };
    const bytes = initialScripts(manifest.scripts).reduce(
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
