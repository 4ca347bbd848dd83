import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, sitemapPaths, startServer } from "../support/server-process";

/**
 * Issue 4's sweep: every page of the sitemap, in all three languages (issue
 * 20: Tamil too), on a 360 px phone: status, language, title, no console
 * error, no horizontal scroll, and no accessibility violation (axe-core,
 * WCAG 2.1 A and AA). The borrower's screens kept out of the sitemap too, and
 * the partner portal's sign-in.
 */
let server: ServerProcess;
let browser: Browser;
let paths: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  paths = await sitemapPaths(server);
  // Screens kept out of search (landing pages, offers) are pages all the same.
  const screens = ["/offers/", "/landing/offers/", "/landing/redirector/", "/landing/rejected/"];
  screens.push("/landing/rejected2/", "/landing/trafficback/", "/transition/");
  screens.push("/application/", "/reg/", "/reg2/");
  // A dead offers link's page, and the send form's answer without JavaScript (decision 0205).
  screens.push("/offers-link/expired/", "/offers-link/sent/");
  paths.push(...screens, ...screens.map((path) => `/en${path}`), ...screens.map((p) => `/ta${p}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function check(page: Page, path: string, status: number) {
  const problems = watchConsole(page);
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(status);
  const expectedLang = path.startsWith("/en/") ? "en" : path.startsWith("/ta/") ? "ta" : "si";
  expect(await page.getAttribute("html", "lang"), path).toBe(expectedLang);
  expect((await page.title()).length, path).toBeGreaterThan(5);
  if (status === 200 && !path.includes("/partner/portal/")) {
    await page.waitForSelector("html[data-hydrated='true']");
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
    360,
  );
  expect(await axeViolations(page), path).toEqual([]);
  // The browser reports the 404 document itself as a failed load; nothing else may fail.
  const unexpected = problems.filter((line) => !(status === 404 && line.includes("404")));
  expect(unexpected, path).toEqual([]);
}

describe("every page", () => {
  it("the sitemap lists the pages of all three languages", () => {
    expect(paths.length).toBeGreaterThan(60);
    expect(paths.filter((path) => path.startsWith("/en/")).length).toBe(paths.length / 3);
    expect(paths.filter((path) => path.startsWith("/ta/")).length).toBe(paths.length / 3);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("passes on a phone in all three languages", { timeout: 600_000 }, async () => {
    // A Sinhala browser, so / is not redirected; the English and Tamil pages are asked for by path.
    const context = await browser.newContext({
      locale: "si-LK",
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    for (const path of paths) await check(page, path, 200);
    for (const path of ["/partner/portal/", "/en/partner/portal/", "/ta/partner/portal/"]) {
      await check(page, path, 200);
    }
    for (const path of ["/no-such-page/", "/en/no-such-page/", "/ta/no-such-page/"]) {
      await check(page, path, 404);
    }
    await context.close();
  });
});
