import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page, Request } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { canonicalUuidV4 } from "../../core/helpers/ids";
import { SQLITE_FILE_NAME } from "../../server/storage/database";
import { testEnv } from "../../server/test-support";
import { acceptRequiredConsents, fillApplication } from "../support/application-form";
import { launchBrowser, openHydrated, settle, watchConsole } from "../support/browser";
import { codeSentTo } from "../support/outbox";
import { type ServerProcess, startServer } from "../support/server-process";
import { startExamples } from "../support/widget-pages";

/**
 * Issue 6 in Chromium against the built server: events with their ids and
 * attribution, the cookies' lifetimes, the experiment, field events that
 * never carry what was typed, attribution on the application, the widget's
 * events on a partner's page, development logging and the push prompt.
 */
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser({ backForwardCache: true })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Sent = Record<string, unknown>;

/** Every event the page posts, parsed. */
function recordEvents(target: Page | BrowserContext): Sent[] {
  const events: Sent[] = [];
  target.on("request", (request: Request) => {
    if (new URL(request.url()).pathname === "/api/event" && request.method() === "POST") {
      events.push(JSON.parse(request.postData() ?? "{}"));
    }
  });
  return events;
}

const open = (page: Page, path: string) => openHydrated(page, server.url, path);

const DAY = 24 * 60 * 60;

describe("events and ids on the site", () => {
  it("sends a page view with the ids, the campaign and the flow, and sets the cookies with their lifetimes", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const events = recordEvents(page);
    await open(page, "/en/?utm_source=fb&utm_medium=cpc&sub1=abc&promo=123456");
    await expect.poll(() => events.length).toBeGreaterThan(0);
    const view = events[0] ?? {};
    expect(view).toMatchObject({
      event_id: 5,
      sub4: "pageView",
      sub5: "home",
      sub6: "en",
      sub1: "abc",
      sub7: "affiliate",
      utm_source: "fb",
      utm_medium: "cpc",
      provider_id: "nayacompare-lk",
      domain: "localhost",
    });
    expect(["0301.1-A", "0301.1-B"]).toContain(view.sub3);
    expect(canonicalUuidV4(String(view.session_id))).toBe(view.session_id);
    expect(canonicalUuidV4(String(view.client_id))).toBe(view.client_id);
    expect(await page.evaluate(() => localStorage.getItem("exp_flow"))).toBe(view.sub3);

    const now = Date.now() / 1000;
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    const lifetime = (name: string) => Math.round((cookies[name]?.expires ?? 0) - now);
    expect(cookies.session_id?.value).toBe(view.session_id);
    expect(cookies.client_id?.value).toBe(view.client_id);
    expect(Math.abs(lifetime("session_id") - 30 * 60)).toBeLessThan(60);
    expect(Math.abs(lifetime("client_id") - 180 * DAY)).toBeLessThan(60);
    expect(Math.abs(lifetime("marketing") - 183 * DAY)).toBeLessThan(60);
    expect(Math.abs(lifetime("marketing_session") - 30 * 60)).toBeLessThan(60);
    expect(decodeURIComponent(cookies.marketing?.value ?? "")).toContain("promo=123456");

    // The next page is a page view too, with the same ids: a full load from the home page
    // (islands, decision 0271), and an in-app navigation between two pages of the app.
    await page.getByRole("link", { name: "Blog" }).first().click();
    await page.waitForURL(`${server.url}/en/blog/`);
    await expect.poll(() => events.some((event) => event.sub5 === "blog")).toBe(true);
    const blogView = events.find((event) => event.sub5 === "blog");
    expect(blogView?.session_id).toBe(view.session_id);
    const staticViews = () => events.filter((event) => event.sub5 === "page");
    await open(page, "/en/about/");
    await expect.poll(() => staticViews().length).toBe(1);
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.locator('header a[href="/en/how/"]').click();
    await page.waitForURL(`${server.url}/en/how/`);
    await expect.poll(() => staticViews().length).toBe(2);
    expect(staticViews()[1]).toMatchObject({ sub4: "pageView", session_id: view.session_id });
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("replaces a stored id that is not a v4 UUID and keeps one that is, hyphens or not", async () => {
    const context = await browser.newContext();
    const valid = "3F1C2B9E7D4A4C1B9A8E2B6D5F4E3C21";
    await context.addCookies([
      { name: "client_id", value: valid, url: server.url },
      { name: "session_id", value: "not-a-uuid", url: server.url },
    ]);
    const page = await context.newPage();
    const events = recordEvents(page);
    await open(page, "/en/");
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]?.client_id).toBe(canonicalUuidV4(valid));
    expect(events[0]?.session_id).not.toBe("not-a-uuid");
    expect(canonicalUuidV4(String(events[0]?.session_id))).toBe(events[0]?.session_id);
    await context.close();
  });

  it("sends event 27 when a page comes back from the back-forward cache", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const events = recordEvents(page);
    await open(page, "/en/about/");
    // Tracking (a chunk loaded after hydration) has started and listens for restores: its page
    // view is out. A page cached before that would start it only after the restore event.
    await expect.poll(() => events.length).toBeGreaterThan(0);
    await page.goto(`${server.url}/en/how/`);
    // A restore fires no load event: wait for the navigation to commit only.
    await page.goBack({ waitUntil: "commit" });
    await expect
      .poll(() => events.some((event) => event.event_id === 27), { timeout: 5000 })
      .toBe(true);
    expect(events.find((event) => event.event_id === 27)).toMatchObject({ sub4: "pageRestore" });
    await context.close();
  });
});

