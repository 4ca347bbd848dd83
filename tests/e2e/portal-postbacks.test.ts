import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postbackSecretOf } from "../../server/partners/partners";
import { seedConversion } from "../../server/partners/payouts.test-support";
import { postbackUrlSignature } from "../../server/partners/postback-delivery";
import { createPartnerPostbacks } from "../../server/partners/postbacks";
import { silentLog, testOutboundRules } from "../../server/test-support";
import { launchBrowser, watchConsole } from "../support/browser";
import { startPortalApp } from "../support/portal-app";
import { checkPortalPage } from "../support/portal-page-check";

/**
 * The partner portal's postbacks page in Chromium (issue 18), in Sinhala
 * and English: a template with an unknown macro refused in the page's
 * language, then saved; a test postback sent to a real HTTP server on
 * 127.0.0.1 (its host name resolved by this test, as deliveries would
 * reach it: decision 0095), received signed, its answer on the page; the
 * delivery log with a failing postback's retries. Axe, no sideways
 * scrolling at 360 and 1280 px; docs/screens pictures.
 */
const HOST = "hooks.galle-deals.test";
let portal: Awaited<ReturnType<typeof startPortalApp>>;
let browser: Browser;
let hooks: Server;
let port = 0;
const received: { url: string; headers: IncomingMessage["headers"] }[] = [];
let failing = true;
const rules = testOutboundRules({ [HOST]: ["127.0.0.1"] });

beforeAll(async () => {
  hooks = createServer((req, res) => {
    received.push({ url: req.url ?? "", headers: req.headers });
    const real = req.headers["x-postback-test"] === undefined;
    if (real && failing) {
      res.writeHead(503, { "content-type": "text/plain" }).end("busy");
      return;
    }
    res
      .writeHead(200, { "content-type": "application/json", "x-galle-request": "r-77" })
      .end(JSON.stringify({ ok: true, note: "<postback recorded>" }));
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  port = (hooks.address() as AddressInfo).port;
  [portal, browser] = await Promise.all([
    startPortalApp({ postbackRules: rules }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await new Promise((resolve) => hooks?.close(resolve));
});

const WORDS = {
  si: {
    postbacks: "Postback",
    template: "URL සැකිල්ල",
    save: "URL එක සුරකින්න",
    unknown: "{clickid} පහත ලැයිස්තුවේ ඇති macro එකක් නොවේ.",
    saved: "ඔබේ postback URL එක සුරැකිණි.",
    send: "පරීක්ෂණ postback එකක් යවන්න",
    status: "තත්ත්වය 200",
    retrying: "ඊළඟ උත්සාහය",
    http: "HTTP 503 පිළිතුර",
  },
  en: {
    postbacks: "Postbacks",
    template: "URL template",
    save: "Save the URL",
    unknown: "{clickid} is not one of the macros below.",
    saved: "Your postback URL is saved.",
    send: "Send a test postback",
    status: "Status 200",
    retrying: "Next attempt",
    http: "answered HTTP 503",
  },
} as const;

describe("the partner portal's postbacks", () => {
  for (const locale of ["si", "en"] as const) {
    it(`edits the template, sends a test to a local server and shows its answer (${locale})`, {
      timeout: 90_000,
    }, async () => {
      const w = WORDS[locale];
      const base = locale === "en" ? "/en/partner/portal/" : "/partner/portal/";
      const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const partner = await portal.signedInPartner(page, base, {
        name: `Galle Hooks ${locale}`,
        email: `hooks-${locale}@galle-deals.example`,
        terms: { payoutModel: "lead", payoutRupees: 400 },
      });
      // A real postback of the partner that fails twice: the log shows its retries.
      failing = true;
      const template = `http://${HOST}:${port}/postback?click={click_id}&status={status}&payout={payout}&sub={sub1}`;
      await portal.storage.db
        .updateTable("partners")
        .set({ postback_url: template })
        .where("id", "=", partner.partnerId)
        .execute();
      const { clickId } = await seedConversion(portal.storage, partner.partnerId, new Date(), [
        "approved",
      ]);
      let clock = Date.now();
      const worker = createPartnerPostbacks({
        storage: portal.storage,
        log: silentLog,
        rules,
        now: () => new Date(clock),
      });
      await worker.deliverDue();
      clock += 61_000;
      await worker.deliverDue();
      await portal.storage.db
        .updateTable("partners")
        .set({ postback_url: null })
        .where("id", "=", partner.partnerId)
        .execute();

      await page
        .getByRole("navigation")
        .getByRole("link", { name: w.postbacks, exact: true })
        .click();
      await page.getByRole("heading", { name: w.postbacks, level: 1 }).waitFor();
      // The template: an unknown macro refused in the page's language, then saved.
      await page.getByLabel(w.template).fill(template.replace("{click_id}", "{clickid}"));
      await page.getByRole("button", { name: w.save }).click();
      await page.getByText(w.unknown).waitFor();
      expect(await page.getByLabel(w.template).getAttribute("aria-invalid")).toBe("true");
      await checkPortalPage(page, `postbacks-error-${locale}`);
      await page.getByLabel(w.template).fill(template);
      await page.getByRole("button", { name: w.save }).click();
      await page.getByText(w.saved).waitFor();

      // The log: the failing postback, tried twice, the next attempt due.
      const row = page.locator("tr", { hasText: clickId });
      await row.getByText(w.retrying).waitFor();
      await row.getByText(w.http).waitFor();
      expect(await row.locator("td").nth(4).textContent()).toBe("2");

      // A test postback, now: the local server receives it signed; the page shows its answer.
      received.length = 0;
      failing = false;
      await page.getByRole("button", { name: w.send }).click();
      await page.getByText(w.status).waitFor();
      expect(received).toHaveLength(1);
      const url = `http://${HOST}:${port}${received[0]?.url}`;
      const secret = (await postbackSecretOf(portal.storage, partner.partnerId)) ?? "";
      expect(received[0]?.headers["x-signature"]).toBe(postbackUrlSignature(secret, url));
      expect(new URL(url).searchParams.get("payout")).toBe("400");
      expect(await page.locator("#test-request").textContent()).toContain(`GET ${url}`);
      expect(await page.locator("#test-body").textContent()).toBe(
        '{"ok":true,"note":"<postback recorded>"}',
      );
      await page.getByText("x-galle-request: r-77").waitFor();
      await checkPortalPage(page, `postbacks-${locale}`, `partner-portal-postbacks-${locale}`);
      // The browser reports the form's 400 answer (its errors) as a failed load; nothing else.
      expect(problems.filter((line) => !line.includes("status of 400"))).toEqual([]);
      await worker.close();
      await context.close();
    });
  }
});
