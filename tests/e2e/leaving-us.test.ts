import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, openHydrated, watchConsole } from "../support/browser";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";
import { smallTargets } from "../support/touch-targets";

/**
 * Issue 32 in Chromium at 360×640, in Sinhala, English and Tamil: the click-out page
 * ("leaving us") names the lender, says what comes next, and leads to the lender in a new
 * tab in one click, with JavaScript or without; axe finds nothing; its first screen goes to
 * screensDir() as clickout-{locale}.png. And the site's footer: every link a 44×44 px target
 * (tests/support/touch-targets.ts) on the pages a visitor meets.
 */
const PHONE = { width: 360, height: 640 };
const LENDER = {
  si: "මහනුවර පටුමඟ ණය",
  en: "Kandy Lane Credit",
  ta: "கண்டி ஒழுங்கைக் கடன்",
} as const;

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the click-out page", () => {
  for (const locale of ["si", "en", "ta"] as const) {
    it(`in ${locale}: names the lender, passes axe, and Continue opens the lender in a new tab`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      await context.route("https://*.example/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Lender</title>" }),
      );
      const page = await context.newPage();
      const problems = watchConsole(page);
      const prefix = locale === "si" ? "" : `/${locale}`;
      const response = await page.goto(`${server.url}${prefix}/go/101`);
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute("html", "lang")).toBe(locale);
      expect(await page.textContent("h1")).toContain(LENDER[locale]);
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(wide).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      // The way on is on the first screen.
      const cta = page.locator("a.button");
      const box = await cta.boundingBox();
      expect((box?.y ?? 999) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      expect(await smallTargets(page, "main")).toEqual([]);
      await saveScreen(page, `clickout-${locale}`);

      const [tab] = await Promise.all([context.waitForEvent("page"), cta.click()]);
      await tab.waitForURL(/kandy-lane\.example\/apply\?/);
      expect(new URL(tab.url()).searchParams.get("click_id")).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The page stays, its link back to the offers in the page's language.
      expect(await page.getAttribute("a.clickout-back", "href")).toBe(`${prefix}/offers/`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("leads to the lender in one click without JavaScript", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await context.route("https://*.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Lender</title>" }),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/en/go/102`);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: /^Continue to / }).click(),
    ]);
    await tab.waitForURL(/lagoon-kite\.example\//);
    await context.close();
  });
});

describe("the site's footer", () => {
  const PATHS = ["/", "/about/", "/blog/", "/partner/", "/lenders/kandy-lane/"];
  for (const locale of ["si", "en", "ta"] as const) {
    it(`in ${locale}: every link is a 44×44 px target or a link in a sentence, at 360 px`, async () => {
      const page = await browser.newPage({ viewport: PHONE });
      for (const path of PATHS) {
        await openHydrated(page, server.url, locale === "si" ? path : `/${locale}${path}`);
        expect(await smallTargets(page, "footer.site-footer"), `${locale} ${path}`).toEqual([]);
      }
      await page.close();
    });
  }
});