describe("the experiment", () => {
  it("lets exp_flow choose a variant, keeps it, ignores a bad one; the form is in steps for both", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const events = recordEvents(page);
    await open(page, "/en/?exp_flow=0301.1-B");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("exp_flow"))).toBe("0301.1-B");
    await open(page, "/en/?exp_flow=0294.1-A");
    await expect.poll(() => events.length).toBe(2);
    expect(events[1]?.sub3).toBe("0301.1-B");
    expect(await page.evaluate(() => localStorage.getItem("exp_flow"))).toBe("0301.1-B");

    // The form is in steps whatever the variant (0371 ended the experiment's effect on it).
    await open(page, "/en/application/");
    await page.getByRole("progressbar").waitFor();

    await page.evaluate(() => localStorage.setItem("exp_flow", "0301.1-A"));
    const fresh = await context.newPage();
    await open(fresh, "/en/application/");
    await fresh.getByRole("progressbar").waitFor();
    expect(await fresh.getByLabel("Full name").isVisible()).toBe(false);
    // Hydration agreed with the server's render in both cases.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("field events and the application's attribution", () => {
  it("sends field names, never values, and the application carries the campaign, promo code and flow", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const events = recordEvents(page);
    await open(
      page,
      "/en/?utm_source=fb&utm_campaign=avurudu&sub1=abc&promo=654321&exp_flow=0301.1-A",
    );
    await expect.poll(() => events.length).toBe(1);
    // A later page without campaign codes: the landing's codes still travel.
    await open(page, "/en/application/");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => events.some((event) => event.sub4 === "fieldInvalid")).toBe(true);

    await fillApplication(page);
    await acceptRequiredConsents(page);
    const submitted = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === "/api/applications" && request.method() === "POST",
    );
    await page.getByRole("button", { name: "See my offers" }).click();
    const body = JSON.parse((await submitted).postData() ?? "{}");
    expect(body).toMatchObject({
      sub1: "abc",
      utm_source: "fb",
      utm_campaign: "avurudu",
      traffic_type: "affiliate",
      promo_code: "654321",
      experiment_flow: "0301.1-A",
    });
    // Issue 14: the code step comes next (it used to be the offers page).
    await page.getByRole("heading", { name: "Enter the code we sent you" }).waitFor();

    const fieldEvents = events.filter((event) => String(event.sub4).startsWith("field"));
    expect(new Set(fieldEvents.map((event) => event.sub4))).toEqual(
      new Set(["fieldFocus", "fieldFilled", "fieldInvalid"]),
    );
    for (const event of fieldEvents) expect(event).toMatchObject({ event_id: 5, sub8: "index" });
    expect(fieldEvents.map((event) => event.sub5)).toContain("fullName");
    const sent = JSON.stringify(events);
    for (const typed of [
      validApplication.fullName,
      validApplication.nic,
      validApplication.phone,
      validApplication.email,
      String(validApplication.monthlyIncome),
    ]) {
      expect(sent).not.toContain(typed);
    }
    await context.close();
  });
});

