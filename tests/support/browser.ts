import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright";
import { expect } from "vitest";
import { findChromium } from "../../scripts/find-chromium.mjs";

/** `backForwardCache` keeps the cache that Playwright turns off by default (issue 6's event 27). */
export function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium: see tests/support/global-setup.ts");
  return chromium.launch({
    executablePath,
    headless: true,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/** Collects console errors and warnings and uncaught page errors. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      const { url } = message.location();
      problems.push(`console.${message.type()}: ${message.text()}${url ? ` (${url})` : ""}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core's WCAG 2.1 A and AA violations on the page as it is now, each
 * as "rule-id (number of nodes)"; an empty list means none.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe.run({ runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }),
  );
  return results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** Opens one of our pages (origin + path), expects 200, and waits until it is hydrated. */
export async function openHydrated(page: Page, origin: string, path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status(), path).toBe(200);
  await page.waitForSelector("html[data-hydrated='true']");
}

/**
 * Resolves once the page has painted a frame, run the timers due after it
 * (effects that run after paint among them), and fetched `path` (any cheap
 * same-origin address that answers 2xx; a 404 is a console error), and
 * Playwright has seen that request: every request the page sent before it,
 * an event or a page fetch, has reached the test's listeners by then.
 * Absence checks ("no event was sent", "nothing was fetched") wait on this
 * after the moment they are about, never on a fixed sleep.
 */
export async function settle(page: Page, path = "/robots.txt"): Promise<void> {
  const marker = `${path}?settled=${randomUUID()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate(async (url) => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await fetch(url, { cache: "no-store" });
  }, marker);
  await seen;
}
