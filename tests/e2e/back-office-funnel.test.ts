import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUNNEL_FROM, FUNNEL_TO, seedFunnelRecords } from "../../server/funnel/funnel.test-support";
import { openStorage } from "../../server/storage/database";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * The funnel in Chromium (issue 16): an analyst signs in with password and
 * code, reads the funnel for a range of seeded records on a computer and on
 * a phone, sees the charts drawn (canvas) above the tables they draw,
 * downloads a table as CSV; axe finds nothing. Screenshots (first screens) go to
 * /tmp/shots-bo-funnel/ for a person to look at.
 */
const SHOTS = "/tmp/shots-bo-funnel";
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  // Seeded before the server starts, as records are stored when they happen: the server
  // counts closed days in the background from its start (decision 0163).
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-funnel-e2e-"));
  const storage = openStorage({ dataDir });
  try {
    await storage.migrate();
    await seedFunnelRecords(storage);
  } finally {
    await storage.close();
  }
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the funnel", () => {
  it("shows an analyst the range's figures, charts and tables, and gives a table as CSV", async () => {
    const analyst = await staffMember(server, {
      email: "analyst@nayacompare.test",
      role: "analyst",
      twoFactor: true,
    });
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const address = `${server.url}/admin/funnel/?from=${FUNNEL_FROM}&to=${FUNNEL_TO}`;
    await page.goto(address);
    await signInThroughThePage(page, analyst);
    // Signing in returns to the funnel (its path; the range is asked again).
    await page.goto(address);
    await page.getByRole("heading", { name: "Funnel", level: 1 }).waitFor();

    const steps = page.locator("#funnel-steps");
    expect(await steps.locator("tbody tr").first().locator("td").first().textContent()).toBe("5");
    expect(await steps.getByRole("row", { name: /Calculator used/ }).textContent()).toBe(
      "Calculator used360.0 %",
    );
    // The fan-out apart (issue 35), and a table of eleven columns within 1,280 px.
    expect(
      await page
        .locator("#funnel-fanout")
        .getByRole("row", { name: /Lenders asked/ })
        .textContent(),
    ).toBe("Lenders asked22.0 per verified application");
    expect(await noHorizontalScroll(page)).toBe(true);
    expect((await page.locator("#funnel-lender").boundingBox())?.width).toBeLessThanOrEqual(1280);
    // Two charts, drawn by uPlot from the table "By day".
    await expect.poll(() => page.locator("#funnel-charts canvas").count()).toBe(2);
    expect(await page.locator("#funnel-daily tbody tr").count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, "funnel-1280x800", { dir: SHOTS });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: /Download as CSV/ })
        .filter({ hasText: "By day" })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`funnel-daily-${FUNNEL_FROM}-to-${FUNNEL_TO}.csv`);
    const csv = await readFile((await download.path()) ?? "", "utf8");
    expect(csv.startsWith("\uFEFFDay,Visits,")).toBe(true);
    expect(csv).toContain("2026-11-10,4,2,1,1,2,1,1,1,1,1500\r\n");

    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect.poll(() => page.locator("#funnel-charts canvas").count()).toBe(2);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator("#funnel-charts").scrollIntoViewIfNeeded();
    await saveScreen(page, "funnel-360x800", { dir: SHOTS });
    expect(problems).toEqual([]);
    await context.close();
  });
});
