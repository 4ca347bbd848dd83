import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplicationDecisions, LenderDecision } from "../../core/decisions";
import { approvedDecision, decisionsOf } from "../../core/decisions.fixtures";
import type { Locale } from "../../core/locale";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { type OffersPageServer, startOffersPageServer } from "../support/offers-page-server";

/**
 * A visitor's offers page in Chromium (issue 15), on the built client, with
 * lenders' decisions arriving: the progress, the stream and its fallback,
 * the pre-approval first, the sort by keyboard, the lender in a new tab, the
 * rejected screen, the page that reloads itself without JavaScript, and axe
 * on a 360-px phone in both languages. The decisions are the test's
 * (tests/support/offers-page-server.ts), served at core/decisions.ts's
 * addresses as the decision network will serve them.
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
/** A minute from now: the page waits for the lenders (and reloads without JavaScript) until then. */
const deadline = () => new Date(Date.now() + 60_000).toISOString();

function waiting(decisions: LenderDecision[]): ApplicationDecisions {
  return decisionsOf(decisions, { deadline: deadline() });
}

const approvedSmaller = approvedDecision("lanka-trust", 901, 40_000, 90);
const declined: LenderDecision = { lenderId: "kandy-lane", status: "declined" };

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
const progress = (page: Page) => page.getByRole("status").filter({ hasText: /answer|පිළිතුරු/ });

const copy = {
  en: {
    asking: "Asking 3 lenders for their decisions… 1 of 3 answered so far.",
    approvedSoFar: "2 of 3 answered so far.",
    done: "3 of 3 lenders answered.",
    preApproved: "Pre-approved",
    smaller: "Less than the Rs. 50,000 you asked for.",
    declined: "1 lender did not offer you a loan this time: Kandy Lane Credit.",
    silent: "1 lender did not answer in time: Lagoon Kite Finance.",
    rejected: "Other lenders may still help you",
  },
  si: {
    asking: "ණය දෙන ආයතන 3කින් තීරණ විමසමින්… මේ වන විට 3න් 1ක් පිළිතුරු දී ඇත.",
    approvedSoFar: "මේ වන විට 3න් 2ක් පිළිතුරු දී ඇත.",
    done: "ණය දෙන ආයතන 3න් 3ක් පිළිතුරු දුන්නා.",
    preApproved: "පූර්ව අනුමතයි",
    smaller: "ඔබ ඉල්ලූ Rs. 50,000ට වඩා අඩුයි.",
    declined: "මෙවර එක් ණය දෙන ආයතනයක් ඔබට ණයක් පිරිනැමුවේ නැත: Kandy Lane Credit.",
    silent: "එක් ණය දෙන ආයතනයක් නියමිත වේලාවට පිළිතුරු දුන්නේ නැත: Lagoon Kite Finance.",
    rejected: "වෙනත් ණය දෙන ආයතනවලට තවමත් ඔබට උදව් කළ හැකිය",
  },
} as const;

