import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFor } from "../../server/sandbox/lender.test-support";
import { registerApiLenders } from "../../server/sandbox/register";
import type { TestMember } from "../../server/staff/staff.test-support";
import { openStorage } from "../../server/storage/database";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * The lenders' pages of the back office in Chromium (issue 16), on a
 * 360-px phone and a desktop: an admin signs in with password and code,
 * writes a lender, sees its offer card in Sinhala and English, creates it
 * with a logo, makes it live and pauses it; an api lender's page with its
 * test application and statistics; the form's live preview as an admin
 * types (decision 0142). Axe and no horizontal scroll on each page;
 * first screens in /tmp/shots-bo-lenders/ and /tmp/shots-live-preview/ for a
 * person to look at.
 */
const SHOTS = "/tmp/shots-bo-lenders";
const LIVE_SHOTS = "/tmp/shots-live-preview";
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

async function checkPage(page: Page, shot: string, folder = SHOTS) {
  expect(await axeViolations(page), shot).toEqual([]);
  expect(await noHorizontalScroll(page), shot).toBe(true);
  await saveScreen(page, shot, { dir: folder });
}

/** Presses a button that sends the form, and waits for the page that comes back. */
async function submit(page: Page, name: string) {
  await Promise.all([
    page.waitForEvent("framenavigated"),
    page.getByRole("button", { name }).click(),
  ]);
  await page.waitForLoadState();
}

/** What the console may say of the form: its 400s, as the button or the live preview sent it. */
const formProblem = (problem: string) =>
  /^console\.error: Failed to load resource: .*\(Bad Request\) \(.*\/admin\/lenders\/\)$/.test(
    problem,
  );

