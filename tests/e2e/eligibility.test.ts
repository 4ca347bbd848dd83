import type { Browser, Page } from "playwright";
import { describe, expect, it } from "vitest";
import { axeViolations, settle, watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * Issue 32's eligibility check (decision 0365): five answers, and each
 * sample lender likely, possible or unlikely with its reasons, in the
 * browser as the answers change and from the server without JavaScript;
 * the income never leaves the page but in the form's own POST.
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

const VIEWPORT = { width: 360, height: 640 };
const INCOME = "55000";

async function answer(page: Page, income: string) {
  await page.getByLabel("Loan amount (Rs.)").fill("50000");
  await page.getByLabel("Repayment period").selectOption("180");
  await page.getByLabel("Monthly income (Rs.)").fill(income);
  await page.getByLabel("Employment").selectOption("salaried");
  await page.getByLabel("Age (years)").fill("35");
}

const row = (page: Page, lender: string) =>
  page.locator(".eligibility-row").filter({ has: page.getByRole("heading", { name: lender }) });

describe("the eligibility check", () => {
  it("answers per lender as the answers change, sending nothing of them", async () => {
    const context = await browser.newContext({ locale: "en-US", viewport: VIEWPORT });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const sent: string[] = [];
    page.on("request", (request) => sent.push(`${request.url()} ${request.postData() ?? ""}`));
    await page.goto(`${server.url}/en/eligibility/?amount=50000&period=180`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.getByLabel("Loan amount (Rs.)").inputValue()).toBe("50000");
    expect(await page.getByLabel("Repayment period").inputValue()).toBe("180");
    await answer(page, INCOME);

    const rainforest = row(page, "Rainforest Leaf Credit");
    await rainforest.getByText("Unlikely", { exact: true }).waitFor();
    expect(await rainforest.textContent()).toContain("income below Rs. 60,000 a month");
    expect(await rainforest.textContent()).toContain("age 21–60");
    const tea = row(page, "Tea Terrace Lending");
    await tea.getByText("Likely", { exact: true }).waitFor();
    expect(
      await tea.getByRole("link", { name: "Apply: Tea Terrace Lending" }).getAttribute("href"),
    ).toBe("/en/application/?amount=50000&period=180&offer=103");
    await page.getByRole("status").getByText("of 12 lenders").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // A higher income: the same row answers at once, with no request.
    await page.getByLabel("Monthly income (Rs.)").fill("70000");
    await rainforest.getByText("Likely", { exact: true }).waitFor();
    await settle(page);
    expect(sent.filter((line) => /55000|70000|55%2C000/.test(line))).toEqual([]);

    // Every control is a 44 px target.
    for (const control of await page
      .locator(
        ".eligibility-form input, .eligibility-form select, .eligibility-form button, .eligibility-row a",
      )
      .all()) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers the form's POST without JavaScript, and keeps nothing", async () => {
    const context = await browser.newContext({
      locale: "en-US",
      viewport: VIEWPORT,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/eligibility/`);
    await answer(page, INCOME);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      page.getByRole("button", { name: "Check the lenders" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.url()).toBe(`${server.url}/en/eligibility/`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    await page.waitForLoadState();
    expect(page.url()).toBe(`${server.url}/en/eligibility/`);
    const rainforest = row(page, "Rainforest Leaf Credit");
    expect(await rainforest.textContent()).toContain("income below Rs. 60,000 a month");
    expect(
      await row(page, "Tea Terrace Lending").getByText("Likely", { exact: true }).count(),
    ).toBe(1);
    // The answers stay in the form, to change and send again.
    expect(await page.getByLabel("Monthly income (Rs.)").inputValue()).toBe(INCOME);
    expect(server.output()).not.toContain(INCOME);
    await context.close();
  });

  it.each([
    ["si", "", "si-LK", "ඔබට ණය දීමට ඉඩ ඇති ණය දෙන්නන් කවුද?"],
    ["ta", "/ta", "ta-LK", "எந்தக் கடன் வழங்குநர்கள் ஒப்புக்கொள்ள வாய்ப்புள்ளது?"],
  ] as const)("is in %s, with no axe violation", async (lang, prefix, locale, title) => {
    const context = await browser.newContext({ locale, viewport: VIEWPORT });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}${prefix}/eligibility/`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.textContent("h1")).toBe(title);
    await page.locator("#eligibility-income").fill(INCOME);
    await page.locator("#eligibility-employment").selectOption("salaried");
    await page.locator("#eligibility-age").fill("35");
    expect(await page.locator(".eligibility-row").count()).toBe(12);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is linked from home beside the calculator, with its loan, and from how it works", async () => {
    const context = await browser.newContext({ locale: "en-US", viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/`);
    await page.waitForSelector("html[data-hydrated='true']");
    const link = page.locator("#calculator").getByRole("link", {
      name: "Which lenders are likely to say yes?",
    });
    expect(await link.getAttribute("href")).toMatch(/^\/en\/eligibility\/\?amount=\d+&period=\d+$/);
    await page.goto(`${server.url}/en/how/`);
    expect(
      await page
        .getByRole("link", { name: "Which lenders are likely to say yes?" })
        .getAttribute("href"),
    ).toBe("/en/eligibility/");
    await context.close();
  });
});
