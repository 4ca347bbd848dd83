import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeTestCard, testCard } from "../../server/lenders/test-cards";
import { testEnv } from "../../server/test-support";
import { axeViolations, launchBrowser, openHydrated, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * Issue 21: the built lenders tool (`npm run lenders -- cards import`) writes
 * two fictitious cards into a running server's storage; the server's credit
 * cards page lists them within its page-version check, in the three
 * languages on a 360 px phone, with no console error, no horizontal scroll
 * and no axe violation. (every-route.test.ts sees the empty page.) An admin
 * adds a card through /admin/cards/ on a phone, a refused form first.
 */
const run = promisify(execFile);
const files = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-card-files-"));
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

describe("the credit cards page with cards", () => {
  it("lists the cards the tool imports into a running server, in three languages", async () => {
    const empty = await (await fetch(`${server.url}/en/credit-cards/`)).text();
    expect(empty).toContain("No cards are listed yet.");
    const file = path.join(files, "cards.json");
    writeFileSync(file, JSON.stringify([testCard(), freeTestCard()]));
    const { stdout } = await run(
      process.execPath,
      ["dist/lenders/lenders.js", "cards", "import", file],
      { env: { PATH: testEnv.path, DATA_DIR: server.dataDir } },
    );
    expect(stdout).toContain("Imported 2 cards from");
    // The server reads the page version at most once a second: wait for the change, not a time.
    await expect
      .poll(async () => (await fetch(`${server.url}/en/credit-cards/`)).text(), {
        timeout: 10_000,
      })
      .toContain("Test Classic");
    for (const prefix of ["", "/en", "/ta"]) {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const url = `${prefix}/credit-cards/`;
      await openHydrated(page, server.url, url);
      expect(await page.locator(".card-item").count(), url).toBe(2);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        url,
      ).toBeLessThanOrEqual(360);
      expect(await axeViolations(page), url).toEqual([]);
      expect(problems, url).toEqual([]);
      await context.close();
    }
  });
});

describe("the credit cards' back office", () => {
  it("lets an admin add a card on a phone, each page without an axe violation", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const admin = await staffMember(server, {
      email: "cards.admin@nayacompare.test",
      role: "admin",
      twoFactor: true,
    });
    await page.goto(`${server.url}/admin/cards/`);
    await signInThroughThePage(page, admin);
    const noScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noScroll()).toBe(true);
    await page.getByRole("link", { name: "Add a card" }).click();
    await page.waitForURL(/\/admin\/cards\/new\/$/);
    const card: Record<string, string> = {
      "Id (lower-case letters, digits and hyphens; never changed)": "kithul-test-gold",
      "Issuer, in English": "Kithul Test Bank",
      "Card name, in English": "Test Gold",
      "Annual fee (whole rupees; 0 for none)": "5,000",
      "Interest rate (per cent a year)": "26",
      "Cash advance fee (per cent of the amount)": "3",
      "Cash advance fee, at least (rupees)": "500",
      "Late fee (rupees)": "1500",
      "Minimum payment (per cent of the bill)": "5",
      "Minimum payment, at least (rupees)": "1000",
      "Figures checked against the tariff on (YYYY-MM-DD)": "20/11/2026",
    };
    for (const [label, value] of Object.entries(card)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await Promise.all([
      page.waitForLoadState(),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    await page.getByText("Nothing was saved").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await noScroll()).toBe(true);
    await page
      .getByLabel("Figures checked against the tariff on (YYYY-MM-DD)", { exact: true })
      .fill("2026-11-20");
    await Promise.all([
      page.waitForURL(/\/admin\/cards\/\?done=saved/),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    await page.getByText("kithul-test-gold was saved").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const html = await (await fetch(`${server.url}/en/credit-cards/`)).text();
    expect(html).toContain("<dt>Annual fee</dt><dd>Rs. 5,000</dd>");
    // The refused form's 400 is the only failed load.
    expect(problems.filter((line) => !line.includes("Bad Request"))).toEqual([]);
    await context.close();
  });
});
