import type { Browser, Page } from "playwright";
import { describe, expect, it } from "vitest";
import { axeViolations, watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * Issue 21 in a browser on a 360 px phone: an article's topics lead to the
 * topic's pages (decision 0318), the 404 page names the path it could not
 * find (0319), the rejected landing page congratulates, then asks for an
 * amount (0320).
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

async function phone(): Promise<Page> {
  return browser.newPage({ locale: "si-LK", viewport: { width: 360, height: 640 } });
}

async function expectFitsAndPassesAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
}

describe("an article's topics", () => {
  it("lead by keyboard to the topic's page, whose pages follow each other", async () => {
    const page = await phone();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/ta/are-you-ready-to-apply-for-personal-loans/`);
    await page.waitForSelector("html[data-hydrated='true']");
    const topics = page.getByRole("navigation", { name: "தலைப்புகள்" });
    const budgeting = topics.getByRole("link", { name: "வரவுசெலவுத் திட்டம்" });
    await budgeting.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/ta/blog/tag/budgeting/`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.textContent("h1")).toBe("வரவுசெலவுத் திட்டம்");
    expect(await page.locator(".article-list").first().locator(".article-card").count()).toBe(6);
    await expectFitsAndPassesAxe(page);

    await page.getByRole("link", { name: "பழைய பதிவுகள்" }).click();
    await page.waitForURL(`${server.url}/ta/blog/tag/budgeting/page-2/`);
    await page.waitForSelector("html[data-hydrated='true']");
    const second = await page.locator(".article-card-title a").allTextContents();
    expect(second.length).toBeGreaterThan(0);
    await page.getByRole("link", { name: "புதிய பதிவுகள்" }).click();
    await page.waitForURL(`${server.url}/ta/blog/tag/budgeting/`);

    // The language switch keeps the topic.
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(`${server.url}/en/blog/tag/budgeting/`);
    expect(await page.textContent("h1")).toBe("Budgeting");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the 404 page", () => {
  it("shows a long Sinhala path decoded and cut, escaped, on a phone, with 'Get money'", async () => {
    const page = await phone();
    const problems = watchConsole(page);
    const path = `/${"ණය".repeat(80)}/<b>x</b>/`;
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(404);
    await page.waitForSelector("html[data-hydrated='true']");
    const heading = (await page.textContent("h1")) ?? "";
    expect(heading.startsWith("පිටුව හමු නොවීය: /ණයණය")).toBe(true);
    expect(heading.endsWith("…")).toBe(true);
    expect(await page.locator("h1 b").count()).toBe(0);
    expect(await page.getByRole("link", { name: "මුදල් ලබා ගන්න" }).getAttribute("href")).toBe(
      "/application/",
    );
    await expectFitsAndPassesAxe(page);
    // The browser reports the 404 document itself; nothing else (no hydration mismatch).
    expect(problems.filter((line) => !line.includes("404"))).toEqual([]);
    await page.close();
  });
});

describe("the rejected landing page", () => {
  it("congratulates first, then takes an amount to the application", async () => {
    const page = await phone();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/en/landing/rejected/`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.textContent("h1")).toBe(
      "Congratulations! You still have a chance to get your loan",
    );
    await page.getByRole("slider").first().focus();
    await page.keyboard.press("ArrowRight");
    const apply = page.getByRole("link", { name: "Apply now" });
    await expect
      .poll(async () =>
        new URL((await apply.getAttribute("href")) ?? "", server.url).searchParams.get("amount"),
      )
      .toBe("51000");
    await expectFitsAndPassesAxe(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});
