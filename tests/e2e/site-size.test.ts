import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 19's budgets (bytes gzip) for the JavaScript a page loads before it
 * is interactive, by kind of page: content pages are server HTML with
 * islands on preact (decision 0271), the home page too, with its calculator
 * and reviews; every other page is React's app (issue 4's budget).
 */
const BUDGETS = {
  article: 30_000,
  document: 30_000,
  blog: 30_000,
  lender: 30_000,
  bank: 30_000,
  "credit-cards": 30_000,
  home: 70_000,
  other: 100_000,
} as const;

type Kind = keyof typeof BUDGETS;

let server: ServerProcess;
let pages: [Kind, string][];

beforeAll(async () => {
  server = await startServer();
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  const first = (pattern: RegExp) => {
    const found = paths.find((entry) => pattern.test(entry));
    if (!found) throw new Error(`No page in the sitemap matches ${pattern}`);
    return found;
  };
  pages = [
    ["home", "/"],
    ["home", "/en/"],
    ["article", "/en/are-you-ready-to-apply-for-personal-loans/"],
    ["document", "/privacy-policy/"],
    ["blog", "/en/blog/"],
    ["blog", first(/^\/en\/blog\/tag\/[^/]+\/$/)],
    ["lender", first(/^\/lenders\/[^/]+\/$/)],
    ["bank", first(/^\/en\/bank\/[^/]+\/$/)],
    ["credit-cards", "/en/credit-cards/"],
    ["other", "/en/about/"],
    ["other", "/en/how/"],
    ["other", "/application/"],
    ["other", "/en/offers/"],
    ["other", "/en/unsubscribe/"],
  ];
});

afterAll(async () => {
  await server?.stop();
});

/** The module scripts and module preloads a page's HTML names. */
function namedScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)];
  return [...scripts, ...preloads].map((match) => match[1] ?? "");
}

/** Those scripts and every file they import statically (not the dynamic imports). */
function initialScripts(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (src: string) => {
    if (seen.has(src)) return;
    seen.add(src);
    const code = readFileSync(path.join("dist/site", src), "utf8");
    for (const match of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\b[^;"'()]*?from\s*"(\.\/[^"]+)"|(?:^|[;}])import\s*"(\.\/[^"]+)"/gm,
    )) {
      const target = match[1] ?? match[2];
      if (target) visit(path.posix.join(path.posix.dirname(src), target));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

const gzipBytes = (src: string) =>
  gzipSync(readFileSync(path.join("dist/site", src)), { level: 9 }).length;

describe("the site's initial JavaScript", () => {
  it("is within each kind of page's budget", async () => {
    const measured: { kind: Kind; pagePath: string; bytes: number }[] = [];
    for (const [kind, pagePath] of pages) {
      const html = await (await fetch(`${server.url}${pagePath}`)).text();
      const named = namedScripts(html);
      expect(named.length, pagePath).toBeGreaterThan(0);
      const bytes = initialScripts(named).reduce((sum, src) => sum + gzipBytes(src), 0);
      measured.push({ kind, pagePath, bytes });
    }
    // All the figures first, then the budgets: a failure shows every page's.
    console.log(
      measured
        .map(({ kind, pagePath, bytes }) => `${kind} ${pagePath}: ${bytes} of ${BUDGETS[kind]}`)
        .join("\n"),
    );
    for (const { kind, pagePath, bytes } of measured) {
      expect(bytes, pagePath).toBeLessThanOrEqual(BUDGETS[kind]);
    }
  });

  it("preloads every file an islands' script imports, so none waits for another", async () => {
    const html = await (
      await fetch(`${server.url}/en/are-you-ready-to-apply-for-personal-loans/`)
    ).text();
    const named = namedScripts(html);
    expect(named[0]).toMatch(/^\/assets\/islands-article-/);
    expect(new Set(initialScripts(named))).toEqual(new Set(named));
  });

  it("carries no article text (content HTML comes with the page, not the bundle)", () => {
    const manifest = JSON.parse(readFileSync("dist/site/manifest.json", "utf8")) as {
      scripts: string[];
      islands: Record<string, string[]>;
    };
    for (const src of [...manifest.scripts, ...Object.values(manifest.islands).flat()]) {
      expect(readFileSync(path.join("dist/site", src), "utf8")).not.toContain(
        "Before you fill in any application",
      );
    }
  });
});
