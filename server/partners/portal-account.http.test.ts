import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenOf } from "../accounts/csrf";
import { checkPassword } from "../accounts/passwords";
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCodeAt } from "../accounts/totp";
import { smtpMailTransport } from "../messaging/mail-smtp";
import { createMessenger } from "../messaging/messenger";
import { readableBody, startTestSmtp, type TestSmtp } from "../messaging/smtp.test-support";
import { appWith, openTestSqlite, silentLog, type TestStorage, testOutbox } from "../test-support";
import { portalAccountFor } from "./portal.test-support";
import type { PartnerAccount } from "./portal-accounts";

/**
 * The partner portal's account page over HTTP (issue 18, decisions
 * 0251–0255): every form valid, invalid, without its CSRF token, and from
 * another partner's session; the payout notice by e-mail through a real
 * SMTP server; recovery codes at the sign-in's code step, each good once;
 * two-step sign-in off only with the password and a code.
 */
let test: TestStorage;
let smtp: TestSmtp;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-25T06:00:00.000Z");

const ORIGIN = "https://nayacompare.test";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const PASSWORD = "a kettle of seven herons";
const BASE = "/en/partner/portal/";
const PAGE = `${BASE}account/`;

let alpha: PartnerAccount;
let beta: PartnerAccount;
let pending: PartnerAccount;

beforeAll(async () => {
  test = await openTestSqlite();
  smtp = await startTestSmtp();
  const messenger = createMessenger(
    {
      sms: testOutbox().messenger.sms,
      mail: smtpMailTransport(smtp.url, "partners@nayacompare.test"),
    },
    silentLog,
  );
  app = appWith(test.storage, { now: () => clock, messenger });
  const make = (email: string, name: string, approve = true) =>
    portalAccountFor(test.storage, { email, name, password: PASSWORD, now: clock, approve });
  alpha = await make("alpha@deals.example", "Alpha Deals");
  beta = await make("beta@loans.example", "Beta Loans");
  pending = await make("pending@wait.example", "Pending Co", false);
});
afterAll(async () => {
  await smtp?.close();
  await test?.cleanup();
});

const cookieOf = (setCookie: string | string[] | undefined) => {
  const line = [setCookie ?? []].flat().find((one) => one.startsWith("partner_session="));
  return line ? (line.split(";")[0] ?? "") : "";
};

function post(url: string, form: Record<string, string | string[]>, cookie = "") {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    for (const one of [value].flat()) body.append(key, one);
  }
  return inject(app, {
    method: "POST",
    url,
    headers: { ...FORM, ...(cookie ? { cookie } : {}) },
    payload: body.toString(),
  });
}

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const res = await post(`${BASE}sign-in/`, { email, password });
  expect(res.statusCode).toBe(303);
  const cookie = cookieOf(res.headers["set-cookie"]);
  return { cookie, csrf: csrfTokenOf(decodeURIComponent(cookie.split("=")[1] ?? "")) };
}

const page = (session: Session, url = PAGE) =>
  inject(app, { method: "GET", url, headers: { cookie: session.cookie } });

const row = (id: string) =>
  test.storage.db
    .selectFrom("partner_accounts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const nextStep = () => {
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
};

