import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 7's community pages in Chromium against the built server: comments
 * (moderated, so a sent one is not shown), localized checks, article
 * ratings by keyboard, views, customer reviews on the home page, the
 * offers sidebar, and axe on a phone with the form showing its errors.
 * Approving a comment and markup in names are tested with the admin area.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

const SLUG = "are-you-ready-to-apply-for-personal-loans";

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh visitor (own client id, storage and rate-limit budget). */
async function visitor(viewport = { width: 1024, height: 900 }): Promise<BrowserContext> {
  return browser.newContext({ locale: "si-LK", viewport });
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await page.waitForSelector("html[data-hydrated='true']");
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(options: object): Promise<{ violations: { id: string }[] }> };
      }
    ).axe
      .run({ runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] })
      .then((result) => result.violations.map((violation) => violation.id)),
  );
}

const copy = {
  en: {
    path: `/en/${SLUG}/`,
    notice: "Comments are checked by a moderator before they are published.",
    title: "Comments (0)",
    form: "Leave a comment",
    name: "Name",
    email: "E-mail address",
    comment: "Comment",
    send: "Send",
    sent: "Thank you. Your comment will appear after a moderator approves it.",
  },
  si: {
    path: `/${SLUG}/`,
    notice: "අදහස් පළ කරන්නේ පරිපාලකයෙකු විසින් පරීක්ෂා කළ පසුවය.",
    title: "අදහස් (0)",
    form: "අදහසක් ලියන්න",
    name: "නම",
    email: "ඊ-තැපැල් ලිපිනය",
    comment: "අදහස",
    send: "යවන්න",
    sent: "ස්තූතියි. පරිපාලකයෙකු අනුමත කළ පසු ඔබේ අදහස මෙහි පළ වේ.",
  },
} as const;

