import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fillApplicationInAnyLanguage } from "../support/application-form";
import { launchBrowser, watchConsole } from "../support/browser";
import { codeSentTo } from "../support/outbox";
import { type SandboxProcess, seedSandboxHistory, startSandbox } from "../support/sandbox-process";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * `npm run screens`: the borrower's screens on a 360×640 phone in the three
 * languages, written to docs/screens/ so that a reviewer sees what a change
 * did to them (issue 17). Not a test of the product (npm test never runs
 * it): it drives the built server and the sandbox lenders as `npm run demo`
 * does (with its synthetic decision history), and stops if a screen it expects is missing; then `<loan-offers>` on
 * a partner's page. `<screen>-<lang>.png` is the first screen as a visitor
 * sees it, written only when it changed (support/screens.ts). The partner portal's pictures
 * (partner-portal-<section>-*.png) come from its sections' browser tests,
 * tests/e2e/portal-*.test.ts, which `npm run screens` runs next with
 * SCREENS_DIR=docs/screens (support/screens.ts).
 */
const OUT = path.resolve("docs/screens");
const VIEWPORT = { width: 360, height: 640 };
const LOCALES = [
  { lang: "si", prefix: "" },
  { lang: "en", prefix: "/en" },
  { lang: "ta", prefix: "/ta" },
] as const;
/** Long enough for the sandbox's callback lender, short enough that the silent one ends. */
const DEADLINE_MS = 6_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-screens-"));
let sandbox: SandboxProcess | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  sandbox = await startSandbox(dataDir);
  // As `npm run demo`: a decision history, so the eligibility answers show approval odds.
  seedSandboxHistory(dataDir);
  [server, browser] = await Promise.all([
    startServer({ NODE_ENV: "development", LENDER_DEADLINE_MS: String(DEADLINE_MS) }, { dataDir }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  await saveScreen(page, name, { dir: OUT });
}

async function open(page: Page, address: string): Promise<void> {
  const response = await page.goto(`${server?.url}${address}`);
  expect(response?.status(), address).toBe(200);
  await page.waitForSelector("html[data-hydrated='true']");
}

for (const [index, { lang, prefix }] of LOCALES.entries()) {
  it(`the borrower's screens in ${lang}`, { timeout: 120_000 }, async () => {
    if (!browser || !server) throw new Error("not started");
    // The browser's language as the page's, so `/` is not redirected (SPEC §4).
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: `${lang}-LK`,
    });
    const page = await context.newPage();
    const problems = watchConsole(page);

    // A first visit: the cookie notice is part of what a visitor sees. The one-page form
    // (experiment 0301.1's A), so that every run pictures the same form.
    await open(page, `${prefix}/?exp_flow=0301.1-A`);
    await shoot(page, `home-${lang}`);
    await page.locator(".cookie-notice button").click();

    await open(page, `${prefix}/how/`);
    await shoot(page, `how-${lang}`);

    // The eligibility check answered (issue 32): the first lenders under the form.
    await open(page, `${prefix}/eligibility/?amount=50000&period=180`);
    await page.locator("#eligibility-income").fill("55000");
    await page.locator("#eligibility-employment").selectOption("salaried");
    await page.locator("#eligibility-age").fill("35");
    await page.locator(".eligibility-row").first().scrollIntoViewIfNeeded();
    await shoot(page, `eligibility-${lang}`);

    // The application's first step as the server renders it, then "Next" on it empty: the
    // step's own problems (decisions 0371, 0372). The first screen only: the steps are short.
    await open(page, `${prefix}/application/`);
    await shoot(page, `application-${lang}`);
    await page.locator("form button[type='submit']").last().click();
    await page.waitForFunction(() => document.activeElement?.closest("form") !== null);
    await shoot(page, `application-errors-${lang}`);

    // A whole application, its SMS code (sent by itself at the sixth digit, 0374), and the
    // sandbox lenders' decisions.
    const phone = `077555030${index}`;
    await open(page, `${prefix}/application/?amount=50000&period=91`);
    await fillApplicationInAnyLanguage(page, phone);
    await page.locator("form button[type='submit']").last().click();
    await page.locator(".verification-code").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await shoot(page, `application-code-${lang}`);
    const code = await codeSentTo(server, phone);
    await page.locator(".verification-code").fill(code);
    await page.waitForURL(`${server.url}${prefix}/offers/`);
    await page.waitForSelector("html[data-hydrated='true']");
    // Every lender has answered or the deadline passed: the progress bar is gone.
    await page.waitForFunction(
      () => document.querySelector(".decisions-progress:not(:has(progress))") !== null,
      undefined,
      { timeout: DEADLINE_MS + 10_000 },
    );
    await shoot(page, `offers-${lang}`);

    // Two offers side by side (issue 32, decision 0362): the first two rows' "Compare" boxes.
    const ticks = page.locator(".compare-tick input");
    await ticks.nth(0).check();
    await ticks.nth(1).check();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.getAll("compare").length === 2),
      page.locator(".compare-form button[type='submit']").click(),
    ]);
    await page.waitForSelector("html[data-hydrated='true']");
    await shoot(page, `offers-compare-${lang}`);

    // A partner's page with <loan-offers> (the widget, in its shadow root), as on a phone.
    await page.setContent(
      `<html lang="${lang}"><head><title>Offers</title></head><body><loan-offers api-base="${server.url}" amount="30000" period="90"></loan-offers></body></html>`,
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("loan-offers .lw-offer").first().waitFor();
    await shoot(page, `widget-offers-${lang}`);

    expect(problems).toEqual([]);
    await context.close();
  });
}

// The credit cards page (issue 21) in each language, as a first visitor sees it: the server's
// storage holds no card, so it is the page's empty state (no figure under a real bank's name).
it("the credit cards page in si, en and ta", { timeout: 60_000 }, async () => {
  if (!browser || !server) throw new Error("not started");
  for (const [lang, prefix, locale] of [
    ["si", "", "si-LK"],
    ["en", "/en", "en-LK"],
    ["ta", "/ta", "ta-LK"],
  ] as const) {
    const context = await browser.newContext({ viewport: VIEWPORT, locale });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, `${prefix}/credit-cards/`);
    await shoot(page, `credit-cards-${lang}`);
    expect(problems).toEqual([]);
    await context.close();
  }
});

// The partner portal's signed-out pages in Tamil: its sections' browser tests
// (tests/e2e/portal-*.test.ts) picture Sinhala and English only.
it("the partner portal's sign-in and sign-up in ta", { timeout: 60_000 }, async () => {
  if (!browser || !server) throw new Error("not started");
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "ta-LK" });
  const page = await context.newPage();
  const problems = watchConsole(page);
  for (const [address, name] of [
    ["/ta/partner/portal/", "partner-portal-sign-in-ta"],
    ["/ta/partner/portal/sign-up/", "partner-portal-sign-up-ta"],
  ] as const) {
    const response = await page.goto(`${server.url}${address}`);
    expect(response?.status(), address).toBe(200);
    await shoot(page, name);
  }
  expect(problems).toEqual([]);
  await context.close();
});
