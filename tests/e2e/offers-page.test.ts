import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../core/locale";
import type { SeededOdds } from "../../server/offers/approval-odds.test-support";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { continueToLender } from "../support/clickout";
import {
  ANSWERS,
  LENDERS,
  type OffersPageServer,
  startOffersPageServer,
} from "../support/offers-page-server";

/**
 * A visitor's offers page in Chromium (issue 15), on the built client and
 * the server's own decision network, stream and JSON, while three lenders
 * decide (tests/support/offers-page-server.ts: each answers when the test
 * says): the progress, each decision arriving over the stream or, without
 * EventSource, by polling; the pre-approval first, the sort by keyboard,
 * the lender's apply page in a new tab, the rejected screen, the page that
 * reloads itself without JavaScript, and axe on a 360-px phone in both
 * languages. The whole loop on the built server with the sandbox is
 * borrower-loop.test.ts.
 */
let server: OffersPageServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startOffersPageServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 360, height: 800 };

/** A visitor holding this application's lead cookie, on a phone. */
async function visitor(
  leadId: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  await context.addCookies([{ name: "lead", value: leadId, url: server.url }]);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

async function openOffers(page: Page, locale: Locale = "en"): Promise<void> {
  const response = await page.goto(`${server.url}${locale === "en" ? "/en" : ""}/offers/`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector("html[data-hydrated='true']");
}

const offerTitles = (page: Page) => page.locator(".lw-offer-title").allTextContents();
const progress = (page: Page) => page.locator(".decisions-progress[role='status']");
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const copy = {
  en: {
    asking: "Asking 3 lenders for their decisions… 1 of 3 answered so far.",
    approvedSoFar: "2 of 3 answered so far.",
    done: "2 of 3 lenders answered; 1 did not reply in time.",
    preApproved: "Pre-approved",
    smaller: "Less than the Rs. 50,000 you asked for.",
    declined: "1 lender did not offer you a loan this time: Kandy Hill Credit.",
    silent: "1 lender did not reply in time: Lagoon Gate Finance.",
    rejected: "Other lenders may still help you",
    deciding: "Still deciding",
    lagoon: "Lagoon Gate Finance",
    odds: "6 in 10 applicants like you were pre-approved",
  },
  si: {
    asking: "ණය දෙන ආයතන 3කින් තීරණ විමසමින්… මේ වන විට 3න් 1ක් පිළිතුරු දී ඇත.",
    approvedSoFar: "මේ වන විට 3න් 2ක් පිළිතුරු දී ඇත.",
    done: "ණය දෙන ආයතන 3න් 2ක් පිළිතුරු දුන්නා; 1ක් නියමිත වේලාවට පිළිතුරු දුන්නේ නැත.",
    preApproved: "පූර්ව අනුමතයි",
    smaller: "ඔබ ඉල්ලූ Rs. 50,000ට වඩා අඩුයි.",
    declined: "මෙවර එක් ණය දෙන ආයතනයක් ඔබට ණයක් පිරිනැමුවේ නැත: මහනුවර කඳු ණය.",
    silent: "එක් ණය දෙන ආයතනයක් නියමිත වේලාවට පිළිතුරු දුන්නේ නැත: කලපු දොරටු මූල්‍ය.",
    rejected: "වෙනත් ණය දෙන ආයතනවලට තවමත් ඔබට උදව් කළ හැකිය",
    deciding: "තවමත් තීරණය කරමින්",
    lagoon: "කලපු දොරටු මූල්‍ය",
    odds: "ඔබ වැනි අයදුම්කරුවන් 10 දෙනෙකුගෙන් 6 දෙනෙකුට පූර්ව අනුමැතිය ලැබුණි",
  },
} as const;

/** Every lender answered: Lanka Trust lends less, Kandy Hill says no, Lagoon Gate says nothing usable. */
async function decided(leadId: string): Promise<void> {
  await server.answerAll(leadId, [
    [LENDERS.kandy, ANSWERS.decline],
    [LENDERS.lanka, ANSWERS.approveLess],
    [LENDERS.lagoon, ANSWERS.garbage],
  ]);
}

describe("the offers page while lenders decide", () => {
  afterEach(() => server.dropOdds());

  it.each(["en", "si"] as const)(
    "shows what is known at once, then each decision as the stream brings it (%s)",
    async (locale) => {
      const t = copy[locale];
      const leadId = await server.newLead();
      await server.answer(leadId, LENDERS.kandy, ANSWERS.decline);
      // Issue 36: the two lenders still deciding have odds; each row goes when its lender answers.
      const odds = { bucket: [40, 30], all: [100, 40] } satisfies SeededOdds;
      await server.seedOdds(leadId, { [LENDERS.lanka]: odds, [LENDERS.lagoon]: odds });
      const { context, page, problems } = await visitor(leadId);
      const deciding = page.locator(".deciding-lenders li");
      const polls: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(`/api/applications/${leadId}/offers`)) polls.push(request.url());
      });
      const streamed = page.waitForResponse((response) =>
        response.url().endsWith(`/api/applications/${leadId}/offers/stream`),
      );
      await openOffers(page, locale);

      expect(await progress(page).getAttribute("aria-live")).toBe("polite");
      expect(await progress(page).textContent()).toBe(t.asking);
      expect(await page.locator(".decisions-summary").textContent()).toContain(t.declined);
      expect(await page.locator(".deciding-lenders h2").textContent()).toBe(t.deciding);
      expect(await deciding.count()).toBe(2);
      const lagoon = page.locator(`.deciding-lenders li[data-lender="${LENDERS.lagoon}"]`);
      expect(await lagoon.textContent()).toContain(t.lagoon);
      expect(await lagoon.locator(".lw-odds").textContent()).toContain(t.odds);
      // The lenders asked in real time show only through their decisions.
      expect(await offerTitles(page)).not.toContain("Lanka Trust Personal Loan");
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

      expect((await streamed).headers()["content-type"]).toContain("text/event-stream");
      await server.answer(leadId, LENDERS.lanka, ANSWERS.approveLess);
      await expect
        .poll(() => offerTitles(page).then((titles) => titles[0]))
        .toBe("Lanka Trust Personal Loan");
      const card = page.locator(".lw-offer").first();
      expect(await card.locator(".approval-note").textContent()).toContain(t.preApproved);
      expect(await card.locator(".approval-note").textContent()).toContain(t.smaller);
      expect(await card.locator('[data-figure="approved-amount"]').textContent()).toBe(
        "Rs. 40,000",
      );
      expect(await progress(page).textContent()).toContain(t.approvedSoFar);
      // Lanka Trust answered: its odds gave way to its pre-approval; Lagoon Gate still decides.
      await expect.poll(() => deciding.count()).toBe(1);
      expect(await deciding.getAttribute("data-lender")).toBe(LENDERS.lagoon);

      await server.answer(leadId, LENDERS.lagoon, ANSWERS.garbage);
      await expect.poll(() => progress(page).textContent()).toBe(t.done);
      expect(await page.locator(".decisions-summary").textContent()).toContain(t.silent);
      expect(await page.locator("progress").count()).toBe(0);
      expect(await page.locator(".deciding-lenders").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      // Where scripts run, the page's self-refresh is inert text inside <noscript>.
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
      // Everything came over the stream: the JSON was never polled.
      expect(polls).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("polls the offers' JSON every second where EventSource is missing", async () => {
    const leadId = await server.newLead();
    const { context, page, problems } = await visitor(leadId);
    await page.addInitScript(() => {
      delete (window as { EventSource?: unknown }).EventSource;
    });
    const polled = page.waitForRequest((request) =>
      request.url().endsWith(`/api/applications/${leadId}/offers`),
    );
    await openOffers(page);
    await polled;
    await decided(leadId);
    await expect
      .poll(() => offerTitles(page).then((titles) => titles[0]))
      .toBe("Lanka Trust Personal Loan");
    await expect.poll(() => progress(page).textContent()).toBe(copy.en.done);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the offers once there", () => {
  it("sort by total, monthly payment or APR from the keyboard, the pre-approval staying first", async () => {
    const leadId = await server.newLead();
    await decided(leadId);
    const { context, page, problems } = await visitor(leadId);
    await openOffers(page);
    // The order and the filters are one row that opens (decision 0362).
    await page.locator(".offers-controls > summary").click();
    const sort = page.getByLabel("Sort offers by");
    expect(await sort.inputValue()).toBe("total");
    /** The APRs of the matched offers (the second group), as the page lists them. */
    const aprs = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll('.lead-offers > section:nth-of-type(2) [data-figure="apr"]'),
        ].map((cell) => Number.parseFloat((cell.textContent ?? "").replace(/,/g, ""))),
      );
    await sort.focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sort.inputValue()).toBe("payment");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => sort.inputValue()).toBe("apr");
    const figures = await aprs();
    expect(figures.length).toBeGreaterThan(1);
    expect(figures).toEqual(figures.toSorted((left, right) => left - right));
    expect((await offerTitles(page))[0]).toBe("Lanka Trust Personal Loan");
    // Sorted in place: no page load.
    expect(new URL(page.url()).search).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lead through our click-out page at /go/{offerId} to the lender's apply page in a new tab, and back", async () => {
    const leadId = await server.newLead();
    await decided(leadId);
    const { context, page, problems } = await visitor(leadId);
    // The approval's apply URL (a lender of the test's, named lender.test): answered here.
    await context.route("https://apply.lender.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Lender</title>" }),
    );
    await openOffers(page);
    const link = page
      .locator(".lw-offer")
      .first()
      .getByRole("link", { name: "Get this offer", exact: true });
    expect(await link.getAttribute("href")).toBe("/go/901");
    // Our click-out page opens in place (issue 32); only the lender gets a tab of its own.
    expect(await link.getAttribute("target")).toBeNull();
    await link.click();
    const tab = await continueToLender(page);
    await tab.waitForURL(/^https:\/\/apply\.lender\.test\/offer\/901\?/);
    expect(new URL(tab.url()).searchParams.get("click")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tab).not.toBe(page);
    // The click-out page stays, with its way back to the list.
    await page.locator("a.clickout-back").click();
    await page.waitForURL(/\/en\/offers\/$/);
    expect((await offerTitles(page))[0]).toBe("Lanka Trust Personal Loan");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the offers as rows (issue 17)", () => {
  const rows = (page: Page) => page.locator(".lead-offers .lw-offer");
  const words = {
    en: {
      ready: (count: number) => `${count} offers are ready for you.`,
      showAll: /^Show all (\d+) offers$/,
    },
    si: {
      ready: (count: number) => `ඔබට දීමනා ${count}ක් සූදානම්.`,
      showAll: /^දීමනා (\d+)ම පෙන්වන්න$/,
    },
  } as const;
  /** N of "show all N". */
  const countIn = async (page: Page, locale: keyof typeof words) =>
    Number(words[locale].showAll.exec((await page.locator(".show-all").textContent()) ?? "")?.[1]);
  /** The one live region that counts the offers (the decisions' progress has its own). */
  const announcement = (page: Page) => page.locator("section > p.visually-hidden[role='status']");

  it.each(["en", "si"] as const)(
    "move the focus to their heading, and announce the count once lenders have decided (%s)",
    async (locale) => {
      const leadId = await server.newLead();
      const { context, page, problems } = await visitor(leadId);
      await openOffers(page, locale);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("screen-title");
      // Still deciding: nothing announced yet.
      expect(await announcement(page).getAttribute("aria-live")).toBe("polite");
      expect(await announcement(page).textContent()).toBe("");
      await decided(leadId);
      await expect.poll(() => progress(page).count()).toBe(1);
      await page.locator(".show-all").waitFor();
      const count = await countIn(page, locale);
      expect(count).toBeGreaterThan(3);
      await expect.poll(() => announcement(page).textContent()).toBe(words[locale].ready(count));
      // One region for the list, none per row.
      expect(
        await page.locator(".lead-offers [aria-live], .lead-offers [role='status']").count(),
      ).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each(["en", "si"] as const)(
    "show three rows, then all from the keyboard, the focus on the first row added (%s)",
    async (locale) => {
      const leadId = await server.newLead();
      await decided(leadId);
      const { context, page, problems } = await visitor(leadId);
      await openOffers(page, locale);
      expect(await rows(page).count()).toBe(3);
      const count = await countIn(page, locale);
      // Each row says where the visitor stands, in words beside an icon.
      for (const status of await rows(page).locator(".offer-status").all()) {
        expect(((await status.textContent()) ?? "").trim().length).toBeGreaterThan(3);
        expect(await status.locator("svg[aria-hidden='true']").count()).toBe(1);
      }
      await page.locator(".show-all").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => rows(page).count()).toBe(count);
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll(".lead-offers .lw-offer")].indexOf(
              document.activeElement as Element,
            ),
          ),
        )
        .toBe(3);
      // Shown in place: no page load, nothing in the address.
      expect(new URL(page.url()).search).toBe("");
      expect(await page.locator(".show-all").count()).toBe(0);
      // The may-not-match rows: no button, what the lender requires instead.
      const others = rows(page).filter({ has: page.locator(".offer-status-other") });
      expect(await others.count()).toBeGreaterThan(0);
      expect(await others.locator(".lw-cta").count()).toBe(0);
      expect(await others.locator(".offer-requires").count()).toBe(await others.count());
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("shows all of them without JavaScript, through the server", async () => {
    const leadId = await server.newLead();
    await decided(leadId);
    const { context, page } = await visitor(leadId, { javaScriptEnabled: false });
    await page.goto(`${server.url}/en/offers/?sort=apr`);
    expect(await rows(page).count()).toBe(3);
    const count = await countIn(page, "en");
    await Promise.all([
      page.waitForURL(/\/en\/offers\/\?sort=apr&all=1#offer-\d+$/),
      page.locator(".show-all").click(),
    ]);
    expect(await rows(page).count()).toBe(count);
    // The link's fragment is the first row it added.
    const fragment = new URL(page.url()).hash.slice(1);
    expect(await rows(page).nth(3).getAttribute("id")).toBe(fragment);
    expect(await page.getByLabel("Sort offers by").inputValue()).toBe("apr");
    // Sorting again keeps every row.
    await page.locator(".offers-controls > summary").click();
    await page.getByLabel("Sort offers by").selectOption("payment");
    await Promise.all([
      // (Chromium keeps the fragment on a GET form's submission to the same page.)
      page.waitForURL(/\/en\/offers\/\?sort=payment&repay=any&term=&all=1(#offer-\d+)?$/),
      page.getByRole("button", { name: "Apply" }).click(),
    ]);
    expect(await rows(page).count()).toBe(count);
    await context.close();
  });
});

describe("no approval and no match", () => {
  it.each(["en", "si"] as const)(
    "turns into SPEC §2's rejected screen once the lenders have answered (%s)",
    async (locale) => {
      // An income no sample lender's criteria admit: nothing matched, only the lenders asked.
      const leadId = await server.newLead({ monthlyIncome: 15_000 });
      expect((await server.offersOf(leadId)).activeOfferIds).toEqual([]);
      const { context, page, problems } = await visitor(leadId);
      await openOffers(page, locale);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe(
        copy[locale].rejected,
      );
      await server.answerAll(leadId, [
        [LENDERS.lanka, ANSWERS.decline],
        [LENDERS.kandy, ANSWERS.decline],
        [LENDERS.lagoon, ANSWERS.decline],
      ]);
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(copy[locale].rejected);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("screen-title");
      expect(await page.title()).toContain(copy[locale].rejected);
      expect(await offerTitles(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe("without JavaScript", () => {
  it("reloads itself while lenders decide, and stops once they have", async () => {
    const leadId = await server.newLead();
    await server.answer(leadId, LENDERS.lanka, ANSWERS.approveLess);
    const { context, page } = await visitor(leadId, { javaScriptEnabled: false });
    await page.goto(`${server.url}/en/offers/`);
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("2");
    expect(await page.locator(".decisions-progress").textContent()).toContain("1 of 3");
    // The sort form asks the server without JavaScript.
    await page.locator(".offers-controls > summary").click();
    expect(await page.getByRole("button", { name: "Apply" }).isVisible()).toBe(true);

    await server.answer(leadId, LENDERS.kandy, ANSWERS.decline);
    await server.answer(leadId, LENDERS.lagoon, ANSWERS.decline);
    // The page loads itself again (every 2 s) until it shows the lenders' last answers.
    await expect
      .poll(() => page.locator(".decisions-progress").textContent(), { timeout: 15_000 })
      .toBe("3 of 3 lenders answered.");
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

    await page.locator(".offers-controls > summary").click();
    await page.getByLabel("Sort offers by").selectOption("apr");
    await Promise.all([
      page.waitForURL(`${server.url}/en/offers/?sort=apr&repay=any&term=`),
      page.getByRole("button", { name: "Apply" }).click(),
    ]);
    expect(await page.getByLabel("Sort offers by").inputValue()).toBe("apr");
    await context.close();
  });
});
