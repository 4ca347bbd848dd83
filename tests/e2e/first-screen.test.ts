import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 17: what a new visitor sees first on a 360×640 phone. The cookie
 * notice takes at most 20% of the screen, the calculator's amount is on
 * the first screen and not under the notice, and the trust marks are near
 * the top; the fuller trust notes, with who we are and a person to reach
 * (from the configuration), are on the home and /how/ pages.
 */
const VIEWPORT = { width: 360, height: 640 };
const CONTACT = {
  COMPANY_NAME: "Example Comparisons (Pvt) Ltd",
  COMPANY_REGISTRATION: "PV 00000000",
  COMPANY_ADDRESS: "1 Example Road, Colombo",
  CONTACT_PHONE: "+94 11 000 0000",
  CONTACT_WHATSAPP: "+94 77 000 0000",
};

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(CONTACT), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const copy = {
  si: {
    home: "/",
    how: "/how/",
    browserLocale: "si-LK",
    notice: "කුකී දැනුම්දීම",
    accept: "එකඟයි",
    more: "කුකී ප්‍රතිපත්තිය",
    marks: "අපගේ සේවාව ගැන",
    trust: "ඔබට අප විශ්වාස කළ හැක්කේ ඇයි",
    company: "NayaCompare පවත්වාගෙන යන්නේ Example Comparisons (Pvt) Ltd විසිනි",
    call: "අමතන්න +94 11 000 0000",
  },
  en: {
    home: "/en/",
    how: "/en/how/",
    browserLocale: "en-US",
    notice: "Cookie notice",
    accept: "Accept",
    more: "Cookie policy",
    marks: "About our service",
    trust: "Why you can trust us",
    company: "NayaCompare is run by Example Comparisons (Pvt) Ltd",
    call: "Call +94 11 000 0000",
  },
} as const;

describe.each(["si", "en"] as const)("the first screen (%s)", (locale) => {
  const words = copy[locale];

  it("shows the calculator's amount above a cookie notice of at most 20% of the screen, and the trust marks", async () => {
    const context = await browser.newContext({ locale: words.browserLocale, viewport: VIEWPORT });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}${words.home}`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.getAttribute("html", "lang")).toBe(locale);

    const notice = page.getByRole("region", { name: words.notice });
    const noticeBox = await notice.boundingBox();
    expect(noticeBox).not.toBeNull();
    expect(noticeBox?.height).toBeLessThanOrEqual(VIEWPORT.height * 0.2);
    expect(noticeBox?.y).toBeGreaterThanOrEqual(VIEWPORT.height * 0.8);
    expect(await notice.getByRole("button", { name: words.accept }).isVisible()).toBe(true);
    expect(
      await notice.getByRole("link", { name: words.more, exact: true }).getAttribute("href"),
    ).toBe(locale === "si" ? "/cookies-policy/" : "/en/cookies-policy/");

    // The amount: the calculator's first control, wholly on the first screen and above the notice.
    const amount = page.locator("#calculator input").first();
    const amountBox = await amount.boundingBox();
    expect(amountBox).not.toBeNull();
    expect((amountBox?.y ?? 0) + (amountBox?.height ?? 0)).toBeLessThanOrEqual(noticeBox?.y ?? 0);
    // Nothing covers it: the element a tap at its centre reaches is the control itself.
    expect(
      await amount.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === element || element.contains(hit);
      }),
    ).toBe(true);

    // The trust marks, above the calculator.
    const marks = page.getByRole("list", { name: words.marks });
    const marksBox = await marks.boundingBox();
    expect(await marks.getByRole("listitem").count()).toBe(3);
    expect((marksBox?.y ?? VIEWPORT.height) + (marksBox?.height ?? 0)).toBeLessThanOrEqual(
      amountBox?.y ?? 0,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORT.width,
    );

    // Accepted, the notice is gone and the screen is the page's.
    await notice.getByRole("button", { name: words.accept }).click();
    await notice.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(["home", "how"] as const)(
    "has the trust notes on the %s page, with a person to reach",
    async (name) => {
      const context = await browser.newContext({ locale: words.browserLocale, viewport: VIEWPORT });
      const page = await context.newPage();
      await page.goto(`${server.url}${words[name]}`);
      await page.waitForSelector("html[data-hydrated='true']");
      const notes = page.getByRole("region", { name: words.trust });
      await notes.waitFor();
      await notes.getByText(words.company).waitFor();
      expect(await notes.getByText("PV 00000000").count()).toBe(1);
      expect(await notes.getByRole("link", { name: words.call }).getAttribute("href")).toBe(
        "tel:+94110000000",
      );
      expect(await notes.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(
        "https://wa.me/94770000000",
      );
      const prefix = locale === "si" ? "" : "/en";
      for (const path of ["/how-we-rank/", "/privacy-policy/"]) {
        expect(await notes.locator(`a[href="${prefix}${path}"]`).count()).toBe(1);
      }
      // The footer says who we are on every page, too.
      await page.getByRole("contentinfo").getByText(words.company).waitFor();
      await context.close();
    },
  );
});
