import { createHash } from "node:crypto";
import type { Browser, Page, Route } from "playwright";
import { describe, expect, it } from "vitest";
import { ALL_LOCALES } from "../../core/locale";
import { en } from "../../core/messages/en";
import { si } from "../../core/messages/si";
import { ta } from "../../core/messages/ta";
import { axeViolations, watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * Decision 0303: the widget's copy is one catalog file per locale beside
 * the script, fetched with the SRI hash the script was built with.
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

interface Manifest {
  pinned: string;
  catalogs: Record<string, string>;
}

const manifest = async () =>
  (await (await fetch(`${server.url}/widget/v1/manifest.json`)).json()) as Manifest;

/** A page of `html` with the widget's script added, as a partner's page has it. */
async function widgetPage(html: string, hold?: (route: Route) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
  const problems = watchConsole(page);
  if (hold) await page.route(/\/widget\/v1\/messages-/, hold);
  await page.setContent(html);
  await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
  return { page, problems };
}

/** Holds catalog requests until `release` is called; the test waits on conditions, not time. */
function holdCatalogs() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  const hold = async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  };
  return { hold, held, release };
}

const shadowText = (page: Page, selector: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.shadowRoot?.textContent, selector);

describe("the widget's catalogs", () => {
  it("are served immutable and compressed, and a pinned copy names the ones it checks", async () => {
    const { pinned, catalogs } = await manifest();
    expect(Object.keys(catalogs).sort()).toEqual([...ALL_LOCALES].sort());
    const script = await (await fetch(`${server.url}/widget/v1/${pinned}`)).text();
    for (const [locale, file] of Object.entries(catalogs)) {
      expect(file).toMatch(new RegExp(`^messages-${locale}-[0-9a-f]{8}\\.json$`));
      const response = await fetch(`${server.url}/widget/v1/${file}`, {
        headers: { "accept-encoding": "br" },
      });
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const body = Buffer.from(await response.arrayBuffer());
      const catalog = JSON.parse(body.toString("utf8")) as Record<string, string>;
      expect(catalog.applyNow).toBe({ en, si, ta }[locale as "en"].applyNow);
      // The script carries the file's name and its hash: a pinned copy loads only its own copy.
      expect(script).toContain(file);
      expect(script).toContain(`sha256-${createHash("sha256").update(body).digest("base64")}`);
    }
    // No copy in the script itself.
    expect(script).not.toContain(en.offersEmpty);
    expect(script).not.toContain(si.offersEmpty);
    expect(script).not.toContain(ta.offersEmpty);
  });

  it('renders Tamil for lang="ta", from the Tamil catalog file (issue 20)', async () => {
    const { page, problems } = await widgetPage(
      '<html lang="en"><head><title>Partner</title></head><body><loan-calculator lang="ta"></loan-calculator></body></html>',
    );
    await page.locator("loan-calculator .lw-amount-input").waitFor();
    expect(await page.locator("loan-calculator label").first().textContent()).toBe(ta.loanAmount);
    const text = (await shadowText(page, "loan-calculator")) ?? "";
    expect(text).toMatch(/[\u0B80-\u0BFF]/);
    expect(text).not.toContain(en.loanAmount);
    expect(text).not.toMatch(/[\u0D80-\u0DFF]/);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the Tamil error on a Tamil page whose catalog cannot be had", async () => {
    const { page } = await widgetPage(
      '<html lang="ta"><body><loan-offers></loan-offers></body></html>',
      (route) => route.abort(),
    );
    const alert = page.locator("loan-offers [role=alert]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("இதை இப்போது ஏற்ற முடியவில்லை.");
    expect(await page.locator("loan-offers button").textContent()).toBe("மீண்டும் முயலுங்கள்");
    await page.close();
  });

  it("refuses a catalog that is not the one it was built with, says so, and retries", async () => {
    let tampered = true;
    const { page, problems } = await widgetPage(
      '<html lang="en"><head><title>Partner</title></head><body><loan-calculator></loan-calculator></body></html>',
      async (route) => {
        if (!tampered) return route.continue();
        const response = await route.fetch();
        const catalog = (await response.json()) as Record<string, string>;
        catalog.loanAmount = "Someone else's text";
        await route.fulfill({ response, body: JSON.stringify(catalog) });
      },
    );
    const alert = page.locator("loan-calculator [role=alert]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("This could not be loaded just now.");
    expect(await shadowText(page, "loan-calculator")).not.toContain("Someone else's");
    expect(problems.some((line) => line.includes("integrity"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    tampered = false;
    await page.locator("loan-calculator button", { hasText: "Try again" }).click();
    await page.locator("loan-calculator .lw-amount-input").waitFor();
    expect(await page.locator("loan-calculator label").first().textContent()).toBe(en.loanAmount);
    await page.close();
  });

  it("shows the Sinhala error on a Sinhala page whose catalog cannot be had", async () => {
    const { page } = await widgetPage(
      '<html lang="si"><body><loan-offers></loan-offers></body></html>',
      (route) => route.abort(),
    );
    const alert = page.locator("loan-offers [role=alert]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("මෙය මේ මොහොතේ පූරණය කළ නොහැකි විය.");
    expect(await page.locator("loan-offers button").textContent()).toBe("නැවත උත්සාහ කරන්න");
    await page.close();
  });

  it("keeps an element's last language, busy, until a new language's catalog arrives", async () => {
    const { hold, held, release } = holdCatalogs();
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const problems = watchConsole(page);
    await page.setContent(
      '<html lang="en"><body><loan-calculator></loan-calculator></body></html>',
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("loan-calculator .lw-amount-input").waitFor();
    // English is there; Sinhala is asked for only when an element needs it, and held.
    await page.route(/\/widget\/v1\/messages-si-/, hold);
    const before = await page.locator("loan-calculator").boundingBox();
    await page.evaluate(() =>
      document.querySelector("loan-calculator")?.setAttribute("lang", "si"),
    );
    await page.waitForFunction(() =>
      document.querySelector("loan-calculator")?.shadowRoot?.querySelector('[aria-busy="true"]'),
    );
    await expect.poll(() => held.length).toBe(1);
    expect(await page.locator("loan-calculator label").first().textContent()).toBe(en.loanAmount);
    expect((await page.locator("loan-calculator").boundingBox())?.height).toBe(before?.height);

    // A new element in the held language: a busy box of its height, not a blank.
    await page.evaluate(() =>
      document.body.append(
        Object.assign(document.createElement("loan-eligibility"), { lang: "si" }),
      ),
    );
    const box = page.locator("loan-eligibility .lw-wait[aria-busy=true]");
    await box.waitFor();
    expect((await page.locator("loan-eligibility").boundingBox())?.height).toBe(518);

    release();
    await page.waitForFunction(
      (text) =>
        document.querySelector("loan-calculator")?.shadowRoot?.querySelector("label")
          ?.textContent === text,
      si.loanAmount,
    );
    await page.locator("loan-eligibility .lw-question").first().waitFor();
    expect(await page.locator("loan-calculator [aria-busy]").count()).toBe(0);
    expect(held).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
