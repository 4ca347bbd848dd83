import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import type { Locale } from "../../core/locale";
import {
  readableBody,
  startTestSmtp,
  type TestSmtp,
} from "../../server/messaging/smtp.test-support";
import { axeViolations, launchBrowser, openHydrated, watchConsole } from "../support/browser";
import { codeSentTo, sentTo } from "../support/outbox";
import { saveScreen } from "../support/screens";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * "Save or send my offers" (issue 17, decision 0205) on the built server in
 * Chromium, in both languages: after an application, the offers page sends
 * the link by e-mail (to a real SMTP server), the link opens the offers in
 * a fresh browser (another device), and without JavaScript the same form
 * posts and lands on a page that says what happened. Screenshots of the
 * component on a 360-px phone go to SHOTS (send-offers-*.png).
 */
const SHOTS = "/tmp/shots-send-offers";
const PHONE = { width: 360, height: 640 };

let smtp: TestSmtp;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, MAIL_FROM: "no-reply@nayacompare.test" }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

let phones = 0;
/** Applies and enters the code, as the form would: the verified lead's cookie value. */
async function verifiedLead(locale: Locale): Promise<{ leadId: string; phone: string }> {
  phones += 1;
  const phone = `0763${String(phones).padStart(6, "0")}`;
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const applied = await post(`/api/applications?lang=${locale}`, { ...validApplication, phone });
  expect(applied.status).toBe(201);
  const { leadId } = (await applied.json()) as { leadId: string };
  const code = await codeSentTo(server, phone);
  const verified = await post(`/api/applications/${leadId}/verification`, { code });
  expect(verified.status).toBe(200);
  return { leadId, phone };
}

/** The newest mail to an address, once it has arrived, as its reader sees the text. */
async function mailTo(address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const raw = smtp.mailsTo(address).at(-1)?.raw;
    if (raw) return readableBody(raw);
    if (Date.now() > deadline) throw new Error(`No mail went to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const copy = {
  en: {
    prefix: "/en",
    title: "Save or send your offers",
    email: "E-mail",
    address: "E-mail address",
    send: "Send the link",
    sent: /^Sent to r•••@example\.lk\. The link works until \d{2}\/\d{2}\/\d{4}\.$/,
    noScript: "We sent the link by SMS to the number you confirmed",
  },
  si: {
    prefix: "",
    title: "ඔබේ දීමනා සුරකින්න හෝ එවා ගන්න",
    email: "ඊමේල් මගින්",
    address: "ඊමේල් ලිපිනය",
    send: "සබැඳිය එවන්න",
    sent: /^r•••@example\.lk වෙත එව්වා\. සබැඳිය \d{2}\/\d{2}\/\d{4} දක්වා වලංගුයි\.$/,
    noScript: "ඔබ තහවුරු කළ අංකයට අපි SMS මගින් සබැඳිය එව්වා",
  },
} as const;

describe("save or send my offers", () => {
  it.each(["en", "si"] as const)(
    "sends the link by e-mail, and it opens the offers in a fresh browser (%s)",
    async (locale) => {
      const t = copy[locale];
      const { leadId, phone } = await verifiedLead(locale);
      const context = await browser.newContext({ viewport: PHONE });
      await context.addCookies([
        { name: "lead", value: leadId, url: server.url },
        // The notice is someone else's subject: out of the screenshot.
        { name: "cookie_notice", value: "accepted", url: server.url },
      ]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await openHydrated(page, server.url, `${t.prefix}/offers/`);
      const section = page.getByRole("region", { name: t.title });
      await expect
        .poll(() =>
          section
            .getByRole("radio")
            .first()
            .evaluate((radio) => radio.parentElement?.textContent),
        )
        .toContain(`07X XXX X${phone.slice(-3)}`.replaceAll(" ", "\u00a0"));

      // By keyboard: the e-mail choice, the address, Enter.
      await section.getByRole("radio", { name: t.email }).focus();
      await page.keyboard.press("Space");
      expect(await section.getByRole("radio", { name: t.email }).isChecked()).toBe(true);
      const address = `reader.${locale}.${phones}@example.lk`;
      await section.getByLabel(t.address).fill(address.replace(/^reader/, "Reader"));
      await page.keyboard.press("Enter");
      const status = section.getByRole("status");
      await expect.poll(() => status.textContent()).toMatch(t.sent);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // The component on a 360 × 640 phone, its top at the top of the screen.
      await section.evaluate((element) => element.scrollIntoView({ block: "start" }));
      await saveScreen(page, `send-offers-${locale}`, { dir: SHOTS });
      expect(problems).toEqual([]);

      const text = await mailTo(address);
      const link = /https?:\/\/\S+\/landing\/offers\/\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
      expect(link).toBeDefined();
      // Another device: no cookie at all.
      const fresh = await browser.newContext({ viewport: PHONE });
      const other = await fresh.newPage();
      const opened = await other.goto(link ?? "");
      expect(opened?.status()).toBe(200);
      expect(new URL(other.url()).pathname).toBe(`${t.prefix}/landing/offers/`);
      expect(other.url()).not.toContain("token");
      await other.waitForSelector("html[data-hydrated='true']");
      expect(await other.locator(".lw-offer").count()).toBeGreaterThan(0);
      expect(await other.getByRole("region", { name: t.title }).count()).toBe(1);
      await fresh.close();
      await context.close();
    },
  );

  it.each(["en", "si"] as const)(
    "works without JavaScript: the form posts and lands on a page that says what happened (%s)",
    async (locale) => {
      const t = copy[locale];
      const { leadId, phone } = await verifiedLead(locale);
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      await context.addCookies([{ name: "lead", value: leadId, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}${t.prefix}/offers/`);
      const section = page.getByRole("region", { name: t.title });
      const before = sentTo(server, phone).length;
      await section.getByRole("button", { name: t.send }).click();
      await page.waitForURL(/\/offers-link\/sent\//);
      expect(new URL(page.url()).pathname).toBe(`${t.prefix}/offers-link/sent/`);
      expect(await page.locator("h1 + p").textContent()).toContain(t.noScript);
      const sms = sentTo(server, phone);
      expect(sms).toHaveLength(before + 1);
      expect(sms.at(-1)?.text).toMatch(/\/landing\/offers\/\?token=/);
      await context.close();
    },
  );
});
