import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licensedLender, TINY_PNG_BASE64, testProduct } from "../../server/lenders/test-lenders";
import { testEnv } from "../../server/test-support";
import { axeViolations, launchBrowser, openHydrated, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 15's operators: the built lenders tool (dist/lenders/lenders.js, as
 * `npm run lenders` runs it) imports a licensed lender with its logo file
 * and one without a logo into a new data folder; the built server started
 * on it shows their pages in both languages on a 360 px phone.
 */
const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-lenders-"));
const files = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-lender-files-"));
const tool = (...argv: string[]) =>
  run(process.execPath, ["dist/lenders/lenders.js", ...argv], {
    env: { PATH: testEnv.path, DATA_DIR: dataDir },
  });

let server: ServerProcess;
let browser: Browser;
let imported = "";

beforeAll(async () => {
  writeFileSync(path.join(files, "harbour.png"), Buffer.from(TINY_PNG_BASE64, "base64"));
  const records = [
    licensedLender({ logo: "harbour.png" }),
    licensedLender({
      id: "lanka-mono",
      names: { en: "Lanka Monogram Finance", si: "ලංකා මොනොග්‍රෑම් මූල්‍ය" },
      legalName: "Lanka Monogram Finance Limited",
      website: undefined,
      complaints: { phone: "011 765 4321" },
      licence: { regulator: "CBSL", category: "licensed_commercial_bank", number: "LCB-12" },
      products: [testProduct(9701)],
    }),
  ];
  writeFileSync(path.join(files, "lenders.json"), JSON.stringify(records, null, 2));
  imported = (await tool("import", path.join(files, "lenders.json"))).stdout;
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

/** The phone's checks: no console error, no horizontal scroll, no axe violation. */
async function checkOnPhone(page: Page, url: string) {
  const problems = watchConsole(page);
  await openHydrated(page, server.url, url);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(
    360,
  );
  expect(await axeViolations(page), url).toEqual([]);
  expect(problems, url).toEqual([]);
}

describe("the lenders tool and the lender page", () => {
  it("imports, says when servers see it, and lists", async () => {
    expect(imported).toContain("Imported 2 lenders from");
    expect(imported).toContain("created: ruhuna-harbour, lanka-mono");
    expect(imported).toContain("Running servers show the change within 30 seconds");
    const { stdout } = await tool("list");
    expect(stdout).toMatch(
      /^ruhuna-harbour +live +criteria +CBSL finance company LFC-0042 +2 +500$/m,
    );
    expect(stdout).toMatch(/^kandy-lane +live +criteria +sample +1 +none$/m);
  });

  it("shows a licensed lender's page in both languages, with its logo", async () => {
    const context = await browser.newContext({
      locale: "si-LK",
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await checkOnPhone(page, "/lenders/ruhuna-harbour/");
    await expect.poll(() => page.textContent("h1")).toBe("රුහුණු වරාය මූල්‍ය");
    const facts = await page.textContent(".lender-facts");
    expect(facts).toContain("බලපත්‍රලාභී මුදල් සමාගම, බලපත්‍ර අංකය LFC-0042");
    const logoWidth = () =>
      page.$eval("img.lender-logo", (image) => (image as HTMLImageElement).naturalWidth);
    await expect.poll(logoWidth).toBe(1);
    await checkOnPhone(page, "/en/lenders/ruhuna-harbour/");
    expect(await page.textContent(".lender-facts")).toContain(
      "Central Bank of Sri Lanka: licensed finance company, licence no. LFC-0042",
    );
    // The language switch navigates in the app: the page's chunk is loaded before it renders.
    const problems = watchConsole(page);
    await page.click(".language-switch");
    await expect.poll(() => page.textContent("h1")).toBe("රුහුණු වරාය මූල්‍ය");
    expect(await page.textContent(".lender-facts")).toContain("ශ්‍රී ලංකා මහ බැංකුව");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("draws the monogram of a lender without a logo, and draws it itself when the image fails", async () => {
    const context = await browser.newContext({
      locale: "si-LK",
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await checkOnPhone(page, "/en/lenders/lanka-mono/");
    const logo = await page.$eval("img.lender-logo", (image) => ({
      src: image.getAttribute("src"),
      width: (image as HTMLImageElement).naturalWidth,
    }));
    expect(logo).toEqual({ src: "/lenders/lanka-mono/logo", width: 96 });
    await checkOnPhone(page, "/lenders/lanka-mono/");
    // A page that cannot load the image (blocked, offline) shows the same monogram inline.
    await page.route("**/lenders/lanka-mono/logo", (route) => route.abort());
    await openHydrated(page, server.url, "/en/lenders/lanka-mono/");
    await expect.poll(() => page.textContent("svg.lender-logo text")).toBe("LM");
    await context.close();
  });
});