describe("the offers page while lenders decide", () => {
  it.each(["en", "si"] as const)(
    "shows what is known at once, then each decision as it arrives (%s)",
    async (locale) => {
      const t = copy[locale];
      const leadId = await server.newLead();
      const lanka: LenderDecision = { lenderId: "lanka-trust", status: "waiting" };
      const kite: LenderDecision = { lenderId: "lagoon-kite", status: "waiting" };
      server.render(leadId, waiting([lanka, declined, kite]));
      const { context, page, problems } = await visitor(leadId);
      const opened = server.streamOpened(leadId);
      await openOffers(page, locale);

      await expect.poll(() => progress(page).textContent()).toBe(t.asking);
      expect(await page.locator(".decisions-summary").textContent()).toContain(t.declined);
      // The lenders asked in real time show only through their decisions.
      expect(await offerTitles(page)).not.toContain("Lanka Trust Personal Loan");
      expect(await axeViolations(page)).toEqual([]);

      await opened;
      server.publish(leadId, waiting([approvedSmaller, declined, kite]));
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

      server.publish(
        leadId,
        decisionsOf([approvedSmaller, declined, { lenderId: "lagoon-kite", status: "failed" }], {
          complete: true,
        }),
      );
      await expect.poll(() => progress(page).textContent()).toBe(t.done);
      expect(await page.locator(".decisions-summary").textContent()).toContain(t.silent);
      expect(await page.locator("progress").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // Where scripts run, the page's self-refresh is inert text inside <noscript>.
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("polls the decisions every second where EventSource is missing", async () => {
    const leadId = await server.newLead();
    server.render(leadId, waiting([{ lenderId: "lanka-trust", status: "waiting" }]));
    const { context, page, problems } = await visitor(leadId);
    await page.addInitScript(() => {
      delete (window as { EventSource?: unknown }).EventSource;
    });
    const polled = page.waitForRequest((request) =>
      request.url().endsWith(`/api/applications/${leadId}/offers`),
    );
    await openOffers(page);
    await polled;
    server.publish(leadId, decisionsOf([approvedSmaller], { complete: true }));
    await expect
      .poll(() => offerTitles(page).then((titles) => titles[0]))
      .toBe("Lanka Trust Personal Loan");
    expect(await progress(page).textContent()).toBe("1 of 1 lenders answered.");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the offers once there", () => {
  it("sort by total, monthly payment or APR from the keyboard, the pre-approval staying first", async () => {
    const leadId = await server.newLead();
    server.render(leadId, decisionsOf([approvedSmaller, declined], { complete: true }));
    const { context, page, problems } = await visitor(leadId);
    await openOffers(page);
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

  it("open the lender in a new tab through /go/{offerId}, and the offers page stays", async () => {
    const leadId = await server.newLead();
    server.render(leadId, decisionsOf([approvedSmaller, declined], { complete: true }));
    const { context, page, problems } = await visitor(leadId);
    await openOffers(page);
    const link = page
      .locator(".lw-offer")
      .first()
      .getByRole("link", { name: "Get this offer (opens in a new tab)" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener");
    const clickOut = context.waitForEvent("request", (request) =>
      request.url().endsWith("/go/901"),
    );
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await clickOut;
    expect(tab).not.toBe(page);
    expect(new URL(page.url()).pathname).toBe("/en/offers/");
    expect((await offerTitles(page))[0]).toBe("Lanka Trust Personal Loan");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("no approval and no match", () => {
  it.each(["en", "si"] as const)(
    "turns into SPEC §2's rejected screen once the lenders have answered (%s)",
    async (locale) => {
      const leadId = await server.newLead();
      const noMatch = { activeOfferIds: [] };
      server.render(leadId, waiting([{ lenderId: "lanka-trust", status: "waiting" }]), noMatch);
      const { context, page, problems } = await visitor(leadId);
      const opened = server.streamOpened(leadId);
      await openOffers(page, locale);
      await opened;
      server.publish(
        leadId,
        decisionsOf([{ lenderId: "lanka-trust", status: "declined" }], { complete: true }),
      );
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(copy[locale].rejected);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("screen-title");
      expect(await page.title()).toContain(copy[locale].rejected);
      expect(await offerTitles(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe("without JavaScript", () => {
  it("reloads itself while lenders decide, and stops once they have", async () => {
    const leadId = await server.newLead();
    server.render(
      leadId,
      waiting([approvedSmaller, { lenderId: "lagoon-kite", status: "waiting" }]),
    );
    const { context, page } = await visitor(leadId, { javaScriptEnabled: false });
    await page.goto(`${server.url}/en/offers/`);
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("2");
    expect(await page.locator(".decisions-progress").textContent()).toContain("1 of 2");
    // The sort form asks the server without JavaScript.
    expect(await page.getByRole("button", { name: "Sort" }).isVisible()).toBe(true);

    server.render(
      leadId,
      decisionsOf([approvedSmaller, { lenderId: "lagoon-kite", status: "declined" }], {
        complete: true,
      }),
    );
    // The page loads itself again (every 2 s) until it shows the lenders' last answers.
    await expect
      .poll(() => page.locator(".decisions-progress").textContent(), { timeout: 15_000 })
      .toBe("2 of 2 lenders answered.");
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

    await page.getByLabel("Sort offers by").selectOption("apr");
    await Promise.all([
      page.waitForURL(`${server.url}/en/offers/?sort=apr`),
      page.getByRole("button", { name: "Sort" }).click(),
    ]);
    expect(await page.getByLabel("Sort offers by").inputValue()).toBe("apr");
    await context.close();
  });
});