async function fillLender(page: Page, id: string, offerId: number) {
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name in English").fill("Kandy Hills Finance");
  await page.getByLabel("Name in Sinhala").fill("මහනුවර කඳු මූල්‍ය");
  await page.getByLabel("Registered company name").fill("Kandy Hills Finance PLC");
  await page.getByLabel("Website (https)").fill("https://kandy-hills.example");
  await page.getByLabel("E-mail").fill("complaints@kandy-hills.example");
  await page.getByLabel("Category").selectOption("licensed_finance_company");
  await page.getByLabel("Licence number").fill("LFC-0191");
  // The new form's one product, field by field (decision 0437): employment and repayment as given.
  for (const [label, value] of [
    ["Offer id", String(offerId)],
    ["Name in the feed", "Hills Personal 12"],
    ["Smallest amount (rupees)", "5,000"],
    ["Largest amount (rupees)", "200000"],
    ["Shortest term (days)", "61"],
    ["Longest term (days)", "360"],
    ["Interest per year (%)", "24"],
    ["Fixed fee (rupees)", "500"],
    ["Fee as a share of the amount (%)", "0"],
    ["Youngest age", "18"],
    ["Oldest age", "70"],
    ["Smallest monthly income (rupees)", "0"],
    ["Apply link (https, optional)", "https://apply.kandy-hills.example/?c={click_id}&s={sub1}"],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value);
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
      await submit(page, "Create as a draft");
      await page.getByText("Nothing was saved").waitFor();
      expect(await page.locator("#lender-website-error").textContent()).toMatch(/https/);
      expect(await page.getByLabel("Name in Sinhala").inputValue()).toBe("මහනුවර කඳු මූල්‍ය");
      await checkPage(page, `${name}-new-problem`);

      await page.getByLabel("Website (https)").fill("https://kandy-hills.example");
      await submit(page, "Preview the offer cards");
      await page.getByRole("heading", { name: "The offer cards, as borrowers see them" }).waitFor();
      const sinhala = page.getByRole("region", { name: "Sinhala" });
      const english = page.getByRole("region", { name: "English" });
      expect(await sinhala.locator("li.lw-offer").textContent()).toContain("මහනුවර කඳු මූල්‍ය");
      expect(await english.locator("li.lw-offer").textContent()).toContain("Kandy Hills Finance");
      expect(await english.locator("li.lw-offer").textContent()).toContain("Hills Personal 12");
      // Tamil too, as every language of the registry (no Tamil name given: the English one).
      const tamil = page.getByRole("region", { name: "Tamil" }).locator("li.lw-offer");
      expect(await tamil.textContent()).toContain("Kandy Hills Finance");
      expect(await tamil.textContent()).toMatch(/[\u0B80-\u0BFF]/);
      await checkPage(page, `${name}-new-preview`);

      await page.getByLabel("Logo", { exact: true }).setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: TINY_PNG,
      });
      await submit(page, "Create as a draft");
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
      // The 400s are the form sent with a problem, answered as bad input should be: by the
      // button above, and by the live preview while the form was being filled in.
      expect(problems.filter((problem) => !formProblem(problem))).toEqual([]);
      expect(problems.length).toBeGreaterThan(0);
      await page.context().close();
    });
  }

  for (const [name, viewport, offerId] of [
    ["phone", PHONE, 7811],
    ["desktop", DESKTOP, 7812],
  ] as const) {
    it(`updates both languages' cards as an admin types, without the button (${name})`, async () => {
      const { page, problems } = await signedInPage(viewport, "/admin/lenders/new/");
      await page.getByRole("heading", { name: "New lender" }).waitFor();
      // Set on this page: still there at the end, so the page was never loaded again.
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await fillLender(page, `live-${name}`, offerId);
      const status = page.locator("#lender-live-status");
      const sinhala = page.getByRole("region", { name: "Sinhala" }).locator("li.lw-offer");
      const english = page.getByRole("region", { name: "English" }).locator("li.lw-offer");
      const bounded = { timeout: 10_000 };
      await english.filter({ hasText: "Hills Personal 12" }).waitFor(bounded);
      await sinhala.filter({ hasText: "මහනුවර කඳු මූල්‍ය" }).waitFor(bounded);

      // Typed key by key, the caret mid-word: it stays where it was as the cards change.
      const si = page.getByLabel("Name in Sinhala");
      await si.click();
      await page.keyboard.press("End");
      await page.keyboard.type(" ලංකා", { delay: 30 });
      await page.keyboard.press("ArrowLeft");
      const caret = () =>
        page.evaluate(() => {
          const field = document.activeElement as HTMLInputElement;
          return [field.id, field.selectionStart, field.selectionEnd];
        });
      const before = await caret();
      expect(before[1]).toBeLessThan((await si.inputValue()).length);
      await sinhala.filter({ hasText: "මහනුවර කඳු මූල්‍ය ලංකා" }).waitFor(bounded);
      expect(await caret()).toEqual(before);
      expect(before[0]).toBe("lender-names-si");
      await expect.poll(() => status.textContent(), bounded).toMatch(/^Preview updated\./);

      // A product's name and interest rate in its fields: both languages change.
      await page.getByLabel("Name in the feed").fill("Hills Personal 36");
      await page.getByLabel("Interest per year (%)").fill("36");
      await english.filter({ hasText: "Hills Personal 36" }).waitFor(bounded);
      await sinhala.filter({ hasText: "Hills Personal 36" }).waitFor(bounded);
      await checkPage(page, `${name}-live`, LIVE_SHOTS);

      // A problem shows by its field and is counted politely; the last cards stay.
      await page.getByLabel("Name in English").fill("");
      await page.locator("#lender-names-en-error").waitFor(bounded);
      await expect.poll(() => status.textContent(), bounded).toMatch(/^1 problem/);
      expect(await page.getByLabel("Name in English").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#lender-problems [role=alert]").count()).toBe(0);
      expect(await english.filter({ hasText: "Hills Personal 36" }).count()).toBe(1);
      await checkPage(page, `${name}-live-problem`, LIVE_SHOTS);
      await page.getByLabel("Name in English").fill("Kandy Hills Finance");
      await page.locator("#lender-names-en-error").waitFor({ state: "detached", ...bounded });
      expect(await page.getByLabel("Name in English").getAttribute("aria-invalid")).toBeNull();
      expect(await page.locator("#lender-problems").textContent()).toBe("");

      // No network: the last cards stay, and the status says so.
      await page.context().setOffline(true);
      await si.fill("මහනුවර");
      await expect.poll(() => status.textContent(), bounded).toMatch(/could not be updated/);
      expect(await sinhala.filter({ hasText: "මහනුවර කඳු මූල්‍ය ලංකා" }).count()).toBe(1);
      await page.context().setOffline(false);
      await si.fill("මහනුවර මූල්‍ය");
      await sinhala.filter({ hasText: "මහනුවර මූල්‍ය", hasNotText: "කඳු" }).waitFor(bounded);

      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      // Our script ran under the form's CSP: nothing refused, only the form's own 400s (and the
      // request that found no network).
      expect(
        problems.filter((problem) => /Content Security Policy|Refused to/.test(problem)),
      ).toEqual([]);
      expect(
        problems.filter(
          (problem) => !formProblem(problem) && !/ERR_INTERNET_DISCONNECTED/.test(problem),
        ),
      ).toEqual([]);
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