describe("the calculator's event", () => {
  /** What the server stored of the calculator (decision 0164): its events and its uses. */
  const stored = (sessionId: unknown) => {
    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const events = database
        .prepare(
          "select event_id, attribution from events where session_id = ? order by created_at",
        )
        .all(sessionId) as { event_id: number; attribution: string }[];
      const uses = database
        .prepare("select locale from calculator_uses where session_key = ?")
        .all(sessionId) as { locale: string | null }[];
      return {
        calculator: events
          .map((event) => ({ event_id: event.event_id, ...JSON.parse(event.attribution) }))
          .filter((event) => String(event.sub5).startsWith("calculator.")),
        uses,
      };
    } finally {
      database.close();
    }
  };

  for (const [locale, address, language] of [
    ["si", "/", "si-LK"],
    ["en", "/en/", "en-LK"],
  ] as const) {
    it(`sends one field event when a visitor first moves the home page's calculator (${locale})`, async () => {
      const context = await browser.newContext({ locale: language });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const events = recordEvents(page);
      await open(page, address);
      await expect.poll(() => events.length).toBe(1);
      const sessionId = events[0]?.session_id;
      const calculator = page.locator("#calculator");
      // The amount slider, then the term slider, then an amount typed: one event, for the first.
      await calculator.locator('input[type="range"]').first().fill("75000");
      await calculator.locator('input[type="range"]').nth(1).fill("2");
      const typed = calculator.locator('input[inputmode="numeric"]');
      await typed.fill("123000");
      await typed.press("Enter");
      await expect
        .poll(() => calculator.locator('[data-figure="amount"]').textContent())
        .toContain("123,000");
      await settle(page);
      const sent = events.filter((event) => String(event.sub5).startsWith("calculator."));
      expect(sent).toEqual([
        expect.objectContaining({
          event_id: 5,
          sub4: "fieldFilled",
          sub5: "calculator.amount",
          sub6: locale,
          sub8: "index",
          session_id: sessionId,
        }),
      ]);
      // Nothing chosen travels: neither amount nor the term.
      const text = JSON.stringify(events);
      for (const value of ["75000", "75,000", "123000", "123,000"]) {
        expect(text).not.toContain(value);
      }
      // The server stored it, and it makes the session's calculator use for the funnel.
      await expect.poll(() => stored(sessionId).calculator.length, { timeout: 5000 }).toBe(1);
      const { calculator: kept, uses } = stored(sessionId);
      expect(kept).toEqual([
        expect.objectContaining({ event_id: 5, sub4: "fieldFilled", sub5: "calculator.amount" }),
      ]);
      expect(JSON.stringify(kept)).not.toMatch(/75000|123000/);
      expect(uses).toEqual([{ locale }]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("the widget's events on a partner's page", () => {
  it("sends one page view per page with its own prefixed ids, and leaves the host's cookies alone", async () => {
    const examples = await startExamples(server.url);
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: "client_id", value: "host-owned", url: examples.url }]);
      const page = await context.newPage();
      const events = recordEvents(page);
      await page.goto(`${examples.url}/index.html`);
      await expect.poll(() => events.length).toBeGreaterThan(0);
      // Every element on the page has rendered and run its effects (where a page view is
      // sent), and what they sent has been seen: a second page view would be among it.
      await page.waitForFunction(() => {
        const elements = document.querySelectorAll(
          "loan-widget, loan-calculator, loan-eligibility, loan-offers",
        );
        return elements.length > 0 && [...elements].every((e) => e.shadowRoot?.childElementCount);
      });
      await settle(page, "/events-log.js");
      expect(events.filter((event) => event.sub4 === "pageView")).toHaveLength(1);
      expect(events[0]).toMatchObject({ event_id: 5, sub5: "widget", domain: "127.0.0.1" });
      const cookies = Object.fromEntries(
        (await context.cookies(examples.url)).map((c) => [c.name, c.value]),
      );
      expect(cookies.client_id).toBe("host-owned");
      expect(cookies.lw_client_id).toBe(events[0]?.client_id);
      expect(cookies.lw_session_id).toBe(events[0]?.session_id);
      await context.close();
    } finally {
      await examples.close();
    }
  });
});

describe("in development", () => {
  it("logs events instead of sending them", async () => {
    const dev = await startServer({ NODE_ENV: "development" });
    try {
      const page = await browser.newPage();
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.text().startsWith("[event]")) logged.push(message.text());
      });
      const events = recordEvents(page);
      await page.goto(`${dev.url}/en/`);
      await page.waitForSelector("html[data-hydrated='true']");
      await expect.poll(() => logged.length).toBeGreaterThan(0);
      expect(events).toEqual([]);
      await page.close();
    } finally {
      await dev.stop();
    }
  });
});

