import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../core/locale";
import { totpCodeAt } from "../../server/accounts/totp";
import {
  readableBody,
  startTestSmtp,
  type TestSmtp,
} from "../../server/messaging/smtp.test-support";
import { portalAccountFor } from "../../server/partners/portal.test-support";
import { openStorage } from "../../server/storage/database";
import { portalMessagesFor } from "../../site/portal/messages";
import { accountMessagesFor } from "../../site/portal/pages/account/account-messages";
import { launchBrowser, watchConsole } from "../support/browser";
import { checkPortalPage } from "../support/portal-page-check";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The partner portal's account page in Chromium (issue 18, decisions
 * 0251–0255): an approved partner changes its payout details (told by
 * e-mail, shown masked), turns on two-step sign-in, gets recovery codes,
 * signs out and signs in again with a recovery code. Both languages'
 * pages: axe (WCAG 2.1 A and AA), no sideways scrolling at 360 and 1280
 * px; screenshots through checkPortalPage (support/portal-page-check.ts).
 */
const PHONE = { width: 360, height: 640 };
const PASSWORD = "a kettle of seven herons";

let smtp: TestSmtp;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [server, browser] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: "partners@nayacompare.test",
      // The e-wallet the programme pays into besides bank transfer (decision 0427).
      PARTNER_EWALLETS: "eZ Cash",
    }),
    launchBrowser(),
  ]);
  const storage = openStorage({ dataDir: server.dataDir });
  try {
    for (const locale of ["si", "en"] as const) {
      await portalAccountFor(storage, {
        email: `account-${locale}@galle-deals.example`,
        name: `Galle Deals ${locale.toUpperCase()}`,
        password: PASSWORD,
        now: new Date(),
      });
    }
  } finally {
    await storage.close();
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function signIn(page: Page, locale: Locale, email: string) {
  const t = portalMessagesFor(locale);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t.signIn, exact: true }).click();
}

describe("the partner portal's account page", () => {
  for (const locale of ["si", "en"] as const) {
    it(`changes the payout details, turns on two-step sign-in and signs in with a recovery code (${locale})`, {
      timeout: 120_000,
    }, async () => {
      const t = portalMessagesFor(locale);
      const a = accountMessagesFor(locale);
      const base = locale === "en" ? "/en/partner/portal/" : "/partner/portal/";
      const email = `account-${locale}@galle-deals.example`;
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const problems = watchConsole(page);

      await page.goto(`${server.url}${base}`);
      await signIn(page, locale, email);
      await page.getByRole("heading", { name: t.homeTitle }).waitFor();
      await page.getByRole("navigation").getByRole("link", { name: t.sections.account }).click();
      await page.getByRole("heading", { name: a.detailsTitle }).waitFor();
      expect(await page.textContent("main")).toContain("•••• 4567");
      expect(await page.textContent("main")).not.toContain("8001234567");
      await checkPortalPage(page, `account-${locale}`, `partner-portal-account-${locale}`);

      // New payout details, with the keyboard for the method: the operator's e-wallet.
      await page.getByLabel(`${t.payoutMethods.ewallet}: eZ Cash`).focus();
      await page.keyboard.press("Space");
      await page.getByLabel(a.newPayoutDetails).fill("0779876543");
      await page.getByRole("button", { name: a.savePayout }).click();
      await page.getByText(a.notices.payout).waitFor();
      expect(new URL(page.url()).search).toBe("?done=payout");
      expect(await page.textContent("main")).toContain("•••• 6543");
      expect(await page.textContent("main")).not.toContain("0779876543");
      await expect.poll(() => smtp.mailsTo(email).length).toBe(1);
      expect(readableBody(smtp.mailsTo(email)[0]?.raw ?? "")).not.toContain("0779876543");
      await checkPortalPage(page, `account-payout-saved-${locale}`);

      // Two-step sign-in: set up from the account page, with the app's code.
      await page.getByRole("link", { name: t.twoFactorLink }).click();
      const secret = ((await page.locator("code.secret").textContent()) ?? "").replace(/\s/g, "");
      await page.getByLabel(t.code, { exact: true }).fill(totpCodeAt(secret, new Date()));
      await page.getByRole("button", { name: t.twoFactorTurnOn }).click();
      await page.getByRole("heading", { name: t.homeTitle }).waitFor();
      await page.getByRole("navigation").getByRole("link", { name: t.sections.account }).click();
      await page.getByRole("button", { name: a.recoveryMake }).click();
      await page.getByRole("heading", { name: a.recoveryShownTitle }).waitFor();
      const codes = await page.locator(".account-code-list code").allTextContents();
      expect(codes).toHaveLength(10);
      await checkPortalPage(page, `account-codes-${locale}`);

      await page.getByRole("button", { name: t.signOut }).click();
      await page.getByText(t.signedOut).waitFor();
      // The password, then a recovery code in place of the app's.
      await signIn(page, locale, email);
      await page.getByRole("heading", { name: t.codeTitle }).waitFor();
      await page.getByText(a.recoveryUse).click();
      await page.getByLabel(a.recoveryCode).fill(codes[3] ?? "");
      await checkPortalPage(page, `sign-in-recovery-${locale}`);
      await page.getByRole("button", { name: a.recoveryContinue }).click();
      await page.getByRole("heading", { name: t.homeTitle }).waitFor();

      // The same code never again.
      await page.getByRole("button", { name: t.signOut }).click();
      await page.getByText(t.signedOut).waitFor();
      await signIn(page, locale, email);
      await page.getByRole("heading", { name: t.codeTitle }).waitFor();
      await page.getByText(a.recoveryUse).click();
      await page.getByLabel(a.recoveryCode).fill(codes[3] ?? "");
      await page.getByRole("button", { name: a.recoveryContinue }).click();
      await page.getByText(t.codeWrong).waitFor();
      // The browser reports the forms' 401 answers as failed loads; nothing else.
      expect(problems.filter((line) => !/status of 40[01]/.test(line))).toEqual([]);
      await context.close();
    });
  }
});
