import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAN_TERM_LK } from "../../core/domain/product";
import type { Locale } from "../../core/locale";
import { createPartner } from "../../server/partners/partners";
import { inviteToClaim, setPasswordByLink } from "../../server/partners/portal-accounts";
import { openStorage } from "../../server/storage/database";
import { portalMessagesFor } from "../../site/portal/messages";
import { widgetMessagesFor } from "../../site/portal/pages/widget/widget-messages";
import { launchBrowser, watchConsole } from "../support/browser";
import { checkPortalPage } from "../support/portal-page-check";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The portal's widget builder in Chromium (issue 18): a partner signs in,
 * builds a widget (element, language, colour) and sees the preview follow,
 * copies the snippet, and a page holding exactly that snippet, served from
 * another origin (registered as the partner's), runs the pinned widget with
 * its integrity hash: the calculator computes, the publishable key is taken;
 * the same page with a tampered hash runs nothing. Then a tracking link. The frame's code
 * (issue 35, /embed/) pasted alone into a page of that origin: the calculator in Tamil, and
 * "Apply now" opens our form in a new tab with the partner.
 * axe, no sideways scrolling at 360 and 1280 px, screenshots through checkPortalPage.
 */
const PHONE = { width: 360, height: 640 };
const PASSWORD = "a kettle of seven herons";
const PARTNER = "colombo-deals";
const EMAIL = "owner@colombo-deals.example";

let server: ServerProcess;
let browser: Browser;
let partnerSite: Server;
let partnerOrigin: string;
let publishableKey: string;
/** What the partner's site serves, by path (the test puts the copied snippet in). */
const partnerPages = new Map<string, string>();

const manifest = JSON.parse(readFileSync("dist/widget/manifest.json", "utf8")) as {
  pinned: string;
  integrity: string;
};

beforeAll(async () => {
  partnerSite = createServer((req, res) => {
    if (req.url === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    const page = partnerPages.get(req.url ?? "");
    res.writeHead(page ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(page ?? "not found");
  });
  await new Promise<void>((resolve) => partnerSite.listen(0, "127.0.0.1", resolve));
  partnerOrigin = `http://127.0.0.1:${(partnerSite.address() as AddressInfo).port}`;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // An approved partner whose site is the second origin, with a portal account (claimed).
  const storage = openStorage({ dataDir: server.dataDir });
  try {
    const now = new Date();
    const { partner } = await createPartner(storage, {
      id: PARTNER,
      name: "Colombo Deals",
      payoutModel: "lead",
      payoutRupees: 300,
      origins: [partnerOrigin],
      postbackUrl: null,
    });
    publishableKey = partner.publishableKey;
    const token = await inviteToClaim(storage, PARTNER, EMAIL, "en", now);
    await setPasswordByLink(storage, token, PASSWORD, now);
  } finally {
    await storage.close();
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => partnerSite?.close(resolve));
});

async function signIn(page: Page, locale: Locale) {
  const p = portalMessagesFor(locale);
  const base = locale === "en" ? "/en/partner/portal/" : "/partner/portal/";
  await page.goto(`${server.url}${base}`);
  await page.getByLabel(p.email).fill(EMAIL);
  await page.getByLabel(p.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: p.signIn, exact: true }).click();
  await page.getByRole("navigation").getByRole("link", { name: p.sections.widget }).click();
  await page.getByRole("heading", { level: 1, name: p.sections.widget }).waitFor();
}

/** A partner's page holding exactly the snippet, on the second origin. */
function partnerPage(path: string, snippet: string): string {
  partnerPages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loans at Colombo Deals</title></head><body><main><h1>Loans</h1>\n${snippet}\n</main></body></html>`,
  );
  return `${partnerOrigin}${path}`;
}

const BUILDS = {
  // The Sinhala portal builds an English calculator; the English one a Sinhala whole widget.
  si: { element: "loan-calculator", lang: "en", accent: "#8a1c7c", rgb: "rgb(138, 28, 124)" },
  en: { element: "loan-widget", lang: "si", accent: "#1d4f91", rgb: "rgb(29, 79, 145)" },
} as const;

describe("the portal's widget builder", () => {
  for (const locale of ["si", "en"] as const) {
    it(`builds a widget whose snippet works on another origin (${locale})`, {
      timeout: 120_000,
    }, async () => {
      const t = widgetMessagesFor(locale);
      const build = BUILDS[locale];
      const context = await browser.newContext({ viewport: PHONE });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: server.url,
      });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signIn(page, locale);
      // The preview is our widget itself, loaded by the page.
      await page.locator("#widget-preview loan-widget .lw-widget").waitFor();
      await checkPortalPage(page, `widget-${locale}`, `partner-portal-widget-${locale}`);

      // Build: element, language, colour; the preview follows at once.
      await page.getByLabel(t.elements[build.element]).check();
      await page.getByLabel(t.languages[build.lang], { exact: true }).first().check();
      await page.locator(".wb-advanced > summary").click();
      await page.getByLabel(t.colours.accent).fill(build.accent);
      const preview = page.locator(`#widget-preview ${build.element}`);
      await preview.locator(".lw-root").waitFor();
      expect(await preview.getAttribute("lang")).toBe(build.lang);
      await expect
        .poll(() =>
          page.evaluate(() =>
            getComputedStyle(document.getElementById("widget-preview") as HTMLElement)
              .getPropertyValue("--loan-color-accent")
              .trim(),
          ),
        )
        .toBe(build.accent);

      // The snippet: the pinned script with the build's hash, and this partner's key.
      const snippet = await page.locator("#wb-snippet").inputValue();
      expect(snippet).toBe(
        [
          `<script src="${server.url}/widget/v1/${manifest.pinned}" integrity="${manifest.integrity}" crossorigin="anonymous" defer></script>`,
          `<${build.element} partner="${publishableKey}" lang="${build.lang}" amount="50000" period="${LOAN_TERM_LK.default}" style="--loan-color-accent: ${build.accent}"></${build.element}>`,
        ].join("\n"),
      );
      await page.getByRole("button", { name: t.copy }).first().click();
      await page.locator("#wb-snippet-status").getByText(t.copied).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(snippet);

      // Pasted into a page of the partner's site, another origin.
      const site = await context.newPage();
      const siteProblems = watchConsole(site);
      const event = site.waitForResponse((response) => response.url().includes("/api/event?key="));
      const feed =
        build.element === "loan-widget"
          ? site.waitForResponse((response) => response.url().includes("/api/feed/config?key="))
          : undefined;
      await site.goto(partnerPage(`/${locale}.html`, copied));
      const widget = site.locator(build.element);
      await widget.locator(".lw-amount-input").waitFor();
      expect(await widget.locator(".lw-root").getAttribute("lang")).toBe(build.lang);
      // Themed by the snippet's style attribute: the "Apply now" or "Continue" button's colour.
      const button = widget.locator(".lw-cta, .lw-button").first();
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        build.rgb,
      );
      // The calculator computes: another amount, other figures.
      const figures = widget.locator(".lw-indicators");
      const before = await figures.textContent();
      await widget.locator(".lw-amount-input").fill("120000");
      await widget.locator(".lw-amount-input").press("Tab");
      await expect.poll(() => figures.textContent()).not.toBe(before);
      // A click-out carries the partner: "Apply now" (or an offer) goes to our form with it.
      const apply = widget.locator("a.lw-cta").first();
      if (build.element === "loan-calculator") {
        expect(await apply.getAttribute("href")).toContain(`partner=${publishableKey}`);
      }
      // The publishable key works from this registered origin.
      expect((await event).status()).toBe(202);
      if (feed) expect((await feed).status()).toBe(200);
      expect(siteProblems).toEqual([]);

      // The same page with a tampered hash: the browser refuses the script.
      const tampered = copied.replace(/integrity="sha384-./, (match) =>
        match.endsWith("A") ? `${match.slice(0, -1)}B` : `${match.slice(0, -1)}A`,
      );
      expect(tampered).not.toBe(copied);
      const refused = await context.newPage();
      const refusals = watchConsole(refused);
      await refused.goto(partnerPage(`/${locale}-tampered.html`, tampered), { waitUntil: "load" });
      expect(await refused.evaluate(() => customElements.get("loan-calculator"))).toBeUndefined();
      expect(refusals.join("\n")).toContain("integrity");
      await Promise.all([site.close(), refused.close()]);

      // A tracking link: a wrong value is named at once; a right one makes the link.
      await page.locator(".wb-link > summary").click();
      await page.getByLabel(t.linkTargets.application).check();
      await page.getByLabel("sub1", { exact: true }).last().fill("spring sale");
      await page.locator("#wb-link_sub1-error").getByText(t.problems.code).waitFor();
      expect(await page.locator("#wb-link-box").isHidden()).toBe(true);
      await page.getByLabel("sub1", { exact: true }).last().fill("spring-sale");
      await page.getByLabel("utm_source").fill("facebook");
      const appPath = locale === "en" ? "/en/application/" : "/application/";
      await expect
        .poll(() => page.locator("#wb-link").inputValue())
        .toBe(`${server.url}${appPath}?partner=${PARTNER}&sub1=spring-sale&utm_source=facebook`);
      await page.getByRole("button", { name: t.copy }).last().click();
      await page.locator("#wb-link-status").getByText(t.copied).waitFor();
      // A phone number typed as a sub id: named as personal data, and kept out of the address.
      await page.getByLabel("sub2", { exact: true }).first().fill("0771234567");
      await page.locator("#wb-sub2-error").getByText(t.problems.personal).waitFor();
      expect(await page.locator("#wb-snippet-box").isHidden()).toBe(true);
      expect(page.url()).not.toContain("0771234567");
      expect(page.url()).toContain("link_utm_source=facebook");
      await page.getByLabel("sub2", { exact: true }).first().fill("");
      await page.locator("#wb-snippet-box").waitFor();
      await checkPortalPage(page, `widget-built-${locale}`);
      // A reload keeps what was built: the address holds the forms' values.
      await page.reload();
      expect(await page.locator("#wb-snippet").inputValue()).toBe(snippet);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("makes a frame's code that works on a page of another origin, for a blog that strips scripts", {
    timeout: 90_000,
  }, async () => {
    const t = widgetMessagesFor("en");
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, "en");
    // WordPress's screens (0468) in the folded steps: the build's copies, each named.
    await page.locator(".wb-hosts > summary").click();
    await page.getByRole("link", { name: t.wordpressScreens.published }).scrollIntoViewIfNeeded();
    const screens = page.locator(".wb-screens img");
    await expect
      .poll(() =>
        screens.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)),
      )
      .toEqual([1280, 1280, 360]);
    await page.getByLabel(t.elements["loan-calculator"]).check();
    await page.getByLabel(t.languages.ta, { exact: true }).first().check();
    await expect.poll(() => page.locator("#wb-iframe").inputValue()).toContain("lang=ta");
    const code = await page.locator("#wb-iframe").inputValue();
    expect(code).toContain(`partner=${PARTNER}`);
    // Pasted alone into a page of the partner's site (no script of the host's at all).
    const site = await context.newPage();
    const siteProblems = watchConsole(site);
    await site.goto(partnerPage("/frame.html", code));
    const frame = site.frameLocator("iframe");
    const calculator = frame.locator("loan-calculator");
    await calculator.locator(".lw-amount-input").waitFor();
    // In Tamil, as the code says; a screen reader names the frame in Tamil too.
    expect(await calculator.locator(".lw-root").getAttribute("lang")).toBe("ta");
    expect(await site.locator("iframe").getAttribute("title")).toBe("கடன் கணிப்பான்");
    // "Apply now" opens our form in a new tab, carrying the partner; the blog stays.
    const [form] = await Promise.all([
      context.waitForEvent("page"),
      calculator.locator("a.lw-cta").click(),
    ]);
    await form.waitForURL(/\/ta\/application\//);
    expect(new URL(form.url()).searchParams.get("partner")).toBe(PARTNER);
    expect(site.url()).toBe(`${partnerOrigin}/frame.html`);
    expect(siteProblems).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: the form's answer is the page with the snippet", {
    timeout: 60_000,
  }, async () => {
    const t = widgetMessagesFor("en");
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, "en");
    expect(await page.getByRole("button", { name: t.copy }).first().isHidden()).toBe(true);
    await page.getByText(t.previewNeedsScript).waitFor();
    await page.getByLabel(t.elements["loan-eligibility"]).check();
    await page.getByLabel(t.amount).fill("2000");
    await page.getByRole("button", { name: t.showWidget }).click();
    // A wrong amount: named under its field, and no snippet until it is right.
    await page.locator("#wb-amount-error").getByText(t.problems.tooSmall).waitFor();
    expect(await page.locator("#wb-snippet-box").isHidden()).toBe(true);
    await page.getByLabel(t.amount).fill("80000");
    await page.locator(".wb-advanced > summary").click();
    await page.getByLabel(t.colours.surface).fill("#f0f4ff");
    await page.getByRole("button", { name: t.showWidget }).click();
    await page.locator("#wb-snippet-box").waitFor();
    expect((await page.locator("#wb-snippet").inputValue()).split("\n")[1]).toBe(
      `<loan-eligibility partner="${publishableKey}" lang="en" amount="80000" period="${LOAN_TERM_LK.default}" style="--loan-color-surface: #f0f4ff"></loan-eligibility>`,
    );
    // The frame's code without a script too; selectable, read-only.
    expect(await page.locator("#wb-iframe").inputValue()).toContain(
      `/embed/?element=loan-eligibility&amp;partner=${PARTNER}&amp;lang=en&amp;amount=80000`,
    );
    // The link form keeps the widget's settings through its own submission.
    await page.locator(".wb-link > summary").click();
    await page.getByLabel("utm_campaign").fill("avurudu");
    await page.getByRole("button", { name: t.makeLink }).click();
    await page.locator("#wb-link-box").waitFor();
    expect(await page.locator("#wb-link").inputValue()).toBe(
      `${server.url}/en/?partner=${PARTNER}&utm_campaign=avurudu`,
    );
    expect(await page.locator("#wb-snippet").inputValue()).toContain("<loan-eligibility");
    await context.close();
  });
});