describe("the push prompt", () => {
  async function applied(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const phone = `077${String(Date.now()).slice(-7)}`;
    const answer = await context.request.post(`${server.url}/api/applications`, {
      data: { ...validApplication, phone },
    });
    expect(answer.status()).toBe(201);
    // The applicant enters the code that came by SMS: the lead cookie joins the context.
    const { leadId } = await answer.json();
    const verified = await context.request.post(
      `${server.url}/api/applications/${leadId}/verification`,
      { data: { code: await codeSentTo(server, phone) } },
    );
    expect(verified.status()).toBe(200);
    const page = await context.newPage();
    await open(page, "/en/offers/");
    return { context, page };
  }

  it("asks after an application, and a rejection is remembered", async () => {
    const { context, page } = await applied();
    const problems = watchConsole(page);
    const prompt = page.getByRole("complementary", { name: "Hear when a lender answers?" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "No, thanks" }).click();
    await prompt.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("push_prompt"))).toBe("rejected");
    // The prompt decides once it has read whether it was rejected: the next page marks that moment.
    await context.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        if (key === "push_prompt") Object.assign(window, { pushPromptRead: true });
        return getItem.call(this, key);
      };
    });
    await open(page, "/en/offers/");
    await page.waitForFunction(() => "pushPromptRead" in window);
    await settle(page);
    expect(await prompt.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says so when the browser blocks notifications", async () => {
    const { context, page } = await applied();
    const prompt = page.getByRole("complementary", { name: "Hear when a lender answers?" });
    await prompt.getByRole("button", { name: "Allow" }).click();
    await prompt
      .getByRole("status")
      .filter({ hasText: "Notifications are blocked in this browser" })
      .waitFor();
    await context.close();
  });

  it("is not offered before an application", async () => {
    const page = await browser.newPage();
    await open(page, "/en/offers/");
    // Hydrated, so a prompt's chunk would have been asked for; every chunk asked for has
    // arrived (no request for 500 ms), and a frame has rendered what it brought.
    await page.waitForLoadState("networkidle");
    await settle(page);
    expect(await page.getByRole("complementary", { name: /lender answers/ }).count()).toBe(0);
    await page.close();
  });
});

describe("a partner's publishable key in the widget's `partner`", () => {
  it("goes with the feed and the events from a registered origin, and is refused from another", async () => {
    // The partner's page, served from loopback like a partner's own server.
    let key = "";
    const host = createServer((_req, res) => {
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end(
          `<!doctype html><html lang="en"><body><loan-offers partner="${key}"></loan-offers>` +
            `<script src="${server.url}/widget/v1/loan-widget.js"></script></body></html>`,
        );
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    const port = (host.address() as AddressInfo).port;
    const registered = `http://127.0.0.1:${port}`;
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["dist/partner/partner.js", "create", "--name", "Keyed Partner", "--payout", "lead"].concat(
          ["--payout-amount", "100", "--origin", registered],
        ),
        { env: { PATH: testEnv.path, DATA_DIR: server.dataDir } },
      );
      key = /^\s*publishable key:\s+(\S+)$/m.exec(stdout)?.[1] ?? "";
      expect(key).toMatch(/^pk_/);

      const context = await browser.newContext();
      const tab = await context.newPage();
      const answers: Record<string, number> = {};
      tab.on("response", (response) => {
        const url = new URL(response.url());
        if (url.searchParams.get("key") === key) answers[url.pathname] = response.status();
      });
      await tab.goto(`${registered}/`);
      await tab.locator("loan-offers .lw-offer").first().waitFor();
      await expect.poll(() => answers["/api/event"]).toBe(202);
      expect(answers["/api/feed/config"]).toBe(200);

      // The same page at another origin (localhost is not 127.0.0.1): the key is refused.
      await tab.goto(`http://localhost:${port}/`);
      await expect.poll(() => answers["/api/feed/config"]).toBe(403);
      await tab.locator("loan-offers").getByRole("button", { name: "Try again" }).waitFor();
      await context.close();
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
