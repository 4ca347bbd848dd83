import path from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "../support/browser";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * `npm run screens`: the click-out page (issue 32, decision 0375) on a 360×640 phone in each
 * language, its first screen only, as docs/screens/clickout-<lang>.png. A sample lender's
 * offer (101), opened as a browser opens the offers page's "Get this offer".
 */
const OUT = path.resolve("docs/screens");
const VIEWPORT = { width: 360, height: 640 };

let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("the click-out page in si, en and ta", { timeout: 60_000 }, async () => {
  if (!browser || !server) throw new Error("not started");
  for (const [lang, prefix] of [
    ["si", ""],
    ["en", "/en"],
    ["ta", "/ta"],
  ] as const) {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: `${lang}-LK` });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(`${server.url}${prefix}/go/101`);
    expect(response?.status()).toBe(200);
    await saveScreen(page, `clickout-${lang}`, { dir: OUT });
    expect(problems).toEqual([]);
    await context.close();
  }
});
