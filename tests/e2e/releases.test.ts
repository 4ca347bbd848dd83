import type { Browser, BrowserContext, Page } from "playwright";
import { describe, expect, it } from "vitest";
import { settle, watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/** Issue 6's releases and failures: a new build loads in full; a failed asset reloads once. */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

/** Marks the moment the page has read a poll's answer: what it makes of it is done by then. */
function markBuildPollRead() {
  const json = Response.prototype.json;
  Response.prototype.json = async function () {
    const data = await json.call(this);
    if (this.url.includes("/_build/latest.json")) {
      setTimeout(() => Object.assign(window, { buildPollRead: true }));
    }
    return data;
  };
}

/** Every address the service worker's caches hold (decision 0480). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths.sort();
  });
}

/**
 * Opens `path` in a new page and waits until the service worker controls it and keeps
 * every file of ours the page loaded before the worker ran (site/service-worker.ts).
 */
async function openControlled(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector("html[data-hydrated='true']");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith("/assets/")),
  );
  const kept = new Set<string>();
  await expect
    .poll(async () => {
      for (const file of await cachedPaths(page)) kept.add(file);
      return loaded.filter((file) => !kept.has(file));
    })
    .toEqual([]);
  return page;
}

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
    await context.addInitScript(markBuildPollRead);
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
  it("loads every script and font of a second visit from the service worker, keeping no page", async () => {
    const context = await browser.newContext();
    // Both kinds of page: the islands' (the home page) and the app's (the application).
    await (await openControlled(context, "/ta/")).close();
    await (await openControlled(context, "/en/application/")).close();

    const page = await context.newPage();
    const problems = watchConsole(page);
    const fromNetwork: string[] = [];
    const served: { url: string; fromWorker: boolean }[] = [];
    context.on("request", (request) => {
      // The worker's own requests are the only ones that reach the network for it.
      if (request.serviceWorker() && new URL(request.url()).pathname.startsWith("/assets/")) {
        fromNetwork.push(request.url());
      }
    });
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script" || type === "font" || type === "stylesheet") {
        served.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
      }
    });
    for (const path of ["/ta/", "/en/application/"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector("html[data-hydrated='true']");
      await settle(page);
    }
    expect(served.length).toBeGreaterThan(4);
    expect(served.filter((response) => !response.fromWorker)).toEqual([]);
    expect(fromNetwork).toEqual([]);

    // The caches hold files of ours and the offline pages, never a page visited, never an API answer.
    const paths = await cachedPaths(page);
    const latest = (await (await fetch(`${server.url}/_build/latest.json?t=2`)).json()) as {
      buildId: string;
    };
    expect(await page.evaluate(() => caches.keys())).toEqual([`nayacompare-${latest.buildId}`]);
    expect(paths.filter((path) => !path.startsWith("/assets/"))).toEqual([
      "/en/offline/",
      "/offline/",
      "/ta/offline/",
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers a page that cannot load offline with the offline page in its language", async () => {
    const context = await browser.newContext();
    const page = await openControlled(context, "/en/about/");
    const problems = watchConsole(page);
    await context.setOffline(true);
    for (const [path, lang, title] of [
      ["/blog/", "si", "සම්බන්ධතාවක් නැත"],
      ["/en/how/", "en", "No connection"],
      ["/ta/about/", "ta", "இணைப்பு இல்லை"],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      // At the address asked for, in its language, with its scripts from the worker's cache.
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(await page.locator("h1").textContent()).toBe(title);
      // The site's look: its stylesheet, kept by the worker, applies (the header's layout).
      expect(
        await page.locator(".site-header").evaluate((header) => getComputedStyle(header).display),
      ).toBe("flex");
    }
    // Back online, "try again" loads the page that failed.
    await context.setOffline(false);
    await page.getByRole("link", { name: "மீண்டும் முயற்சியுங்கள்" }).click();
    await page.waitForURL(/\/ta\/about\/$/);
    await expect.poll(() => page.locator("h1").textContent()).not.toBe("இணைப்பு இல்லை");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("under the service worker, a page of an older build loads the next one in full, with its new files", async () => {
    const context = await browser.newContext();
    await context.addInitScript(markBuildPollRead);
    const page = await openControlled(context, "/en/partner/");
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    // The next build, as the network has it: its page names a file of its own.
    const next = "ffffffffffff";
    await context.route("**/_build/latest.json*", (route) =>
      route.fulfill({ json: { buildId: next, builtAt: new Date().toISOString() } }),
    );
    await context.route("**/assets/next-build-probe.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.nextBuildProbe = true;" }),
    );
    await context.route("**/en/how/", async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<meta name="build-id" content="\w+">/, `<meta name="build-id" content="${next}">`)
        .replace(
          "</body>",
          '<script type="module" src="/assets/next-build-probe.js"></script></body>',
        );
      await route.fulfill({ response, body: html });
    });
    const polled = page.waitForRequest(/\/_build\/latest\.json\?t=\d+/);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await polled;
    await page.waitForFunction(() => "buildPollRead" in window);
    const documentRequest = context.waitForEvent(
      "request",
      (request) => request.url().endsWith("/en/how/") && request.serviceWorker() !== null,
    );
    await page.locator('header a[href="/en/how/"]').click();
    await page.waitForURL(/\/en\/how\/$/);
    // The worker asked the network for the page (it keeps none), and the page ran the new file.
    await documentRequest;
    await page.waitForFunction(() => "nextBuildProbe" in window);
    expect(await page.getAttribute('meta[name="build-id"]', "content")).toBe(next);
    expect(
      await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();
    await context.close();
  });
});
