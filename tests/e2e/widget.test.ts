import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPercent } from "../../core/domain/loan";
import { quoteOffers, regularPayment } from "../../core/domain/offer-quotes";
import { lenderName, productName } from "../../core/domain/offers";
import { LOAN_TERM_LK } from "../../core/domain/product";
import type { Offer } from "../../core/domain/schemas/offer";
import { colomboToday, formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import lk from "../../server/lenders/catalogues/lk.json";
import { countApprovalOdds } from "../../server/offers/approval-odds";
import { seedOddsDecisions, times } from "../../server/offers/approval-odds.test-support";
import { openStorage } from "../../server/storage/database";
import { silentLog } from "../../server/test-support";
import { representativeQuote } from "../../widget/loan-selection";
import { axeViolations, launchBrowser, watchConsole } from "../support/browser";
import { dataDirWithLicensedLender } from "../support/licensed-lender";
import { type ServerProcess, startServer } from "../support/server-process";
import { startExamples } from "../support/widget-pages";

let server: ServerProcess;
let examples: Awaited<ReturnType<typeof startExamples>>;
let browser: Browser;
/** The server's data folder: a test adds decisions to its storage (approval odds). */
const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-"));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
  examples = await startExamples(server.url);
});

afterAll(async () => {
  await browser?.close();
  await examples?.close();
  await server?.stop();
});

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
  const problems = watchConsole(page);
  await page.goto(`${examples.url}${path}`);
  await page.waitForFunction(() => customElements.get("loan-widget") !== undefined);
  return { page, problems };
}

/** The text of the figure cells of one element's calculator. */
function figures(page: Page, host: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)?.shadowRoot;
    const read = (name: string) =>
      root?.querySelector(`.lw-indicators [data-figure="${name}"]`)?.firstChild?.textContent;
    return {
      amount: read("amount"),
      apr: read("apr"),
      total: read("total"),
      returnDate: read("return-date"),
    };
  }, host);
}

function expectedFigures(amount: number, termDays: number) {
  const today = colomboToday(new Date());
  const quote = representativeQuote({ amount, termDays }, today);
  return {
    amount: formatRupees(amount),
    apr: formatPercent(quote.apr),
    total: formatRupees(quote.total),
    returnDate: formatDate(quote.returnDate),
  };
}

/** Records the widget's events on the page, for the test to read. */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const seen: { type: string; detail: unknown; composed: boolean; bubbles: boolean }[] = [];
    (window as unknown as { seenEvents: typeof seen }).seenEvents = seen;
    for (const type of ["loan-change", "loan-eligibility", "loan-offer-select", "loan-apply"]) {
      document.addEventListener(type, (event) => {
        seen.push({
          type,
          detail: (event as CustomEvent).detail,
          composed: event.composed,
          bubbles: event.bubbles,
        });
        if (type === "loan-offer-select" || type === "loan-apply") event.preventDefault();
      });
    }
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { seenEvents: { type: string; detail: unknown }[] }).seenEvents,
    );
}

describe("the widget script", () => {
  it("is served to any origin, with a pinned copy whose SRI hash matches", async () => {
    const latest = await fetch(`${server.url}/widget/v1/loan-widget.js`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("access-control-allow-origin")).toBe("*");
    expect(latest.headers.get("content-type")).toMatch(/javascript/);

    const manifest = (await (await fetch(`${server.url}/widget/v1/manifest.json`)).json()) as {
      pinned: string;
      integrity: string;
    };
    const pinned = await fetch(`${server.url}/widget/v1/${manifest.pinned}`);
    expect(pinned.headers.get("cache-control")).toContain("immutable");
    const body = Buffer.from(await pinned.arrayBuffer());
    expect(`sha384-${createHash("sha384").update(body).digest("base64")}`).toBe(manifest.integrity);
  });

  it("runs from the pinned copy with integrity=, and refuses a tampered hash", async () => {
    const manifest = (await (await fetch(`${server.url}/widget/v1/manifest.json`)).json()) as {
      pinned: string;
      integrity: string;
    };
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><body><loan-calculator id="pinned"></loan-calculator></body></html>',
    );
    const load = (integrity: string) =>
      page.evaluate(
        ({ src, integrity }) =>
          new Promise<string>((resolve) => {
            const script = document.createElement("script");
            script.src = src;
            script.integrity = integrity;
            script.crossOrigin = "anonymous";
            script.onload = () => resolve("loaded");
            script.onerror = () => resolve("blocked");
            document.head.append(script);
          }),
        { src: `${server.url}/widget/v1/${manifest.pinned}`, integrity },
      );
    expect(await load(`sha384-${"A".repeat(64)}`)).toBe("blocked");
    expect(await page.evaluate(() => customElements.get("loan-calculator"))).toBeUndefined();
    expect(await load(manifest.integrity)).toBe("loaded");
    await page.locator("#pinned .lw-amount-input").waitFor();
    await page.close();
  });

  it("answers the offers feed to any origin", async () => {
    const response = await fetch(`${server.url}/api/feed/config/lk`);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await response.json()) as unknown[]).length).toBe(lk.length);
  });
});