describe("the account page", () => {
  it("shows the signed-in account's own details, its payout account masked, approved or not", async () => {
    const session = await signIn(alpha.email);
    const res = await page(session);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.body).toContain("alpha@deals.example");
    expect(res.body).toContain('value="Alpha Deals"');
    expect(res.body).toContain("•••• 4567");
    expect(res.body).not.toContain("8001234567");
    expect(res.body).not.toContain("beta@loans.example");

    const waiting = await signIn(pending.email);
    const theirs = await page(waiting);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain("pending@wait.example");
    // Not approved: the menu has no partner-only sections.
    expect(theirs.body).not.toContain(`href="${BASE}dashboard/"`);
    const si = await page(waiting, "/partner/portal/account/");
    expect(si.statusCode).toBe(200);
    expect(si.body).toContain("ඔබේ විස්තර");

    const nobody = await inject(app, { method: "GET", url: PAGE });
    expect(nobody.statusCode).toBe(303);
    expect(nobody.headers.location).toBe(BASE);
  });

  it("saves the details, refuses bad ones and forms without the session's token", async () => {
    const session = await signIn(alpha.email);
    const form = {
      csrf: session.csrf,
      name: "Alpha Deals Lanka",
      website: "https://alpha.example.lk",
      trafficSources: "A newsletter",
      countries: ["lk", "vn"],
    };
    const bad = await post(
      `${PAGE}details`,
      { ...form, website: "alpha dot lk", countries: ["xx"] },
      session.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id="website-error"');
    expect(bad.body).toContain('id="countries-error"');
    expect(bad.body).toContain('value="alpha dot lk"');
    expect((await row(alpha.id)).name).toBe("Alpha Deals");

    const { csrf: _csrf, ...noToken } = form;
    expect((await post(`${PAGE}details`, noToken, session.cookie)).statusCode).toBe(403);
    expect((await post(`${PAGE}details`, form)).statusCode).toBe(403);
    expect((await row(alpha.id)).name).toBe("Alpha Deals");

    const saved = await post(`${PAGE}details`, form, session.cookie);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${PAGE}?done=details`);
    expect(await row(alpha.id)).toMatchObject({
      name: "Alpha Deals Lanka",
      website: "https://alpha.example.lk",
      traffic_sources: "A newsletter",
      countries: '["lk","vn"]',
    });
    const after = await page(session, `${PAGE}?done=details`);
    expect(after.body).toContain("Your details are saved.");
  });

  it("saves new payout details, audited, and tells the account by e-mail without them", async () => {
    const session = await signIn(alpha.email);
    const form = {
      csrf: session.csrf,
      payoutMethod: "ewallet:eZ Cash",
      payoutDetails: "0771234999",
    };
    const bad = await post(
      `${PAGE}payout`,
      { csrf: session.csrf, payoutMethod: "gold", payoutDetails: "" },
      session.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id="payoutMethod-error"');
    expect(bad.body).toContain('id="payoutDetails-error"');
    const { csrf: _csrf, ...noToken } = form;
    expect((await post(`${PAGE}payout`, noToken, session.cookie)).statusCode).toBe(403);
    expect((await row(alpha.id)).payout_method).toBe("wire");
    const mailsBefore = smtp.mailsTo(alpha.email).length;

    const saved = await post(`${PAGE}payout`, form, session.cookie);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${PAGE}?done=payout`);
    expect(await row(alpha.id)).toMatchObject({
      payout_method: "ewallet",
      payout_details: "eZ Cash: 0771234999",
    });
    const mails = smtp.mailsTo(alpha.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = readableBody(mails.at(-1)?.raw ?? "");
    expect(mail).toContain("The payout details of your NayaCompare partner account were changed");
    expect(mail).toContain(`${ORIGIN}/en/partner/portal/account/`);
    expect(mail).not.toContain("0771234999");
    expect(mail).not.toContain("4999");
    expect(mail).not.toContain("eZ Cash");
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "partner.payout_details")
      .where("subject", "=", `partner:${alpha.partner_id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("0771234999");
    const shown = await page(session);
    expect(shown.body).toContain("•••• 4999");
    expect(shown.body).not.toContain("0771234999");
  });

  it("shows a stablecoin chosen before issue 35 as it is, and offers only local payouts", async () => {
    await test.storage.db
      .updateTable("partner_accounts")
      .set({ payout_method: "stablecoin" })
      .where("id", "=", beta.id)
      .execute();
    const session = await signIn(beta.email);
    const res = await page(session);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<dd>Stablecoin</dd>");
    expect(res.body).toContain("We no longer pay by this method");
    const offered = [...res.body.matchAll(/name="payoutMethod"[^>]* value="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(offered).toEqual(["wire", "ewallet:eZ Cash", "ewallet:mCash"]);
    const refused = await post(
      `${PAGE}payout`,
      { csrf: session.csrf, payoutMethod: "stablecoin", payoutDetails: "TXYZ on Tron" },
      session.cookie,
    );
    expect(refused.statusCode).toBe(400);
    const moved = await post(
      `${PAGE}payout`,
      { csrf: session.csrf, payoutMethod: "wire", payoutDetails: "Sampath Bank 1234567890" },
      session.cookie,
    );
    expect(moved.statusCode).toBe(303);
    expect(await row(beta.id)).toMatchObject({
      payout_method: "wire",
      payout_details: "Sampath Bank 1234567890",
    });
    expect((await page(session)).body).not.toContain("We no longer pay by this method");
  });

  it("lets no other partner's session change this account, whatever the form names", async () => {
    const a = await signIn(alpha.email);
    const b = await signIn(beta.email);
    const before = await row(alpha.id);
    // B's session with A's token: refused.
    const forged = await post(
      `${PAGE}payout`,
      { csrf: a.csrf, payoutMethod: "paypal", payoutDetails: "thief@example.com" },
      b.cookie,
    );
    expect(forged.statusCode).toBe(403);
    // B's own token, naming A every way a form could: only B changes.
    const named = await post(
      `${PAGE}details`,
      {
        csrf: b.csrf,
        id: alpha.id,
        account: alpha.id,
        accountId: alpha.id,
        partner: alpha.partner_id ?? "",
        partnerId: alpha.partner_id ?? "",
        email: alpha.email,
        name: "Taken Over",
        website: "https://beta.example.lk",
        trafficSources: "Search",
        countries: "lk",
      },
      b.cookie,
    );
    expect(named.statusCode).toBe(303);
    expect((await row(beta.id)).name).toBe("Taken Over");
    for (const [path, form] of [
      ["payout", { payoutMethod: "paypal", payoutDetails: "thief@example.com" }],
      [
        "password",
        {
          current: PASSWORD,
          password: "thieves at the gate now",
          confirm: "thieves at the gate now",
        },
      ],
      ["recovery-codes", {}],
      ["two-factor-off", { current: PASSWORD, code: "000000" }],
    ] as const) {
      const res = await post(
        `${PAGE}${path}?account=${alpha.id}&partner=${alpha.partner_id}`,
        { ...form, csrf: a.csrf, account: alpha.id },
        b.cookie,
      );
      expect(res.statusCode, path).toBe(403);
    }
    const after = await row(alpha.id);
    expect(after).toEqual(before);
    const theirs = await page(b, `${PAGE}?account=${alpha.id}`);
    expect(theirs.body).toContain("beta@loans.example");
    expect(theirs.body).not.toContain("alpha@deals.example");
    // Beta's password stays: the password form above was refused.
    expect(await checkPassword((await row(beta.id)).password_hash, PASSWORD)).toBe(true);
  });

  it("changes the password with the current one, ending the account's other sessions", async () => {
    const here = await signIn(beta.email);
    const elsewhere = await signIn(beta.email);
    const NEW = "nine quiet lanterns over galle";
    const wrong = await post(
      `${PAGE}password`,
      { csrf: here.csrf, current: "not the password at all", password: NEW, confirm: NEW },
      here.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("The current password is not right.");
    const mismatch = await post(
      `${PAGE}password`,
      { csrf: here.csrf, current: PASSWORD, password: NEW, confirm: `${NEW}!` },
      here.cookie,
    );
    expect(mismatch.statusCode).toBe(400);
    const short = await post(
      `${PAGE}password`,
      { csrf: here.csrf, current: PASSWORD, password: "short", confirm: "short" },
      here.cookie,
    );
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain("Use at least 12 characters.");
    expect(
      (
        await post(
          `${PAGE}password`,
          { current: PASSWORD, password: NEW, confirm: NEW },
          here.cookie,
        )
      ).statusCode,
    ).toBe(403);
    expect(await checkPassword((await row(beta.id)).password_hash, PASSWORD)).toBe(true);
    const mailsBefore = smtp.mailsTo(beta.email).length;

    const changed = await post(
      `${PAGE}password`,
      { csrf: here.csrf, current: PASSWORD, password: NEW, confirm: NEW },
      here.cookie,
    );
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe(`${PAGE}?done=password`);
    const mails = smtp.mailsTo(beta.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = readableBody(mails.at(-1)?.raw ?? "");
    expect(mail).toContain("The password of your NayaCompare partner account was changed");
    expect(mail).not.toContain(NEW);
    expect((await page(here)).statusCode).toBe(200);
    const ended = await page(elsewhere);
    expect(ended.statusCode).toBe(303);
    expect(
      (await post(`${BASE}sign-in/`, { email: beta.email, password: PASSWORD })).statusCode,
    ).toBe(401);
    await signIn(beta.email, NEW);
  });
});

describe("two-step sign-in on the account page", () => {
  let secret: string;

  it("gives recovery codes once two-step sign-in is on; each signs in once, never twice", async () => {
    const session = await signIn(pending.email);
    // Off: nothing to make, and the page links to the set-up.
    const off = await post(`${PAGE}recovery-codes`, { csrf: session.csrf }, session.cookie);
    expect(off.statusCode).toBe(303);
    expect((await page(session)).body).toContain(`href="${BASE}two-factor/"`);

    secret = newTotpSecret();
    await test.storage.db
      .updateTable("partner_accounts")
      .set({ totp_secret: secret, totp_last_step: null })
      .where("id", "=", pending.id)
      .execute();
    expect((await post(`${PAGE}recovery-codes`, {}, session.cookie)).statusCode).toBe(403);
    const made = await post(`${PAGE}recovery-codes`, { csrf: session.csrf }, session.cookie);
    expect(made.statusCode).toBe(200);
    expect(made.headers["cache-control"]).toContain("no-store");
    const codes = [...made.body.matchAll(/<code>([0-9a-z]{5}-[0-9a-z]{5})<\/code>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(codes).toHaveLength(10);
    // Shown once: the page itself does not show them again.
    expect((await page(session)).body).not.toContain(codes[0]);
    expect((await page(session)).body).toContain("You have 10 unused recovery codes.");

    const codeStep = async () => {
      const res = await post(`${BASE}sign-in/`, { email: pending.email, password: PASSWORD });
      expect(res.headers.location).toBe(`${BASE}sign-in/code/`);
      const cookie = cookieOf(res.headers["set-cookie"]);
      return { cookie, csrf: csrfTokenOf(decodeURIComponent(cookie.split("=")[1] ?? "")) };
    };
    const half = await codeStep();
    const form = await inject(app, {
      method: "GET",
      url: `${BASE}sign-in/code/`,
      headers: { cookie: half.cookie },
    });
    expect(form.body).toContain("Use a recovery code");
    const used = await post(
      `${BASE}sign-in/code/`,
      { csrf: half.csrf, code: (codes[0] ?? "").toUpperCase() },
      half.cookie,
    );
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe(BASE);
    const signedIn = cookieOf(used.headers["set-cookie"]);
    const home = await inject(app, { method: "GET", url: BASE, headers: { cookie: signedIn } });
    expect(home.body).toContain("pending@wait.example".split("@")[0] ?? "");
    expect(home.body).toContain("Two-step sign-in is on");

    const again = await codeStep();
    const twice = await post(
      `${BASE}sign-in/code/`,
      { csrf: again.csrf, code: codes[0] ?? "" },
      again.cookie,
    );
    expect(twice.statusCode).toBe(401);
    // Another account's code never works here, nor made-up ones.
    const made2 = await post(
      `${BASE}sign-in/code/`,
      { csrf: again.csrf, code: "zzzzz-zzzzz" },
      again.cookie,
    );
    expect(made2.statusCode).toBe(401);
    const second = await post(
      `${BASE}sign-in/code/`,
      { csrf: again.csrf, code: codes[1] ?? "" },
      again.cookie,
    );
    expect(second.statusCode).toBe(303);

    // New codes replace the old ones.
    const renewed = await post(`${PAGE}recovery-codes`, { csrf: session.csrf }, session.cookie);
    expect(renewed.statusCode).toBe(200);
    const third = await codeStep();
    const old = await post(
      `${BASE}sign-in/code/`,
      { csrf: third.csrf, code: codes[2] ?? "" },
      third.cookie,
    );
    expect(old.statusCode).toBe(401);
  });

  it("turns off only with the password and a current code", async () => {
    nextStep();
    // Two-step sign-in is on: the password leads to the code step; sign in with the app's code.
    const res = await post(`${BASE}sign-in/`, { email: pending.email, password: PASSWORD });
    const halfCookie = cookieOf(res.headers["set-cookie"]);
    const halfCsrf = csrfTokenOf(decodeURIComponent(halfCookie.split("=")[1] ?? ""));
    const done = await post(
      `${BASE}sign-in/code/`,
      { csrf: halfCsrf, code: totpCodeAt(secret, clock) },
      halfCookie,
    );
    expect(done.statusCode).toBe(303);
    const cookie = cookieOf(done.headers["set-cookie"]);
    const csrf = csrfTokenOf(decodeURIComponent(cookie.split("=")[1] ?? ""));
    nextStep();
    const code = totpCodeAt(secret, clock);

    const noPassword = await post(
      `${PAGE}two-factor-off`,
      { csrf, current: "wrong password here", code },
      cookie,
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain("The current password is not right.");
    const noCode = await post(
      `${PAGE}two-factor-off`,
      { csrf, current: PASSWORD, code: "000000" },
      cookie,
    );
    expect(noCode.statusCode).toBe(400);
    const recoveryInstead = await post(
      `${PAGE}two-factor-off`,
      { csrf, current: PASSWORD, code: "zzzzz-zzzzz" },
      cookie,
    );
    expect(recoveryInstead.statusCode).toBe(400);
    expect(
      (await post(`${PAGE}two-factor-off`, { current: PASSWORD, code }, cookie)).statusCode,
    ).toBe(403);
    expect((await row(pending.id)).totp_secret).toBe(secret);
    const mailsBefore = smtp.mailsTo(pending.email).length;

    const off = await post(`${PAGE}two-factor-off`, { csrf, current: PASSWORD, code }, cookie);
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe(`${PAGE}?done=two_factor_off`);
    expect(await row(pending.id)).toMatchObject({ totp_secret: null, totp_last_step: null });
    const mails = smtp.mailsTo(pending.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(readableBody(mails.at(-1)?.raw ?? "")).toContain(
      "Two-step sign-in was turned off for your NayaCompare partner account",
    );
    const codes = await test.storage.db
      .selectFrom("partner_recovery_codes")
      .select("code_hash")
      .where("account_id", "=", pending.id)
      .execute();
    expect(codes).toEqual([]);
    // The password alone signs in again.
    const plain = await post(`${BASE}sign-in/`, { email: pending.email, password: PASSWORD });
    expect(plain.headers.location).toBe(BASE);
  });
});