describe("comments on an article", () => {
  it.each(["en", "si"] as const)(
    "(%s) say they are moderated, and a sent comment waits for approval",
    async (locale) => {
      const words = copy[locale];
      const context = await visitor();
      const page = await context.newPage();
      const problems = watchConsole(page);
      const viewCounted = page.waitForRequest(
        (request) =>
          request.method() === "POST" && request.url().endsWith(`/api/articles/${SLUG}/views`),
      );
      await open(page, words.path);
      await viewCounted;

      const comments = page.getByRole("region", { name: words.title });
      await comments.getByText(words.notice).waitFor();
      const form = page.getByRole("form", { name: words.form });
      const text = `A useful article, thank you (${locale} ${Date.now()})`;
      await form.getByLabel(words.name, { exact: true }).fill("Nimal Perera");
      await form.getByLabel(words.email).fill("nimal.perera@example.lk");
      await form.getByLabel(words.comment, { exact: true }).fill(text);
      const answer = page.waitForResponse((response) => response.url().endsWith("/api/comments"));
      await form.getByRole("button", { name: words.send }).click();
      expect((await answer).status()).toBe(202);
      await form.getByRole("status").filter({ hasText: words.sent }).waitFor();

      // Pending: not in the list, and the form is empty for another comment.
      expect(await page.getByText(text).count()).toBe(0);
      expect(await page.locator(".comment").count()).toBe(0);
      expect(await form.getByLabel(words.comment, { exact: true }).inputValue()).toBe("");
      expect(await form.getByLabel(words.name, { exact: true }).inputValue()).toBe("");

      // The honeypot is out of sight, out of the tab order and out of the accessibility tree.
      const honeypot = form.locator('input[name="website"]');
      expect(await honeypot.getAttribute("tabindex")).toBe("-1");
      expect(await honeypot.getAttribute("autocomplete")).toBe("off");
      expect(await form.getByRole("textbox").count()).toBe(3);

      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("says an invalid e-mail in the page's language, without sending", async () => {
    const words = copy.si;
    const context = await visitor();
    const page = await context.newPage();
    const problems = watchConsole(page);
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/comments")) sent += 1;
    });
    await open(page, words.path);
    const form = page.getByRole("form", { name: words.form });
    await form.getByLabel(words.name, { exact: true }).fill("නිමල්");
    await form.getByLabel(words.email).fill("not-an-email");
    await form.getByLabel(words.comment, { exact: true }).fill("හොඳ ලිපියක්");
    await form.getByRole("button", { name: words.send }).click();
    await form.getByRole("alert").filter({ hasText: "වලංගු ඊ-තැපැල් ලිපිනයක් ඇතුළත් කරන්න" }).waitFor();
    expect(await form.getByLabel(words.email).getAttribute("aria-invalid")).toBe("true");
    // What was typed stays.
    expect(await form.getByLabel(words.comment, { exact: true }).inputValue()).toBe("හොඳ ලිපියක්");
    expect(sent).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("has no accessibility violation on a phone with the form showing its errors", async () => {
    const context = await visitor({ width: 360, height: 740 });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, copy.en.path);
    const form = page.getByRole("form", { name: copy.en.form });
    await form.getByRole("button", { name: copy.en.send }).click();
    await form.getByRole("alert").first().waitFor();
    expect(await form.getByRole("alert").count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("rating an article", () => {
  it("takes a rating from the keyboard, shows the new average, and remembers it", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const path = "/en/smart-tips-to-save-money-from-your-salary/";
    await open(page, path);
    const rating = page.getByRole("region", { name: "Rate this article" });
    await rating.getByText("No ratings yet").waitFor();

    await rating.getByRole("button", { name: "4 out of 5 stars" }).focus();
    await page.keyboard.press("Enter");
    await rating.getByText("4.0 out of 5 from 1 rating").waitFor();
    await rating.getByText("Your rating: 4 out of 5. Thank you!").waitFor();
    const four = rating.getByRole("button", { name: "4 out of 5 stars" });
    expect(await four.getAttribute("aria-pressed")).toBe("true");

    // A visitor may change their rating: still one rating, with the new value.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await rating.getByText("3.0 out of 5 from 1 rating").waitFor();
    expect(await four.getAttribute("aria-pressed")).toBe("false");

    // A later visit shows the average from the server and the visitor's choice.
    await open(page, path);
    await rating.getByText("3.0 out of 5 from 1 rating").waitFor();
    await rating.getByText("Your rating: 3 out of 5. Thank you!").waitFor();
    expect(
      await rating.getByRole("button", { name: "3 out of 5 stars" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the offers sidebar", () => {
  it("leads to the calculator, and No hides it for the session", async () => {
    const context = await visitor();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, copy.en.path);
    const aside = page.getByRole("complementary", {
      name: "Would you like personalised loan offers?",
    });
    expect(await aside.getByRole("link", { name: "Yes, show me" }).getAttribute("href")).toBe(
      "/en/#calculator",
    );
    await aside.getByRole("button", { name: "No, thanks" }).click();
    await aside.waitFor({ state: "detached" });
    await open(page, "/en/smart-tips-to-save-money-from-your-salary/");
    await page.getByRole("region", { name: "Rate this article" }).waitFor();
    expect(await aside.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("customer reviews on the home page", () => {
  it.each([
    [
      "/en/",
      {
        none: "No reviews yet — be the first.",
        form: "Write a review",
        name: "Name",
        stars: "5 out of 5 stars",
        review: "Your review",
        send: "Send",
        sent: "Thank you. Your review will appear after a moderator approves it.",
      },
    ],
    [
      "/",
      {
        none: "තවම සමාලෝචන නැත — පළමුවැන්නා ඔබ වන්න.",
        form: "සමාලෝචනයක් ලියන්න",
        name: "නම",
        stars: "තරු 5න් 5",
        review: "ඔබේ සමාලෝචනය",
        send: "යවන්න",
        sent: "ස්තූතියි. පරිපාලකයෙකු අනුමත කළ පසු ඔබේ සමාලෝචනය මෙහි පළ වේ.",
      },
    ],
  ])("%s shows none yet, and a sent review waits for approval", async (path, words) => {
    const context = await visitor();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, path);
    await page.getByText(words.none).waitFor();
    const form = page.getByRole("form", { name: words.form });
    await form.getByLabel(words.name, { exact: true }).fill("Kumari Silva");
    await form.getByRole("radio", { name: words.stars }).focus();
    await page.keyboard.press("Space");
    expect(await form.getByRole("radio", { name: words.stars }).isChecked()).toBe(true);
    await form.getByLabel(words.review).fill("Clear figures and no fees. Thank you!");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/reviews"));
    await form.getByRole("button", { name: words.send }).click();
    expect((await answer).status()).toBe(202);
    await form.getByRole("status").filter({ hasText: words.sent }).waitFor();
    expect(await form.getByLabel(words.review).inputValue()).toBe("");
    expect(await form.getByRole("radio", { name: words.stars }).isChecked()).toBe(false);
    await page.getByText(words.none).waitFor();

    // Sent empty, the form says what each field needs, and stays accessible.
    await form.getByRole("button", { name: words.send }).click();
    await form.getByRole("alert").nth(2).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
