import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/accounts/passwords";
import { SQLITE_FILE_NAME } from "../../server/storage/database";
import { testEnv } from "../../server/test-support";
import { acceptRequiredConsents, fillApplication } from "../support/application-form";
import { launchBrowser, watchConsole } from "../support/browser";
import { continueToLender } from "../support/clickout";
import { codeSentTo } from "../support/outbox";
import { checkPortalPage } from "../support/portal-page-check";
import { type SandboxProcess, startSandbox } from "../support/sandbox-process";
import { type ServerProcess, startServer } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * A partner reads its statement after a sandbox lender issues a loan
 * (issue 18), in Chromium, as `npm run demo` runs it: the built server and
 * `npm run sandbox` on one data folder, a partner made by the partner tool
 * (paid per sale). A visitor comes by the partner's link, applies, enters
 * the SMS code, opens the sandbox lender's pre-approved offer, and on the
 * lender's page marks the loan issued: the lender's postback earns the
 * partner its sale. An operator adds an adjustment in the back office.
 * The partner signs in to the portal, opens Statements, this month, sees
 * the sale, the adjustment and the balance, and downloads the CSV; then
 * the API documentation with its publishable key. Every portal page: axe,
 * no sideways scrolling at 360 and 1280 px; screenshots in docs/screens/.
 */
const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-statements-e2e-"));
/** Pictures of the back office's form, to look at (not kept). */
const PHONE = { width: 360, height: 640 };
const VISITOR_PHONE = "0775550318";
const PASSWORD = "a kettle of seven herons";
const EMAIL = "owner@ruhuna-deals.example";
const ORIGIN = "https://ruhuna-deals.example";

let sandbox: SandboxProcess | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let publishableKey = "";

function database(readonly = true) {
  return new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly });
}

