import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, settle, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the site in a browser", () => {
  it.each([
    ["/", "si", "එකම අයදුම්පතකින් ඔබට ගැළපෙන ණය දීමනා"],
    ["/en/", "en", "Loan offers that suit you, from one application"],
  ])("renders %s on the server and hydrates it without a warning", async (path, lang, title) => {
    // A Sinhala browser: an English one is sent from / to /en/ (tested below).
    const page = await browser.newPage({ locale: "si-LK" });
    const problems = watchConsole(page);
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.textContent("h1")).toBe(title);

    // Hydrated means interactive: the amount slider answers the keyboard.
    await page.getByRole("slider").first().focus();
    await page.keyboard.press("ArrowRight");
    await page.locator('[data-figure="amount"]', { hasText: "Rs. 51,000" }).waitFor();

    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/are-you-ready-to-apply-for-personal-loans/", "si"],
    ["/en/smart-tips-to-save-money-from-your-salary/", "en"],
    ["/en/terms-and-conditions/", "en"],
    ["/blog/page-2/", "si"],
  ])(
    "hydrates the content page %s with no warning and no horizontal scroll",
    async (path, lang) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      const problems = watchConsole(page);
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(200);
      await page.waitForSelector("html[data-hydrated='true']");
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("hides the cookie notice once accepted, for this and later pages", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/how/`);
    await page.waitForSelector("html[data-hydrated='true']");
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await notice.getByRole("button", { name: "Accept" }).click();
    await notice.waitFor({ state: "detached" });
    const cookie = (await context.cookies()).find((entry) => entry.name === "cookie_notice");
    expect(cookie).toMatchObject({ value: "accepted", path: "/", sameSite: "Lax" });
    await page.goto(`${server.url}/en/about/`);
    expect(await page.getByRole("region", { name: "Cookie notice" }).count()).toBe(0);
    await context.close();
  });

  it("runs the eligibility test on the how-it-works page", async () => {
    const page = await browser.newPage({ locale: "si-LK" });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/how/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.getByRole("radio", { name: "ඔව්" }).first().check();
    await page.locator(".lw-score", { hasText: "20%" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("takes a deletion request, with SPEC §5's messages in the page's language", async () => {
    const page = await browser.newPage({ locale: "si-LK" });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/unsubscribe/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.getByLabel("ඊ-තැපැල් ලිපිනය").fill("not-an-email");
    await page.getByRole("button", { name: "මගේ දත්ත මකන්න" }).click();
    await page.getByRole("alert").filter({ hasText: "වලංගු ඊ-තැපැල් ලිපිනයක් ඇතුළත් කරන්න" }).waitFor();
    expect(await page.getByLabel("ඊ-තැපැල් ලිපිනය").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("ඊ-තැපැල් ලිපිනය").fill("browser.user@example.lk");
    await page.getByLabel("ජංගම දුරකථන අංකය").fill("071 234 5678");
    await page.getByRole("button", { name: "මගේ දත්ත මකන්න" }).click();
    await page.getByRole("heading", { name: "ඔබේ ඉල්ලීම සම්පූර්ණයි" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("copies an article's link to the clipboard", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    const url = `${server.url}/en/smart-tips-to-save-money-from-your-salary/`;
    await page.goto(url);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await context.close();
  });

  it("opens our links inside the app, without reloading, and the back button works", async () => {
    const page = await browser.newPage({ locale: "en-US" });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/en/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

    let pageRequests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/client-api/page")) pageRequests += 1;
    });

    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Blog" })
      .click();
    await page.locator("h1", { hasText: "Money tips for Sri Lanka" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/en/blog/");
    expect(await page.title()).toBe("Money tips for Sri Lanka | NayaCompare");
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toMatch(/\/en\/blog\/$/);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    expect(await sameDocument()).toBe(true);

    // Scrolled down the list, into an article, and back: the list is where we left it.
    await page.evaluate(() => window.scrollTo(0, 600));
    const scrolled = await page.evaluate(() => window.scrollY);
    // A DOM click: Playwright's own would scroll the link into view first.
    await page
      .locator(".article-card-title a")
      .nth(3)
      .evaluate((link) => (link as HTMLElement).click());
    await page.locator("#content-body h2").first().waitFor();
    expect(await page.locator("#article-title").count()).toBe(1);
    expect(await sameDocument()).toBe(true);

    // A link to a section of the page moves within it; nothing is fetched.
    const before = pageRequests;
    await page.locator(".contents a").nth(1).click();
    await page.waitForFunction(() => window.location.hash === "#section-2");
    await settle(page);
    expect(pageRequests).toBe(before);
    await page.goBack();
    await page.waitForFunction(() => window.location.hash === "");
    await settle(page);
    expect(pageRequests).toBe(before);

    await page.goBack();
    await page.locator("h1", { hasText: "Money tips for Sri Lanka" }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);

    await page.getByRole("link", { name: "සිංහලෙන්" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "si");
    expect(new URL(page.url()).pathname).toBe("/blog/");
    expect(await sameDocument()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends an English browser from / to /en/, and remembers a switch to Sinhala", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/en/");
    await page.waitForSelector("html[data-hydrated='true']");

    await page.getByRole("link", { name: "සිංහලෙන්" }).click();
    await page.waitForURL(`${server.url}/`);
    const cookie = (await context.cookies()).find((entry) => entry.name === "locale");
    expect(cookie).toMatchObject({ value: "si", path: "/", sameSite: "Lax" });
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The stored choice now wins over the English browser.
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getAttribute("html", "lang")).toBe("si");
    await context.close();
  });

  it("shows the not-found page in the right language with a way to apply", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/en/no-such-page/`);
    expect(response?.status()).toBe(404);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.textContent("h1")).toBe("Page not found");
    expect(await page.getByRole("link", { name: "Get money" }).getAttribute("href")).toBe(
      "/en/application/",
    );
    await page.close();
  });

  it("redirects a path without a trailing slash", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/en`);
    expect(new URL(page.url()).pathname).toBe("/en/");
    await page.close();
  });
});
