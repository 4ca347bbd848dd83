import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFor } from "../../server/lenders/lender.test-support";
import { registerApiLenders } from "../../server/sandbox/register";
import type { TestMember } from "../../server/staff/staff.test-support";
import { openStorage } from "../../server/storage/database";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * The lenders' pages of the back office in Chromium (issue 16), on a
 * 360-px phone and a desktop: an admin signs in with password and code,
 * writes a lender, sees its offer card in Sinhala and English, creates it
 * with a logo, makes it live and pauses it; an api lender's page with its
 * test application and statistics. Axe and no horizontal scroll on each
 * page; screenshots in /tmp/shots-bo-lenders/ for a person to look at.
 */
const SHOTS = "/tmp/shots-bo-lenders";
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

let server: ServerProcess;
let browser: Browser;
let admins = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const storage = openStorage({ dataDir: server.dataDir });
  try {
    // A sandbox api lender whose port refuses connections: its test application fails visibly.
    await registerApiLenders(storage, [
      {
        id: "e2e-api-lender",
        names: { en: "Galle Road Credit", si: "ගාලු පාර ණය" },
        apiUrl: "http://127.0.0.1:9/decide",
        apiSecret: "e2e-api-lender-secret-0123456789abcdef",
        apiFields: ["age", "monthlyIncome"],
        sandbox: true,
        products: [productFor(7701, { header: "Galle Road 90" })],
      },
    ]);
  } finally {
    await storage.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(
  viewport: { width: number; height: number },
  path: string,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchConsole(page);
  // A member of their own for each test: a TOTP code is never accepted twice.
  admins += 1;
  const admin: TestMember = await staffMember(server, {
    email: `lenders.admin${admins}@nayacompare.test`,
    role: "admin",
    twoFactor: true,
  });
  await page.goto(`${server.url}${path}`);
  await signInThroughThePage(page, admin);
  return { page, problems };
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function checkPage(page: Page, shot: string) {
  expect(await axeViolations(page), shot).toEqual([]);
  expect(await noHorizontalScroll(page), shot).toBe(true);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/${shot}-screen.png` });
}

async function fillLender(page: Page, id: string, offerId: number) {
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name in English").fill("Kandy Hills Finance");
  await page.getByLabel("Name in Sinhala").fill("මහනුවර කඳු මූල්‍ය");
  await page.getByLabel("Registered company name").fill("Kandy Hills Finance PLC");
  await page.getByLabel("Website (https)").fill("https://kandy-hills.example");
  await page.getByLabel("E-mail").fill("complaints@kandy-hills.example");
  await page.getByLabel("Category").selectOption("licensed_finance_company");
  await page.getByLabel("Licence number").fill("LFC-0191");
  await page.getByLabel("Products (JSON)").fill(
    JSON.stringify(
      [
        productFor(offerId, {
          header: "Hills Personal 12",
          lender_link: "https://apply.kandy-hills.example/?c={click_id}&s={sub1}",
        }),
      ],
      null,
      2,
    ),
  );
}

describe("the back office's lenders", () => {
  for (const [name, viewport, offerId] of [
    ["phone", PHONE, 7801],
    ["desktop", DESKTOP, 7802],
  ] as const) {
    it(`lets an admin preview, create, make live and pause a lender (${name})`, async () => {
      const id = `kandy-hills-${name}`;
      const { page, problems } = await signedInPage(viewport, "/admin/lenders/");
      await page.getByRole("heading", { name: "Lenders", exact: true }).waitFor();
      await checkPage(page, `${name}-list`);

      await page.getByRole("link", { name: "Add a lender" }).click();
      await page.getByRole("heading", { name: "New lender" }).waitFor();
      await fillLender(page, id, offerId);
      await page.getByLabel("Website (https)").fill("http://kandy-hills.example");
      await page.getByRole("button", { name: "Create as a draft" }).click();
      await page.getByText("Nothing was saved").waitFor();
      expect(await page.locator("#lender-website-error").textContent()).toMatch(/https/);
      expect(await page.getByLabel("Name in Sinhala").inputValue()).toBe("මහනුවර කඳු මූල්‍ය");
      await checkPage(page, `${name}-new-problem`);

      await page.getByLabel("Website (https)").fill("https://kandy-hills.example");
      await page.getByRole("button", { name: "Preview the offer cards" }).click();
      await page.getByRole("heading", { name: "The offer cards, as borrowers see them" }).waitFor();
      const sinhala = page.getByRole("region", { name: "Sinhala" });
      const english = page.getByRole("region", { name: "English" });
      expect(await sinhala.locator("li.lw-offer").textContent()).toContain("මහනුවර කඳු මූල්‍ය");
      expect(await english.locator("li.lw-offer").textContent()).toContain("Kandy Hills Finance");
      expect(await english.locator("li.lw-offer").textContent()).toContain("Hills Personal 12");
      await checkPage(page, `${name}-new-preview`);

      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: TINY_PNG,
      });
      await page.getByRole("button", { name: "Create as a draft" }).click();
      await page.getByText("The lender was created as a draft.").waitFor();
      expect(await page.locator("main").textContent()).toContain("draft");
      await checkPage(page, `${name}-created`);

      await page.getByRole("button", { name: "Go live" }).click();
      await page.getByText(`${id} is now live.`).waitFor();
      await checkPage(page, `${name}-live`);
      await page
        .locator("li.card", { hasText: `${id},` })
        .getByRole("button", { name: "Pause" })
        .click();
      await page.getByText(`${id} is now paused.`).waitFor();
      // The one 400 is the form sent with a problem above, answered as bad input should be.
      expect(problems).toEqual([
        `console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) (${server.url}/admin/lenders/)`,
      ]);
      await page.context().close();
    });
  }

  it("shows an api lender's test application and statistics", async () => {
    const { page, problems } = await signedInPage(DESKTOP, "/admin/lenders/e2e-api-lender/");
    await page.getByRole("heading", { name: "Lender e2e-api-lender" }).waitFor();
    await page.getByRole("button", { name: "Send a test application" }).click();
    await page.getByText(/No decision: \w+, after \d+ ms\./).waitFor();
    await page.getByRole("heading", { name: "Decisions" }).scrollIntoViewIfNeeded();
    expect(await page.getByRole("heading", { name: "Decisions" }).count()).toBe(1);
    await checkPage(page, "desktop-api-lender");
    await page.setViewportSize(PHONE);
    await checkPage(page, "phone-api-lender");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
