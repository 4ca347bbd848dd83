import type { Browser } from "playwright";
import { describe, expect, it } from "vitest";
import { settle } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/** Issue 6's releases and failures: a new build loads in full; a failed asset reloads once. */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

describe("releases and failures in the browser", () => {
  it("serves the build's id in every page and in /_build/latest.json", async () => {
    const latest = (await (await fetch(`${server.url}/_build/latest.json?t=1`)).json()) as {
      buildId: string;
    };
    expect(latest.buildId).toMatch(/^[0-9a-f]{12}$/);
    const manifest = await fetch(`${server.url}/_build/${latest.buildId}/manifest.json`);
    expect(manifest.status).toBe(200);
    const page = await (await fetch(`${server.url}/en/`)).text();
    expect(page).toContain(`<meta name="build-id" content="${latest.buildId}">`);
  });

  it("loads the next page in full once a newer build is out", async () => {
    const context = await browser.newContext();
    // Marks the moment the page has read a poll's answer: what it makes of it is done by then.
    await context.addInitScript(() => {
      const json = Response.prototype.json;
      Response.prototype.json = async function () {
        const data = await json.call(this);
        if (this.url.includes("/_build/latest.json")) {
          setTimeout(() => Object.assign(window, { buildPollRead: true }));
        }
        return data;
      };
    });
    const page = await context.newPage();
    // Pages of React's app: islands pages load every link in full anyway (decision 0271).
    await page.goto(`${server.url}/en/partner/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    // Before a new build: links open inside the app.
    await page.locator('header a[href="/en/about/"]').click();
    await page.waitForURL(/\/en\/about\/$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    await context.route("**/_build/latest.json*", (route) =>
      route.fulfill({ json: { buildId: "ffffffffffff", builtAt: new Date().toISOString() } }),
    );
    const polled = page.waitForRequest(/\/_build\/latest\.json\?t=\d+/);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await polled;
    await page.waitForFunction(() => "buildPollRead" in window);
    await page.locator('header a[href="/en/how/"]').click();
    await page.waitForURL(/\/en\/how\/$/);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(
      await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();
    await context.close();
  });

  it("reloads once when a page's script fails to load, not in a loop", async () => {
    const context = await browser.newContext();
    // The application page's catalogs (an islands page since decision 0470: no app chunk).
    await context.route(/\/assets\/islands-catalogs-en-[\w-]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    let loads = 0;
    let documents = 0;
    let committed = 0;
    let failedAfterReload = false;
    page.on("load", () => {
      loads += 1;
    });
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && frame.url().endsWith("/en/application/")) committed += 1;
    });
    page.on("console", (message) => {
      if (committed >= 2 && message.text().startsWith("A page's script could not load")) {
        failedAfterReload = true;
      }
    });
    await page.goto(`${server.url}/en/application/`);
    // The reloaded page failed the same way and gave up: a loop would reload right then.
    // Past that moment, a request the page sends comes after any reload's, and every page
    // asked for loads.
    await expect.poll(() => failedAfterReload, { timeout: 15_000 }).toBe(true);
    await settle(page);
    await expect.poll(() => loads).toBe(documents);
    expect(loads).toBe(2);
    // The server's page is still there to read, in its language.
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.locator("h1").count()).toBe(1);
    await context.close();
  });
});