describe("all four elements on a partner's page", () => {
  it("render in open shadow roots, in the page's and the element's language", async () => {
    const { page, problems } = await open("/index.html");
    await page.locator("#offers .lw-offer").first().waitFor();
    const rendered = await page.evaluate(() =>
      ["combined", "calculator", "eligibility", "offers"].map((id) => {
        const root = document.getElementById(id)?.shadowRoot;
        return {
          id,
          mode: root?.mode,
          sheets: root?.adoptedStyleSheets.length,
          heading: root?.querySelector("label, h2")?.textContent,
        };
      }),
    );
    expect(rendered).toEqual([
      { id: "combined", mode: "open", sheets: 1, heading: "Loan amount" },
      { id: "calculator", mode: "open", sheets: 1, heading: "Loan amount" },
      {
        id: "eligibility",
        mode: "open",
        sheets: 1,
        heading: "ඔබට අයදුම් කළ හැකිද? කෙටි ප්‍රශ්න හතරක්",
      },
      {
        id: "offers",
        mode: "open",
        sheets: 1,
        // Nothing is known of the visitor: no "matching you" (issue 17).
        heading: expect.stringMatching(/offers? for this loan$/),
      },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the figures core/ computes, and the sliders work by keyboard", async () => {
    const { page, problems } = await open("/index.html");
    const readEvents = await recordEvents(page);
    expect(await figures(page, "#calculator")).toEqual(expectedFigures(75_000, 120));

    await page.locator("#calculator .lw-slider").first().focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.locator("#calculator .lw-amount-input").waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector("#calculator")?.shadowRoot?.querySelector('[data-figure="amount"]')
          ?.textContent === "Rs. 77,000",
    );
    expect(await figures(page, "#calculator")).toEqual(expectedFigures(77_000, 120));

    await page.locator("#calculator .lw-slider").nth(1).focus();
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(
      () =>
        document.querySelector("#calculator")?.shadowRoot?.querySelector("output")?.textContent ===
        "90 days (one repayment)",
    );
    expect(await figures(page, "#calculator")).toEqual(expectedFigures(77_000, 90));

    const events = await readEvents();
    const last = events.filter((event) => event.type === "loan-change").at(-1);
    const quote = representativeQuote({ amount: 77_000, termDays: 90 }, colomboToday(new Date()));
    expect(last).toMatchObject({
      composed: true,
      bubbles: true,
      detail: {
        amount: 77_000,
        period: 90,
        total: quote.total,
        apr: quote.apr,
        returnDate: quote.returnDate,
      },
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [lang, says] of [
    [
      "en",
      {
        tooLarge: "The largest amount is Rs. 200,000.",
        tooSmall: "The smallest amount is Rs. 5,000.",
        notNumber: "Enter the amount in figures, for example 50000.",
        twelveMonths: "12 months (monthly instalments)",
      },
    ],
    [
      "si",
      {
        tooLarge: "උපරිම ණය මුදල Rs. 200,000.",
        tooSmall: "අවම ණය මුදල Rs. 5,000.",
        notNumber: "මුදල ඉලක්කම්වලින් ලියන්න, උදා: 50000.",
        twelveMonths: "මාස 12 (මාසික වාරිකවලින්)",
      },
    ],
  ] as const) {
    it(`says what is wrong with a typed amount and keeps the text until corrected (${lang})`, async () => {
      const page = await browser.newPage();
      await page.setContent(
        `<html lang="en"><body><loan-calculator id="calculator" amount="75000" lang="${lang}"></loan-calculator></body></html>`,
      );
      await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
      const input = page.locator("#calculator .lw-amount-input");
      const error = page.locator("#calculator [part=error]");
      /** The error's text, and whether the field points to it and is marked invalid. */
      const state = () =>
        page.evaluate(() => {
          const root = document.querySelector("#calculator")?.shadowRoot;
          const field = root?.querySelector<HTMLInputElement>(".lw-amount-input");
          const describedBy = field?.getAttribute("aria-describedby")?.split(" ") ?? [];
          return {
            text: field?.value,
            invalid: field?.getAttribute("aria-invalid") === "true",
            message: describedBy.map((id) => root?.getElementById(id)?.textContent).join(" | "),
          };
        });
      const hint = lang === "en" ? "From Rs. 5,000 to Rs. 200,000" : "Rs. 5,000 සිට Rs. 200,000 දක්වා";

      await input.fill("999999");
      await input.press("Tab");
      await error.waitFor();
      expect(await state()).toEqual({
        text: "999999",
        invalid: true,
        message: `${says.tooLarge} | ${hint}`,
      });
      // Nothing was replaced: the figures still show the last usable amount.
      expect(await figures(page, "#calculator")).toMatchObject({ amount: "Rs. 75,000" });

      await input.fill("3000");
      await input.press("Enter");
      await page.waitForFunction(
        (text) =>
          document.querySelector("#calculator")?.shadowRoot?.querySelector("[part=error]")
            ?.textContent === text,
        says.tooSmall,
      );
      expect((await state()).text).toBe("3000");

      await input.fill("abc");
      await input.press("Tab");
      await page.waitForFunction(
        (text) =>
          document.querySelector("#calculator")?.shadowRoot?.querySelector("[part=error]")
            ?.textContent === text,
        says.notNumber,
      );
      expect((await state()).text).toBe("abc");

      // Corrected: the message goes, the amount is taken to the rupee.
      await input.fill("12,345");
      await error.waitFor({ state: "detached" });
      expect(await state()).toEqual({ text: "12,345", invalid: false, message: hint });
      // The period is still the calculator's default: 12 months (decision 0355).
      expect(await figures(page, "#calculator")).toEqual(
        expectedFigures(12_345, LOAN_TERM_LK.default),
      );

      // By keyboard, the period slider's Home is the shortest term, its End the longest: 12
      // monthly instalments.
      await page.locator("#calculator .lw-slider").nth(1).focus();
      await page.keyboard.press("Home");
      await page.waitForFunction(
        (text) =>
          document.querySelector("#calculator")?.shadowRoot?.querySelector("output")
            ?.textContent !== text,
        says.twelveMonths,
      );
      expect(await figures(page, "#calculator")).toEqual(expectedFigures(12_345, 61));
      await page.keyboard.press("End");
      await page.waitForFunction(
        (text) =>
          document.querySelector("#calculator")?.shadowRoot?.querySelector("output")
            ?.textContent === text,
        says.twelveMonths,
      );
      expect(await figures(page, "#calculator")).toEqual(expectedFigures(12_345, 360));
      await page.close();
    });
  }

  it("says which answer rules out every lender, and leads to the application when all pass", async () => {
    const { page } = await open("/index.html");
    const readEvents = await recordEvents(page);
    const eligibility = page.locator("#eligibility");
    const radios = eligibility.locator("input[type=radio]");
    // Yes to "over", "citizen" and "validIdentity", No to "validBank" (the element is Sinhala).
    await radios.nth(0).check();
    await radios.nth(2).check();
    await radios.nth(4).check();
    await radios.nth(7).check();
    const result = eligibility.locator(".lw-result");
    await eligibility.locator('.lw-result[data-outcome="fail"]').waitFor();
    expect(await result.locator("p").first().textContent()).toBe(
      "දැනට මෙහි කිසිදු ණය දෙන ආයතනයකට ඔබේ අයදුම්පත භාර ගත නොහැක:",
    );
    expect(await result.locator("li").allTextContents()).toEqual([
      "අයදුම්පතට ශ්‍රී ලංකා ජංගම දුරකථන අංකයක් සහ ඔබේ බැංකුව අවශ්‍යයි; ඕනෑම බැංකුවක ඉතුරුම් ගිණුමක් ප්‍රමාණවත්.",
    ]);
    expect(await result.getByRole("link").count()).toBe(0);
    expect(await result.getAttribute("role")).toBe("status");
    expect(await result.textContent()).not.toMatch(/%/);
    let events = (await readEvents()).filter((event) => event.type === "loan-eligibility");
    expect(events.at(-1)?.detail).toEqual({
      answers: { over: true, citizen: true, validIdentity: true, validBank: false },
      outcome: "fail",
    });

    await radios.nth(6).check();
    await eligibility.locator('.lw-result[data-outcome="pass"]').waitFor();
    const apply = result.getByRole("link", { name: "දැන් අයදුම් කරන්න" });
    const href = new URL((await apply.getAttribute("href")) ?? "");
    expect(`${href.origin}${href.pathname}`).toBe(`${server.url}/application/`);
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      amount: "50000",
      period: String(LOAN_TERM_LK.default),
      partner: "demo-partner",
      // The page's host name only, for the partner's figures by domain (decision 0256).
      widget_domain: await page.evaluate(() => location.hostname),
    });
    events = (await readEvents()).filter((event) => event.type === "loan-eligibility");
    expect(events.at(-1)?.detail).toMatchObject({ outcome: "pass" });
    await page.close();
  });

  it("lists the offers that fit, priced by core/, and reports a choice", async () => {
    const { page, problems } = await open("/index.html");
    const readEvents = await recordEvents(page);
    await page.locator("#offers .lw-offer").first().waitFor();
    const expected = quoteOffers(
      lk as Offer[],
      { amount: 50_000, termDays: 90 },
      colomboToday(new Date()),
    );
    expect(expected.length).toBeGreaterThan(3);
    // The first three rows, then "show all N" (issue 17).
    expect(await page.locator("#offers .lw-offer").count()).toBe(3);
    await page
      .locator("#offers")
      .getByRole("button", { name: `Show all ${expected.length} offers` })
      .click();
    await expect.poll(() => page.locator("#offers .lw-offer").count()).toBe(expected.length);

    const cards = await page.evaluate(() =>
      [...(document.querySelector("#offers")?.shadowRoot?.querySelectorAll(".lw-offer") ?? [])].map(
        (card) => ({
          header: card.querySelector("h3")?.textContent,
          apr: card.querySelector('[data-figure="apr"]')?.textContent,
          // The first text node: a monthly offer adds "3 monthly payments" after it (its row
          // shows the monthly payment large; the total is under "more details").
          total: card.querySelector('[data-figure="total"]')?.firstChild?.textContent,
          returnDate: card.querySelector('[data-figure="return-date"]')?.textContent,
          href: card.querySelector("a")?.getAttribute("href"),
        }),
      ),
    );
    expect(cards.map(({ href, ...figures }) => figures)).toEqual(
      expected.map(({ offer, quote }) => ({
        header: productName(offer, "en").text,
        apr: formatPercent(quote.apr),
        total: formatRupees(quote.total),
        returnDate: formatDate(quote.returnDate),
      })),
    );
    expect(await page.locator("#offers h2").textContent()).toBe(
      `${expected.length} offers for this loan`,
    );

    // The link carries the loan and the partner's attribution to our form, nothing personal.
    const href = new URL(cards[0]?.href ?? "");
    // The page is English (<html lang="en">), so the form is the English one.
    expect(`${href.origin}${href.pathname}`).toBe(`${server.url}/en/application/`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      amount: "50000",
      period: "90",
      offer: String(expected[0]?.offer.offer_id),
      partner: "demo-partner",
      sub1: "index-page",
      // The page's host name, never its path (decision 0256).
      widget_domain: new URL(page.url()).hostname,
    });

    await page.locator("#offers .lw-cta").first().click();
    const select = (await readEvents()).find((event) => event.type === "loan-offer-select");
    expect(select?.detail).toEqual({ offerId: expected[0]?.offer.offer_id });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("walks the combined widget from the calculator to apply", async () => {
    const { page, problems } = await open("/index.html");
    const readEvents = await recordEvents(page);
    const widget = page.locator("#combined");
    await widget.getByRole("button", { name: "Continue" }).click();
    // Focus moves to the new step, not to the page's start (in an effect, after paint).
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector("#combined")?.shadowRoot?.activeElement?.className,
        ),
      )
      .toBe("lw-panel");
    const continueButton = widget.getByRole("button", { name: "Continue" });
    expect(await continueButton.isDisabled()).toBe(true);
    for (const index of [0, 2, 4, 6]) await widget.locator("input[type=radio]").nth(index).check();
    await widget.locator('.lw-result[data-outcome="pass"]').waitFor();
    // The combined widget goes on to its offers step, not straight to the form.
    expect(await widget.locator(".lw-result a").count()).toBe(0);
    await continueButton.click();
    await widget.locator(".lw-offer").first().waitFor();
    await widget.getByRole("link", { name: "Apply now" }).click();
    const apply = (await readEvents()).find((event) => event.type === "loan-apply");
    expect(apply?.detail).toMatchObject({ amount: 50_000, period: LOAN_TERM_LK.default });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps a property set before the script arrived", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    // A fresh page without the script: the element is still unknown here.
    await page.setContent(
      '<html lang="en"><body><loan-calculator id="early"></loan-calculator></body></html>',
    );
    await page.evaluate(() => {
      (document.getElementById("early") as HTMLElement & { amount: number }).amount = 120_000;
    });
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.waitForFunction(
      () =>
        document.querySelector("#early")?.shadowRoot?.querySelector('[data-figure="amount"]')
          ?.textContent === "Rs. 120,000",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows each offer's lender's approval odds on a foreign page given income-band, asking by bands", async () => {
    // 214 answers of Tea Terrace for Rs. 150,000 over 180 days at 85,000 a month, 150 yes: 7 in 10.
    const storage = openStorage({ dataDir, log: silentLog });
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const lead = { amount: 150_000, term_days: 180, monthly_income: 85_000, age: 34 };
    const statuses = [...times(150, "approved"), ...times(64, "declined")];
    await seedOddsDecisions(storage, "tea-terrace", statuses, yesterday, lead);
    await countApprovalOdds(storage, new Date(), { withSandbox: false });
    await storage.close();
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const problems = watchConsole(page);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    await page.setContent(
      `<html lang="en"><body><loan-offers id="odds" income-band="1" amount="150000" period="180" api-base="${server.url}"></loan-offers>` +
        `<loan-offers id="none" amount="150000" period="180" api-base="${server.url}"></loan-offers></body></html>`,
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    const odds = page.locator("#odds .lw-odds");
    await odds.waitFor();
    expect(await odds.textContent()).toContain(
      "Likely: 7 in 10 applicants like you were pre-approved.",
    );
    expect(await odds.textContent()).toContain("Based on 214 applications in the last 90 days.");
    expect(await odds.locator("a").getAttribute("href")).toBe(`${server.url}/en/approval-odds/`);
    await page.locator("#none .lw-offer").first().waitFor();
    expect(await page.locator("#none .lw-odds").count()).toBe(0);
    expect(asked.filter((url) => url.includes("/api/approval-odds"))).toEqual([
      `${server.url}/api/approval-odds?amount_band=2&term_band=1&income_band=1`,
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("says so, and logs, when the offers cannot be loaded", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.setContent(
      '<html lang="en"><body><loan-offers api-base="http://127.0.0.1:9" amount="20000" period="75"></loan-offers></body></html>',
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("loan-offers .lw-warning").waitFor();
    expect(await page.locator("loan-offers [role=alert]").textContent()).toContain(
      "could not load the offers",
    );
    expect(problems.some((line) => line.includes("ERROR WHILE LOADING OFFERS"))).toBe(true);
    await page.close();
  });
});

describe("the widget as a guest", () => {
  it("is untouched by the host page's aggressive CSS", async () => {
    const { page, problems } = await open("/hostile-css.html");
    const style = await page.evaluate(() => {
      const root = document.getElementById("hostile-calculator")?.shadowRoot;
      const label = root?.querySelector(".lw-label");
      const slider = root?.querySelector(".lw-slider");
      const cta = root?.querySelector(".lw-cta");
      const css = (element: Element | null | undefined) =>
        element ? getComputedStyle(element) : null;
      return {
        labelColor: css(label)?.color,
        labelFont: css(label)?.fontFamily,
        labelSpacing: css(label)?.letterSpacing,
        sliderVisible: (slider?.getBoundingClientRect().width ?? 0) > 100,
        ctaDisplay: css(cta)?.display,
      };
    });
    expect(style).toEqual({
      labelColor: "rgb(27, 39, 51)",
      labelFont: expect.not.stringContaining("Comic"),
      labelSpacing: "normal",
      sliderVisible: true,
      ctaDisplay: "inline-flex",
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("takes the partner's theme through custom properties and parts", async () => {
    const { page } = await open("/themed.html");
    const themed = await page.evaluate(() => {
      const cta = document
        .getElementById("themed-calculator")
        ?.shadowRoot?.querySelector(".lw-cta");
      return cta
        ? {
            background: getComputedStyle(cta).backgroundColor,
            transform: getComputedStyle(cta).textTransform,
          }
        : null;
    });
    expect(themed).toEqual({ background: "rgb(91, 42, 134)", transform: "uppercase" });
    await page.close();
  });

  it("works under a strict CSP without a violation", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(`${examples.url}/strict-csp.html`);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.locator("loan-offers .lw-offer").first().waitFor();
    expect(
      await page.evaluate(
        () => document.querySelector("loan-widget")?.shadowRoot?.adoptedStyleSheets.length,
      ),
    ).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    "index",
    "calculator",
    "themed",
    "strict-csp",
    "hostile-css",
    "double-include",
    "react-host",
  ])(
    "works on our own /partner/demo/%s.html under its CSP, without a violation (0345)",
    async (name) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
      const problems = watchConsole(page);
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const response = await page.goto(`${server.url}/partner/demo/${name}.html`);
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await page
        .locator("loan-widget .lw-indicators, loan-calculator .lw-indicators")
        .first()
        .waitFor();
      if ((await page.locator("loan-offers").count()) > 0) {
        await page.locator("loan-offers .lw-offer").first().waitFor();
      }
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("survives being included twice", async () => {
    const { page, problems } = await open("/double-include.html");
    await page.locator("loan-eligibility .lw-question").first().waitFor();
    expect(await page.locator("loan-calculator .lw-indicators").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("leaves no global behind", async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><body><loan-calculator></loan-calculator></body></html>',
    );
    const before = await page.evaluate(() => Object.getOwnPropertyNames(window));
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("loan-calculator .lw-indicators").waitFor();
    const after = await page.evaluate(() => Object.getOwnPropertyNames(window));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    await page.close();
  });

  it("lives inside a React app, which hears its events", async () => {
    const { page, problems } = await open("/react-host.html");
    await page.locator("loan-widget .lw-slider").first().focus();
    await page.keyboard.press("ArrowRight");
    await page.locator("#react-latest", { hasText: "Rs. 31000 for 90 days" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    "/index.html",
    "/calculator.html",
    "/themed.html",
    "/strict-csp.html",
    "/hostile-css.html",
    "/double-include.html",
    "/react-host.html",
  ])("has no accessibility violation on %s (axe-core)", async (path) => {
    const { page } = await open(path);
    await page
      .locator("loan-widget .lw-indicators, loan-calculator .lw-indicators")
      .first()
      .waitFor();
    if ((await page.locator("loan-offers").count()) > 0) {
      await page.locator("loan-offers .lw-offer").first().waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("has no accessibility violation at any step of <loan-widget>", async () => {
    const { page } = await open("/index.html");
    const widget = page.locator("#combined");
    await widget.getByRole("button", { name: "Continue" }).click();
    await widget.locator(".lw-question").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const index of [0, 2, 4, 6]) await widget.locator("input[type=radio]").nth(index).check();
    await widget.getByRole("button", { name: "Continue" }).click();
    await widget.locator(".lw-offer").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("<loan-offers> as compact rows on a phone (issue 17)", () => {
  /** Seven offers lend Rs. 30,000 over 90 days (once 2,819 px of cards on a phone). */
  const LOAN = { amount: 30_000, termDays: 90 };
  const copy = {
    en: { more: "More details", showAll: "Show all 7 offers", title: "7 offers for this loan" },
    si: { more: "වැඩි විස්තර", showAll: "දීමනා 7ම පෙන්වන්න", title: "මෙම ණයට දීමනා 7ක්" },
  } as const;

  it.each(["en", "si"] as const)(
    "shows three short rows with the figure that matters large, details on request, then all (%s)",
    async (locale) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      const problems = watchConsole(page);
      await page.setContent(
        `<html lang="${locale}"><head><title>Offers</title></head><body><loan-offers api-base="${server.url}" amount="${LOAN.amount}" period="${LOAN.termDays}"></loan-offers></body></html>`,
      );
      await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
      const element = page.locator("loan-offers");
      const rows = element.locator(".lw-offer");
      await rows.first().waitFor();
      const expected = quoteOffers(lk as Offer[], LOAN, colomboToday(new Date()));
      expect(expected).toHaveLength(7);
      expect(await element.locator("h2").textContent()).toBe(copy[locale].title);

      expect(await rows.count()).toBe(3);
      const heights = await rows.evaluateAll((cards) =>
        cards.map((card) => card.getBoundingClientRect().height),
      );
      // Three rows fit a 640-px screen (a long Sinhala name may take two lines in one of them).
      expect(heights.reduce((sum, height) => sum + height, 0)).toBeLessThan(640);
      expect(await element.evaluate((host) => host.getBoundingClientRect().height)).toBeLessThan(
        900,
      );

      const shown = await rows.evaluateAll((cards) =>
        cards.map((card) => ({
          title: card.querySelector("h3")?.textContent,
          lender: card.querySelector(".lw-lender")?.firstChild?.textContent,
          big: card.querySelector(".lw-big [data-figure]")?.textContent,
          kind: card.querySelector(".lw-big [data-figure]")?.getAttribute("data-figure"),
        })),
      );
      expect(shown).toEqual(
        expected.slice(0, 3).map(({ offer, quote }) => {
          const monthly = quote.repayments.length > 1;
          return {
            title: productName(offer, locale).text,
            lender: lenderName(offer, locale),
            big: formatRupees(monthly ? regularPayment(quote) : quote.total),
            kind: monthly ? "payment" : "total",
          };
        }),
      );
      // Sinhala pages name the sample products in Sinhala.
      if (locale === "si") for (const row of shown) expect(row.title).not.toMatch(/[A-Za-z]{3}/);

      // The details are closed, and open without leaving the row.
      const first = rows.first();
      expect(await first.locator('[data-figure="interest"]').isVisible()).toBe(false);
      await first.getByText(copy[locale].more).click();
      expect(await first.locator('[data-figure="interest"]').textContent()).toBe(
        formatRupees(expected[0]?.quote.interest ?? -1),
      );
      expect(await first.locator('[data-figure="fees"]').isVisible()).toBe(true);

      // "Show all 7" from the keyboard: every row, the focus on the first one added.
      const showAll = element.getByRole("button", { name: copy[locale].showAll });
      await showAll.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => rows.count()).toBe(7);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const root = document.querySelector("loan-offers")?.shadowRoot;
            const all = [...(root?.querySelectorAll(".lw-offer") ?? [])];
            return root?.activeElement ? all.indexOf(root.activeElement) : -1;
          }),
        )
        .toBe(3);
      expect(await showAll.count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});

describe("attributes and properties", () => {
  async function calculatorPage() {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><body><loan-calculator id="c" amount="30000" lang="si"></loan-calculator></body></html>',
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("#c .lw-indicators").waitFor();
    return page;
  }
  const amountShown = (page: Page) =>
    page.evaluate(
      () =>
        document.querySelector("#c")?.shadowRoot?.querySelector('[data-figure="amount"]')
          ?.textContent,
    );
  const labelShown = (page: Page) =>
    page.evaluate(
      () => document.querySelector("#c")?.shadowRoot?.querySelector("label")?.textContent,
    );

  it("falls back to the default when an attribute is removed", async () => {
    const page = await calculatorPage();
    expect(await labelShown(page)).toBe("ණය මුදල");
    await page.evaluate(() => {
      document.getElementById("c")?.removeAttribute("amount");
      document.getElementById("c")?.removeAttribute("lang");
    });
    await page.waitForFunction(
      () =>
        document.querySelector("#c")?.shadowRoot?.querySelector("label")?.textContent ===
        "Loan amount",
    );
    expect(await amountShown(page)).toBe("Rs. 50,000");
    await page.close();
  });

  it("accepts properties given as text or numbers, and follows the lang property", async () => {
    const page = await calculatorPage();
    await page.evaluate(() => {
      const element = document.getElementById("c") as HTMLElement & Record<string, unknown>;
      element.amount = "30000";
      element.sub1 = 42;
      element.lang = "en";
    });
    await page.waitForFunction(
      () =>
        document.querySelector("#c")?.shadowRoot?.querySelector("label")?.textContent ===
        "Loan amount",
    );
    expect(await amountShown(page)).toBe("Rs. 30,000");
    const href = await page.evaluate(() =>
      document.querySelector("#c")?.shadowRoot?.querySelector(".lw-cta")?.getAttribute("href"),
    );
    expect(new URL(href ?? "", "http://x").searchParams.get("sub1")).toBe("42");
    expect(
      await page.evaluate(() =>
        document.querySelector("#c")?.shadowRoot?.querySelector(".lw-root")?.getAttribute("lang"),
      ),
    ).toBe("en");
    await page.close();
  });

  it("moves from days to whole months past 120 days, priced as core/ prices them", async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><body><loan-calculator id="c" amount="100000" period="120"></loan-calculator></body></html>',
    );
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    await page.locator("#c .lw-indicators").waitFor();
    await page.locator("#c .lw-slider").nth(1).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      () =>
        document.querySelector("#c")?.shadowRoot?.querySelector("output")?.textContent ===
        "6 months (monthly instalments)",
    );
    expect(await figures(page, "#c")).toEqual(expectedFigures(100_000, 180));
    // The figure that matters is the monthly instalment, from core/.
    const quote = representativeQuote({ amount: 100_000, termDays: 180 }, colomboToday(new Date()));
    expect(
      await page.evaluate(
        () =>
          document.querySelector("#c")?.shadowRoot?.querySelector(".lw-lead [data-figure]")
            ?.textContent,
      ),
    ).toBe(formatRupees(quote.repayments[0]?.amount ?? 0));
    await page.close();
  });
});

describe("the offer cards of a licensed lender (issue 15)", () => {
  let licensed: ServerProcess;
  let pages: Awaited<ReturnType<typeof startExamples>>;

  beforeAll(async () => {
    licensed = await startServer({}, { dataDir: await dataDirWithLicensedLender() });
    pages = await startExamples(licensed.url);
  });

  afterAll(async () => {
    await pages?.close();
    await licensed?.stop();
  });

  /** Each card's lender line and licence line, in the list's order. */
  const cards = (page: Page) =>
    page.evaluate(() =>
      [...(document.querySelector("#offers")?.shadowRoot?.querySelectorAll(".lw-offer") ?? [])].map(
        (card) => ({
          title: card.querySelector("h3")?.textContent,
          lender: card.querySelector(".lw-lender")?.textContent,
          // Under the head and the "APR · term" line, on every card (issue 17).
          licence: card.querySelector(".lw-offer-head + .lw-sub + .lw-sub")?.textContent ?? null,
        }),
      ),
    );

  it("show its CBSL licence and its name in the element's language; samples stay labelled", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    // Until operators upload its logo (or the monogram lands), the lender's drawing is missing.
    const problems = watchConsole(page);
    await page.goto(`${pages.url}/index.html`);
    await page.locator("#offers .lw-offer").first().waitFor();
    await page
      .locator("#offers")
      .getByRole("button", { name: /^Show all/ })
      .click();
    const english = await cards(page);
    expect(english.find((card) => card.title === "Lanka Trust Personal Loan")).toEqual({
      title: "Lanka Trust Personal Loan",
      lender: "Lanka Trust Finance",
      licence: "CBSL: licensed finance company, no. LFC-042",
    });
    for (const card of english.filter((entry) => entry.title !== "Lanka Trust Personal Loan")) {
      expect(card.lender).toMatch(/Sample lender$/);
      expect(card.licence).toBeNull();
    }
    // Cheapest total first (issue 15): the list's totals never fall.
    const totals = await page.evaluate(() =>
      [
        ...(document
          .querySelector("#offers")
          ?.shadowRoot?.querySelectorAll('[data-figure="total"]') ?? []),
      ].map((cell) => Number((cell.firstChild?.textContent ?? "").replace(/[^\d]/g, ""))),
    );
    expect(totals).toEqual(totals.toSorted((left, right) => left - right));
    expect(await axeViolations(page)).toEqual([]);

    await page.evaluate(() => document.querySelector("#offers")?.setAttribute("lang", "si"));
    await page.waitForFunction(
      () =>
        document
          .querySelector("#offers")
          ?.shadowRoot?.querySelector(".lw-root")
          ?.getAttribute("lang") === "si",
    );
    expect((await cards(page)).find((card) => card.title === "Lanka Trust Personal Loan")).toEqual({
      title: "Lanka Trust Personal Loan",
      lender: "ලංකා ට්‍රස්ට් ෆිනෑන්ස්",
      licence: "ශ්‍රී ලංකා මහ බැංකුව: බලපත්‍රලාභී මුදල් සමාගම, අංක LFC-042",
    });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((line) => !line.includes("404"))).toEqual([]);
    await page.close();
  });
});
