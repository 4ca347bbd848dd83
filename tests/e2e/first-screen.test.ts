import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issues 17 and 32: what a new visitor sees first on a 360×640 phone, in
 * each language. The cookie notice is one line of at most 10 % of the
 * screen (decision 0366); above it, the calculator's inputs, its result
 * and "See my offers", with the trust marks above the calculator; the
 * fuller trust notes, with who we are and a person to reach (from the
 * configuration), are on the home and /how/ pages.
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
    more: "අපගේම කුකී පමණි",
    offers: "මගේ දීමනා බලන්න",
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
    more: "We use only our own cookies",
    offers: "See my offers",
    marks: "About our service",
    trust: "Why you can trust us",
    company: "NayaCompare is run by Example Comparisons (Pvt) Ltd",
    call: "Call +94 11 000 0000",
  },
  ta: {
    home: "/ta/",
    how: "/ta/how/",
    browserLocale: "ta-LK",
    notice: "குக்கீ அறிவிப்பு",
    accept: "ஏற்கிறேன்",
    more: "எங்கள் குக்கீகள் மட்டுமே",
    offers: "என் சலுகைகளைப் பாருங்கள்",
    marks: "எங்கள் சேவை பற்றி",
    trust: "எங்களை ஏன் நம்பலாம்",
    company: "NayaCompare ஐ நடத்துவது Example Comparisons (Pvt) Ltd",
    call: "அழையுங்கள்: +94 11 000 0000",
  },
} as const;

const within = (box: { y: number; height: number } | null, top: number, bottom: number): boolean =>
  box !== null && box.y >= top && box.y + box.height <= bottom;

/** The box of a locator, or null; when there are several, the first. */
const boxOf = (locator: {
  boundingBox(): Promise<{ y: number; height: number; x: number; width: number } | null>;
}) => locator.boundingBox();

describe.each(["si", "en", "ta"] as const)("the first screen (%s)", (locale) => {
  const words = copy[locale];

  it("shows the calculator, its result and See my offers above a one-line cookie notice of at most 10% of the screen", async () => {
    const context = await browser.newContext({ locale: words.browserLocale, viewport: VIEWPORT });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}${words.home}`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect(await page.getAttribute("html", "lang")).toBe(locale);

    const notice = page.getByRole("region", { name: words.notice });
    const noticeBox = await notice.boundingBox();
    expect(noticeBox).not.toBeNull();
    expect(noticeBox?.height).toBeLessThanOrEqual(VIEWPORT.height * 0.1);
    expect(noticeBox?.y).toBeGreaterThanOrEqual(VIEWPORT.height * 0.9);
    const accept = notice.getByRole("button", { name: words.accept });
    const policy = notice.getByRole("link", { name: words.more, exact: true });
    expect(await policy.getAttribute("href")).toBe(
      locale === "si" ? "/cookies-policy/" : `/${locale}/cookies-policy/`,
    );
    // One line: the sentence's text is a single line box; both are 44 px targets, by the keyboard.
    expect(
      await policy.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return tops.size;
      }),
    ).toBe(1);
    for (const control of [accept, policy]) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press("Tab");
    await policy.focus();
    await page.keyboard.press("Tab");
    expect(await accept.evaluate((element) => element === document.activeElement)).toBe(true);

    // The result and "See my offers" wholly on the first screen, above the notice; the
    // button carries the calculator's loan to the application.
    const result = page.locator("#calculator .lw-lead");
    const offers = page
      .locator("#calculator")
      .getByRole("link", { name: words.offers, exact: true });
    expect(within(await boxOf(result), 0, noticeBox?.y ?? 0)).toBe(true);
    expect(within(await boxOf(offers), 0, noticeBox?.y ?? 0)).toBe(true);
    expect(await offers.getAttribute("href")).toMatch(
      new RegExp(`^${locale === "si" ? "" : `/${locale}`}/application/\\?amount=\\d+&period=\\d+$`),
    );
    expect(
      await offers.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === element || element.contains(hit);
      }),
    ).toBe(true);

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
      const prefix = locale === "si" ? "" : `/${locale}`;
      for (const path of ["/how-we-rank/", "/privacy-policy/"]) {
        expect(await notes.locator(`a[href="${prefix}${path}"]`).count()).toBe(1);
      }
      // The footer says who we are on every page, too.
      await page.getByRole("contentinfo").getByText(words.company).waitFor();
      await context.close();
    },
  );
});
