import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Browser, chromium, type Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../core/locale";
import { findChromium } from "../../scripts/find-chromium.mjs";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import {
  ANSWERS,
  LENDERS,
  type OffersPageServer,
  startOffersPageServer,
} from "../support/offers-page-server";

/**
 * The offers page on a 360×640 phone (issue 32, decisions 0360–0362): in
 * each language, a whole offer with its button on the first screen and no
 * label cut; controls of 44 px; the compare view and the filters, with
 * JavaScript and without; axe on each.
 */
let server: OffersPageServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOffersPageServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 360, height: 640 };
const PREFIX: Record<Locale, string> = { si: "", en: "/en", ta: "/ta" };

/** Every lender answered: one approval, one no, one answer we cannot read. */
async function decidedLead(): Promise<string> {
  const leadId = await server.newLead();
  await server.answerAll(leadId, [
    [LENDERS.kandy, ANSWERS.decline],
    [LENDERS.lanka, ANSWERS.approveLess],
    [LENDERS.lagoon, ANSWERS.garbage],
  ]);
  return leadId;
}

async function open(locale: Locale, query = "", javaScriptEnabled = true) {
  const leadId = await decidedLead();
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  await context.addCookies([
    { name: "lead", value: leadId, url: server.url },
    // The cookie notice answered: this is the page as a returning visitor sees it.
    { name: "cookie_notice", value: "accepted", url: server.url },
  ]);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const response = await page.goto(`${server.url}${PREFIX[locale]}/offers/${query}`);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated='true']");
  await page.evaluate(() => document.fonts.ready);
  return { context, page, problems };
}