function readRows<Row>(query: string, ...values: unknown[]): Row[] {
  const db = database();
  try {
    return db.prepare(query).all(...values) as Row[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  sandbox = await startSandbox(dataDir);
  await run(
    process.execPath,
    ["dist/partner/partner.js", "create", "--name", "Ruhuna Deals", "--payout", "sale"].concat([
      "--payout-amount",
      "2500",
      "--origin",
      ORIGIN,
    ]),
    { env: { PATH: testEnv.path, DATA_DIR: dataDir } },
  );
  // The partner's portal account, as a claim by e-mail leaves it: verified, with a password.
  const now = new Date().toISOString();
  const db = database(false);
  try {
    db.prepare(
      `insert into partner_accounts (id, email, partner_id, password_hash, kind, name, website,
        traffic_sources, countries, payout_method, payout_details, locale, terms_accepted_at,
        email_verified_at, totp_secret, totp_pending_secret, totp_last_step, created_at, updated_at)
       values (?, ?, 'ruhuna-deals', ?, 'company', 'Ruhuna Deals', ?, 'Search', '["lk"]', 'wire',
        'Bank of Ceylon 0071234567', 'si', ?, ?, null, null, null, ?, ?)`,
    ).run(randomUUID(), EMAIL, await hashPassword(PASSWORD), ORIGIN, now, now, now, now);
    publishableKey = String(
      (
        db.prepare("select publishable_key from partners where id = 'ruhuna-deals'").get() as {
          publishable_key: string;
        }
      ).publishable_key,
    );
  } finally {
    db.close();
  }
  // Outside production, as `npm run demo` runs it: only then are sandbox lenders on loopback called.
  [server, browser] = await Promise.all([
    startServer({ NODE_ENV: "development", LENDER_DEADLINE_MS: "10000" }, { dataDir }),
    launchBrowser(),
  ]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** This Colombo month, "2026-11". */
function colomboMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

describe("a partner's statement after a sandbox lender issues a loan", () => {
  it("earns the sale, shows it in this month's statement and its CSV, and documents the APIs", {
    timeout: 180_000,
  }, async () => {
    if (!server || !browser) throw new Error("not started");
    const base = server.url;
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchConsole(page);

    // The visitor: the partner's link, the application, the SMS code.
    await page.goto(
      `${base}/en/application/?amount=50000&period=360&partner=ruhuna-deals&sub1=statement`,
    );
    await page.waitForSelector("html[data-hydrated='true']");
    await fillApplication(page, VISITOR_PHONE);
    await acceptRequiredConsents(page);
    await page.getByRole("button", { name: "See my offers" }).click();
    // The sixth digit sends the code by itself (decision 0374).
    await page.getByLabel("Code from the SMS").fill(await codeSentTo(server, VISITOR_PHONE));
    await page.waitForURL(`${base}/en/offers/`);
    await page.waitForSelector("html[data-hydrated='true']");

    // The sandbox lender Swift pre-approves; its offer opens the lender's page in a new tab.
    const swift = page.locator(".lw-offer", { hasText: "Swift (sandbox)" }).filter({
      has: page.locator(".offer-status-approved"),
    });
    const showAll = page.getByRole("link", { name: /^Show all \d+ offers$/ });
    await expect
      .poll(
        async () => {
          if (await showAll.isVisible()) await showAll.click();
          return swift.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    // Our click-out page in place first (issue 32), then the lender in a tab of its own.
    await swift.getByRole("link", { name: "Get this offer", exact: true }).click();
    const tab = await continueToLender(page);
    await tab.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/apply\/[A-Za-z0-9_-]{22}\?/);
    const clickId = String(new URL(tab.url()).searchParams.get("click"));

    // The lender issues the loan: its postback reaches us and earns the partner its sale.
    await Promise.all([
      tab.waitForURL(/\/mark$/),
      tab.getByRole("button", { name: "Loan issued" }).click(),
    ]);
    await expect
      .poll(
        () =>
          readRows(
            "select status, payout_rupees from partner_postbacks where click_id = ?",
            clickId,
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ status: "issued", payout_rupees: 2_500 }]);
    await tab.close();

    // An operator adds a bonus for this month in the back office.
    const admin = await staffMember(server, {
      email: "statements.admin@nayacompare.test",
      role: "admin",
      twoFactor: true,
    });
    const office = await context.newPage();
    await office.goto(`${base}/admin/payouts/`);
    await signInThroughThePage(office, admin);
    await office.goto(`${base}/admin/payouts/`);
    await office.getByLabel("Partner", { exact: true }).selectOption("ruhuna-deals");
    await office.getByLabel("Month", { exact: true }).fill(colomboMonth());
    await office.getByLabel("Amount in rupees").fill("500");
    await office.getByLabel("Reason (the partner reads it)").fill("Welcome bonus");
    await office.getByRole("button", { name: "Add the adjustment" }).click();
    await office.getByText("The adjustment is added").waitFor();
    expect(await office.locator("li.card", { hasText: "Welcome bonus" }).textContent()).toContain(
      "Ruhuna Deals, ",
    );
    await checkPortalPage(office, "back-office-payouts");
    await office.close();

    const month = colomboMonth();
    for (const locale of ["en", "si"] as const) {
      const portal = locale === "en" ? "/en/partner/portal/" : "/partner/portal/";
      const words =
        locale === "en"
          ? {
              email: "E-mail address",
              password: "Password",
              signIn: "Sign in",
              statements: "Statements",
              issued: "Loan issued",
              docs: "API documentation",
              csv: "Download this month as CSV",
            }
          : {
              email: "ඊමේල් ලිපිනය",
              password: "මුරපදය",
              signIn: "පිවිසෙන්න",
              statements: "ප්‍රකාශ",
              issued: "ණය නිකුත් කළා",
              docs: "API ලේඛන",
              csv: "මෙම මාසය CSV ලෙස බාගන්න",
            };
      const partnerPage = await context.newPage();
      await partnerPage.setViewportSize(PHONE);
      await partnerPage.goto(`${base}${portal}`);
      if (await partnerPage.getByLabel(words.email).isVisible()) {
        await partnerPage.getByLabel(words.email).fill(EMAIL);
        await partnerPage.getByLabel(words.password, { exact: true }).fill(PASSWORD);
        await partnerPage.getByRole("button", { name: words.signIn, exact: true }).click();
      }
      await partnerPage
        .getByRole("navigation")
        .getByRole("link", { name: words.statements, exact: true })
        .click();
      await partnerPage.waitForURL(`${base}${portal}statements/`);
      await checkPortalPage(partnerPage, `statements-${locale}`);
      // The month's card: Rs. 2,500 earned and Rs. 500 adjusted, all owed at its end.
      const card = partnerPage.locator("li.card").first();
      expect(await card.getByRole("link").getAttribute("href")).toBe(
        `${portal}statements/${month}/`,
      );
      expect(await card.textContent()).toContain("Rs. 3,000");
      await card.getByRole("link").click();
      await partnerPage.waitForURL(`${base}${portal}statements/${month}/`);
      const body = (await partnerPage.locator("main").textContent()) ?? "";
      expect(body).toContain(clickId);
      expect(body).toContain(words.issued);
      expect(body).toContain("Rs. 2,500");
      expect(body).toContain("Welcome bonus");
      await checkPortalPage(
        partnerPage,
        `statement-month-${locale}`,
        `partner-portal-statements-${locale}`,
      );

      const [download] = await Promise.all([
        partnerPage.waitForEvent("download"),
        partnerPage.getByRole("link", { name: words.csv }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`statement-ruhuna-deals-${month}.csv`);
      const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
      const lines = csv.trimEnd().split("\r\n");
      expect(lines[0]).toBe("line,click_id,lead_id,status,at_colombo,note,amount_lkr");
      expect(
        lines.some((line) => line.startsWith(`earned,${clickId},`) && line.endsWith(",2500")),
      ).toBe(true);
      expect(lines.at(-1)).toBe("closing_balance,,,,,,3000");

      await partnerPage
        .getByRole("navigation")
        .getByRole("link", { name: words.docs, exact: true })
        .click();
      await partnerPage.waitForURL(`${base}${portal}docs/`);
      expect(await partnerPage.locator("main").textContent()).toContain(publishableKey);
      await checkPortalPage(partnerPage, `docs-${locale}`, `partner-portal-docs-${locale}`);
      // The OpenAPI document the page links to lists the feed.
      const openapi = await partnerPage.request.get(`${base}/api/partner/v1/openapi.json`);
      expect(Object.keys((await openapi.json()).paths)).toContain("/feed/config/{name}");
      await partnerPage.close();
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
