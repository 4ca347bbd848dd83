import type { Browser } from "playwright";
import { describe, expect, it } from "vitest";
import { axeViolations, settle, watchConsole } from "../support/browser";
import { lastCodeTo, messagesTo } from "../support/outbox";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

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

  it("takes a deletion request in two steps, codes from the outbox, with SPEC §5's messages in Sinhala", async () => {
    // On a phone: each step is checked for horizontal scroll and accessibility.
    const page = await browser.newPage({ locale: "si-LK", viewport: { width: 360, height: 740 } });
    const problems = watchConsole(page);
    const phoneCheck = async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(await axeViolations(page)).toEqual([]);
    };
    await page.goto(`${server.url}/unsubscribe/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.getByLabel("ඊ-තැපැල් ලිපිනය").fill("not-an-email");
    await page.getByRole("button", { name: "මට කේතයක් එවන්න" }).click();
    await page.getByRole("alert").filter({ hasText: "වලංගු ඊ-තැපැල් ලිපිනයක් ඇතුළත් කරන්න" }).waitFor();
    expect(await page.getByLabel("ඊ-තැපැල් ලිපිනය").getAttribute("aria-invalid")).toBe("true");
    await phoneCheck();

    await page.getByLabel("ඊ-තැපැල් ලිපිනය").fill("browser.user@example.lk");
    await page.getByLabel("ජංගම දුරකථන අංකය").fill("071 234 5678");
    await page.getByRole("button", { name: "මට කේතයක් එවන්න" }).click();
    // The code step, in place: its heading has the focus, its address only the request id.
    const title = page.getByRole("heading", { name: "ඔබේ කේතය ඇතුළත් කරන්න" });
    await title.waitFor();
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    const address = new URL(page.url());
    expect(address.pathname).toMatch(/^\/unsubscribe\/confirm\/[A-Za-z0-9_-]{22}\/$/);
    expect(address.search).toBe("");
    const code = page.getByLabel("ඊ-තැපෑලේ හෝ SMS පණිවිඩයේ ඇති කේතය");
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    await phoneCheck();

    const emailCode = lastCodeTo(server, "browser.user@example.lk");
    const phoneCode = lastCodeTo(server, "+94712345678");
    if (!emailCode || !phoneCode) throw new Error("no codes in the outbox");
    const wrong = emailCode === "000000" || phoneCode === "000000" ? "000001" : "000000";
    await code.fill(wrong);
    await page.getByRole("button", { name: "මගේ දත්ත මකන්න" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "එම කේතය නිවැරදි නැත. ඔබට තවත් 4 වරක් උත්සාහ කළ හැකිය." })
      .waitFor();
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    await phoneCheck();

    // The e-mail's code first, typed as people copy it; then the SMS's.
    await code.fill(`${emailCode.slice(0, 3)} ${emailCode.slice(3)}`);
    await page.getByRole("button", { name: "මගේ දත්ත මකන්න" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "ඔබේ ඊ-තැපැල් ලිපිනය සඳහා අප සතු දත්ත මකා දැමුවෙමු." })
      .waitFor();
    const smsCode = page.getByLabel("SMS පණිවිඩයේ ඇති කේතය");
    expect(await smsCode.inputValue()).toBe("");
    expect(await smsCode.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/unsubscribe\/confirm\/phone\//);
    expect(messagesTo(server, "browser.user@example.lk")).toBe(0);
    await phoneCheck();
    await smsCode.fill(phoneCode);
    await page.getByRole("button", { name: "මගේ දත්ත මකන්න" }).click();
    await page.getByRole("heading", { name: "ඔබේ ඉල්ලීම සම්පූර්ණයි" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/unsubscribe/done/");
    // The outbox forgot both: its messages to an erased contact go with the rest.
    expect(messagesTo(server, "+94712345678")).toBe(0);
    await phoneCheck();
    // Chromium reports the wrong code's 400 as a failed load; nothing else may fail.
    const wrongCodeAnswer = /Failed to load resource: .*400.*\/api\/unsubscribe\/confirm/;
    expect(problems.filter((line) => !wrongCodeAnswer.test(line))).toEqual([]);
    await page.close();
  });

  it("takes a deletion request without JavaScript, in English, step by step", async () => {
    const context = await browser.newContext({
      locale: "en-US",
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/unsubscribe/`);
    await page.getByLabel("E-mail address").fill("no.script@example.lk");
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(
      /^\/en\/unsubscribe\/confirm\/email\/[A-Za-z0-9_-]{22}\/$/,
    );
    const code = lastCodeTo(server, "no.script@example.lk");
    if (!code) throw new Error("no code in the outbox");
    const field = page.getByLabel("Code from the e-mail");
    await field.fill("12345");
    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByText("Enter the 6-digit code from the message").waitFor();
    await page.getByLabel("Code from the e-mail").fill(code === "000000" ? "000001" : "000000");
    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByText("That code is not right. You can try 4 more times.").waitFor();
    expect(await page.getByLabel("Code from the e-mail").getAttribute("aria-invalid")).toBe("true");
    // axe needs JavaScript: the same address (the server's error state) checked in a page with it.
    const checked = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await checked.goto(page.url());
    await checked.waitForSelector("html[data-hydrated='true']");
    await checked.getByText("That code is not right. You can try 4 more times.").waitFor();
    expect(await axeViolations(checked)).toEqual([]);
    await checked.close();
    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByRole("heading", { name: "Your request is done" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/en/unsubscribe/done/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await context.close();
  });

  it("asks again with what was typed still there, and keeps the code step across the language switch", async () => {
    const page = await browser.newPage({ locale: "en-US", viewport: { width: 360, height: 740 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/en/unsubscribe/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.getByLabel("Mobile number").fill("072 345 6789");
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    expect(
      await page.getByText("We sent a code by SMS to the mobile number you gave.").count(),
    ).toBe(1);
    // No code came: back to the form, its heading focused, the number still in it.
    await page.getByRole("link", { name: "No code, or it expired? Ask for a new one" }).click();
    const title = page.getByRole("heading", { name: "Delete my personal data" });
    await title.waitFor();
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel("Mobile number").inputValue()).toBe("072 345 6789");
    expect(new URL(page.url()).pathname).toBe("/en/unsubscribe/");
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    const english = new URL(page.url()).pathname;
    expect(messagesTo(server, "+94723456789")).toBe(2);

    await page.getByRole("link", { name: "සිංහල", exact: true }).click();
    await page.getByRole("heading", { name: "ඔබේ කේතය ඇතුළත් කරන්න" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(english.replace(/^\/en/, ""));
    await page.getByLabel("SMS පණිවිඩයේ ඇති කේතය").waitFor();
    expect(await axeViolations(page)).toEqual([]);
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
    // A page of React's app (the home page is islands, decision 0271): from it, every page
    // opens inside the app, islands pages too.
    await page.goto(`${server.url}/en/about/`);
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

    await page.getByRole("link", { name: "සිංහල", exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === "si");
    expect(new URL(page.url()).pathname).toBe("/blog/");
    expect(await sameDocument()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/", "si"],
    ["/en/", "en"],
    ["/ta/", "ta"],
  ])("fits the header's links on one row of a 360 px phone on %s (0327)", async (path, lang) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    await context.addCookies([{ name: "locale", value: lang, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.evaluate(() => document.fonts.ready);
    const tops = await page
      .locator(".main-nav li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size, `${lang}: ${tops.join(", ")}`).toBe(1);
    await context.close();
  });

  it("loads the next locale's catalogs before an in-app switch renders it (0326)", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const problems = watchConsole(page);
    const catalogs: string[] = [];
    page.on("request", (request) => {
      const name = /\/assets\/(catalogs-\w+)-/.exec(request.url())?.[1];
      if (name) catalogs.push(name);
    });
    await page.goto(`${server.url}/en/about/`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(catalogs).toEqual(["catalogs-en"]);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

    await page.getByRole("link", { name: "தமிழ்", exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === "ta");
    expect(new URL(page.url()).pathname).toBe("/ta/about/");
    expect(await page.locator("h1").textContent()).toMatch(/[\u0B80-\u0BFF]/);
    await page.getByRole("link", { name: "සිංහල", exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === "si");
    expect(new URL(page.url()).pathname).toBe("/about/");
    expect(await page.locator("h1").textContent()).toMatch(/[\u0D80-\u0DFF]/);
    expect(await sameDocument()).toBe(true);
    expect(catalogs).toEqual(["catalogs-en", "catalogs-ta", "catalogs-si"]);
    // A slot read before its chunk came would have thrown: the console is clean.
    expect(problems).toEqual([]);
    await page.close();
  });

  it("loads links from an islands page in full, with the islands' script only", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/en/blog/`);
    await page.waitForSelector("html[data-hydrated='true']");
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator(".article-card-title a").first().click();
    await page.locator("#content-body h2").first().waitFor();
    await page.waitForSelector("html[data-hydrated='true']");
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();
    expect(scripts.some((script) => script.startsWith("/assets/islands-article-"))).toBe(true);
    expect(scripts.filter((script) => script.startsWith("/assets/client-"))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends an English browser from / to /en/, and remembers a switch to Sinhala", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/en/");
    await page.waitForSelector("html[data-hydrated='true']");

    await page.getByRole("link", { name: "සිංහල", exact: true }).click();
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
    expect(await page.textContent("h1")).toBe("Page not found: /en/no-such-page/");
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