/** Text that does not fit its box: a label cut, in the first screen (decision 0362). */
const cutLabels = (page: Page) =>
  page.evaluate((height) => {
    const selector =
      "main h1, main h2, main h3, main p, main summary, main label, main dt, main dd, main .lw-cta, main select, main .offer-status";
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Inside a closed <details>, past its summary, nothing shows (Chromium still lays it out).
        const closed = element.closest("details:not([open])");
        const shown = !closed || Boolean(element.closest("summary")?.parentElement === closed);
        return shown && box.top < height && box.height > 0 && !element.closest(".visually-hidden");
      })
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`);
  }, PHONE.height);

/** Controls of the page smaller than 44 px either way (WCAG 2.5.5 as decision 0362 takes it). */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "main .lw-cta, main .show-all, main summary, main .compare-tick, main select, main button, main .offer-lender-link, main .compare-back, main .filtered-count a",
      ),
    ]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.height < 44 || box.width < 44;
      })
      .map((element) => `${element.className} ${element.textContent?.slice(0, 30)}`),
  );

describe("the offers page's first screen on a 360×640 phone", () => {
  it.each(["si", "en", "ta"] as const)(
    "shows a whole offer with its button, no label cut, 44-px controls (%s)",
    async (locale) => {
      const { context, page, problems } = await open(locale);
      const card = page.locator(".lead-offers .lw-offer").first();
      const button = card.locator(".lw-cta").first();
      const buttonBox = await button.boundingBox();
      const cardBox = await card.boundingBox();
      expect(buttonBox).not.toBeNull();
      // The first offer's button on the first screen, and the card's figures above it.
      expect((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      expect(cardBox?.y ?? PHONE.height).toBeLessThan(PHONE.height);
      expect(await card.locator(".offer-figures dd").count()).toBe(4);
      expect(await cutLabels(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await axeViolations(page)).toEqual([]);
      // The sort and filters open, uncut, their controls 44 px too.
      await page.locator(".offers-controls > summary").click();
      expect(await cutLabels(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe("filters and the compare view", () => {
  it("filter by repayment type in place with JavaScript, the count following", async () => {
    const { context, page, problems } = await open("en");
    await page.locator(".offers-controls > summary").click();
    await page.getByLabel("Repayment").selectOption("monthly");
    await expect
      .poll(() => page.locator(".filtered-count").textContent())
      .toMatch(/^\d+ of \d+ offers shown\. Clear filters$/);
    for (const label of await page.locator(".lead-offers .offer-figures dt").allTextContents()) {
      expect(label).not.toBe("One repayment");
    }
    expect(new URL(page.url()).search).toBe("");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect.poll(() => page.locator(".filtered-count").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["en", true],
    ["ta", true],
    ["en", false],
  ] as const)(
    "compares two, then three offers side by side (%s, JavaScript: %s)",
    { timeout: 90_000 },
    async (locale, javaScriptEnabled) => {
      const { context, page, problems } = await open(locale, "?all=1", javaScriptEnabled);
      const ticks = page.locator(".compare-tick input");
      const table = page.locator(".compare-table");
      /** What a page without scripts cannot be asked (no script runs there, axe's neither). */
      const laidOut = async (columns: number) => {
        if (!javaScriptEnabled) return;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        // Two columns fit the phone; three scroll sideways inside their own region.
        expect(
          await page
            .locator(".compare-scroll")
            .evaluate((region) => region.scrollWidth > region.clientWidth),
        ).toBe(columns > 2);
        expect(await smallTargets(page)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
      };
      for (const columns of [2, 3]) {
        if (columns === 3) {
          await page.goto(`${server.url}${PREFIX[locale]}/offers/?all=1`);
          if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated='true']");
        }
        for (let index = 0; index < columns; index += 1) await ticks.nth(index).check();
        await Promise.all([
          page.waitForURL((url) => url.searchParams.getAll("compare").length === columns),
          page.locator(".compare-form button[type='submit']").click(),
        ]);
        // Offer ids and the order only: nothing personal in the address.
        expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual([
          ...Array<string>(columns).fill("compare"),
          "sort",
        ]);
        expect(await table.locator("thead th").count()).toBe(columns);
        expect(await table.locator("tbody th[scope='row']").count()).toBe(8);
        await laidOut(columns);
      }
      if (locale === "en") {
        expect(await table.locator("caption").textContent()).toBe(
          "Offers compared: scroll sideways to see all three",
        );
      }
      await page.locator(".compare-back").click();
      await page.locator(".lead-offers .lw-offer").first().waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe("Lighthouse on the offers page (mobile)", () => {
  it("scores 100 for accessibility and best practices in si, en and ta", {
    timeout: 600_000,
  }, async () => {
    const chromePath = findChromium();
    if (!chromePath) throw new Error("No Chromium: see scripts/find-chromium.mjs");
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const scores: string[] = [];
    try {
      for (const locale of ["si", "en", "ta"] as const) {
        const leadId = await decidedLead();
        // The visitor's cookies in the browser's own jar, as a phone has them: DevTools' extra
        // headers reach the page's requests but not those the service worker (public/sw.js,
        // decision 0480) passes on, which then came without the lead cookie (a 404).
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        await cdp
          .contexts()[0]
          ?.addCookies(
            Object.entries({ lead: leadId, locale, cookie_notice: "accepted" }).map(
              ([name, value]) => ({ name, value, url: server.url }),
            ),
          );
        await cdp.close();
        const result = await lighthouse(`${server.url}${PREFIX[locale]}/offers/`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["accessibility", "best-practices"],
          formFactor: "mobile",
          // Only these two categories: none of their audits is timed, so "simulate" loads the
          // page unthrottled as "provided" would, with 1 s quiet windows instead of 5.25 s.
          throttlingMethod: "simulate",
          disableFullPageScreenshot: true,
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? "no result");
        for (const [name, category] of Object.entries(lhr.categories)) {
          const failed = category.auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit && audit.score !== null && audit.score < 1)
            .map((audit) => {
              // What the console said, so that a failure names its cause in the log.
              const items = (audit?.details as { items?: { description?: unknown }[] } | undefined)
                ?.items;
              const said =
                audit?.id === "errors-in-console" ? items?.map((i) => i.description) : [];
              return said?.length ? `${audit?.id}: ${JSON.stringify(said)}` : audit?.id;
            });
          scores.push(`${locale} ${name} ${Math.round((category.score ?? 0) * 100)} ${failed}`);
        }
      }
    } finally {
      chrome.kill();
    }
    expect(scores).toEqual([
      "si accessibility 100 ",
      "si best-practices 100 ",
      "en accessibility 100 ",
      "en best-practices 100 ",
      "ta accessibility 100 ",
      "ta best-practices 100 ",
    ]);
  });
});
