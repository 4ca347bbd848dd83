/**
 * Issue 37's lighter conversion pages (decision 0470): the JavaScript a
 * browser downloads on the application and offers pages until the network
 * is idle, every script counted (the first, what it imports, what it loads
 * later), as bytes gzip −9 of each file, per page and language, beside the
 * 50 KB goal. `scriptsUntilIdle` is also what tests/e2e/site-size.test.ts
 * measures with, so the bench and the budgets count alike.
 */
import { gzipSync } from "node:zlib";

/** Issue 37: at most this many bytes gzip of JavaScript per page, until the network is idle. */
export const LIGHT_PAGE_GOAL = 50_000;

/**
 * Quiet this long with nothing in flight is "the network is idle"
 * (Playwright's own `networkidle` is 500 ms with none in flight, but it
 * counts an open event stream, which an offers page keeps while lenders decide).
 */
const QUIET_MS = 500;

/**
 * Opens `url` in `page` and waits until the network is idle: nothing in
 * flight but an event stream, for QUIET_MS. Returns every script the page
 * loaded by then, each with its bytes gzip −9, and their sum.
 */
export async function scriptsUntilIdle(page, url, { timeoutMs = 30_000 } = {}) {
  const inFlight = new Set();
  const bodies = new Map();
  let lastChange = Date.now();
  const started = (request) => {
    if (request.resourceType() === "eventsource") return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  const responded = (response) => {
    const request = response.request();
    if (request.resourceType() !== "script" || bodies.has(request.url())) return;
    bodies.set(
      request.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  page.on("response", responded);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    const limit = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() > limit) throw new Error(`${url}: the network was never idle`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const files = await Promise.all(
      [...bodies].map(async ([src, bytes]) => ({ src: new URL(src).pathname, bytes: await bytes })),
    );
    return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
    page.off("response", responded);
  }
}

const PREFIX = { si: "", en: "/en", ta: "/ta" };

/**
 * The bench's figures: the application page (and campaigns' /reg/, /reg2/),
 * the code entry of an application waiting for its code, and a verified
 * applicant's offers page, in each language, on `baseUrl` (the bench's
 * server; `dataDir` for the codes it sent), in Chromium at `chromePath`.
 * Rows of [page, locale, bytes].
 */
export async function lightPageFigures({ baseUrl, dataDir, chromePath }) {
  const { chromium } = await import("playwright");
  // Loaded here: the size test imports scriptsUntilIdle alone.
  const { applyAs, enterCode } = await import("./bench-common.mjs");
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const rows = [];
  try {
    for (const [index, locale] of ["si", "en", "ta"].entries()) {
      const prefix = PREFIX[locale];
      // Visitors of their own, after the bench's other applicants.
      const pending = await applyAs(baseUrl, dataDir, 200_000 + 2 * index);
      const verified = await enterCode(
        baseUrl,
        await applyAs(baseUrl, dataDir, 200_001 + 2 * index),
      );
      const pages = [
        ["application", `${prefix}/application/`, []],
        ...(locale === "si"
          ? [
              ["/reg/", "/reg/", []],
              ["/reg2/", "/reg2/", []],
            ]
          : []),
        ["code entry", `${prefix}/offers/`, [`lead_pending=${pending.leadId}`]],
        ["offers", `${prefix}/offers/`, [verified.lead]],
      ];
      for (const [name, pagePath, cookies] of pages) {
        const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
        await context.addCookies(
          ["cookie_notice=accepted", ...cookies].map((cookie) => {
            const [key, ...value] = cookie.split("=");
            return { name: key, value: value.join("="), url: baseUrl };
          }),
        );
        const page = await context.newPage();
        const { bytes } = await scriptsUntilIdle(page, `${baseUrl}${pagePath}`);
        rows.push([name, locale, bytes]);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Prints lightPageFigures' rows beside the goal, each as a figure of the bench's. */
export function printLightPages(rows, figure) {
  console.log(
    `\nJavaScript a browser downloads until the network is idle, bytes gzip (every script; goal ${LIGHT_PAGE_GOAL.toLocaleString("en")} per page and language), Chromium:`,
  );
  for (const [name, locale, bytes] of rows) {
    const shown = figure(`scripts until idle (${name}, ${locale})`, bytes);
    console.log(
      `  ${`${name} (${locale})`.padEnd(20)}${shown.toLocaleString("en").padStart(8)} (${(shown / LIGHT_PAGE_GOAL).toFixed(2)} of the goal${shown <= LIGHT_PAGE_GOAL ? "" : ", not met"})`,
    );
  }
}

/**
 * bench.mjs's hook: measures on its running server (`url`, `dataDir`), unless
 * `quick` (no browser there), and gives back what prints the figures.
 */
export async function lightPages({ url, dataDir, chromePath, quick }) {
  if (quick) {
    return () => console.log("\nJavaScript until the network is idle: skipped in quick mode");
  }
  const rows = await lightPageFigures({ baseUrl: url, dataDir, chromePath });
  return (figure) => printLightPages(rows, figure);
}
