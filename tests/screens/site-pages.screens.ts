import path from "node:path";
import type { Browser } from "playwright";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "../support/browser";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * `npm run screens`, issue 21's pages on a 360×640 phone in three languages,
 * with the cookie notice already accepted: a topic's page (decision 0318,
 * first screen), the 404 page naming a mistyped path (0319),
 * the rejected landing page (0320); the approval odds' method page (0450).
 * Not a test of the product.
 */
const OUT = path.resolve("docs/screens");
const LOCALES = [
  { lang: "si", prefix: "", missing: "/ණය-ගණකය/" },
  { lang: "en", prefix: "/en", missing: "/en/loan-calculater/" },
  { lang: "ta", prefix: "/ta", missing: "/ta/கடன்-கணிப்பான்/" },
] as const;

let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const { lang, prefix, missing } of LOCALES) {
  it(`the blog's topics, the 404 and the rejected page in ${lang}`, async () => {
    if (!browser || !server) throw new Error("not started");
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    await context.addCookies([{ name: "cookie_notice", value: "accepted", url: server.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const shots: [string, string, number][] = [
      [`blog-tag-${lang}`, `${prefix}/blog/tag/budgeting/`, 200],
      [`not-found-${lang}`, missing, 404],
      [`landing-rejected-${lang}`, `${prefix}/landing/rejected/`, 200],
      [`approval-odds-${lang}`, `${prefix}/approval-odds/`, 200],
    ];
    for (const [name, address, status] of shots) {
      const response = await page.goto(`${server.url}${encodeURI(address)}`);
      expect(response?.status(), address).toBe(status);
      await page.waitForSelector("html[data-hydrated='true']");
      await saveScreen(page, name, { dir: OUT });
    }
    expect(problems.filter((line) => !line.includes("404"))).toEqual([]);
    await context.close();
  });
}
