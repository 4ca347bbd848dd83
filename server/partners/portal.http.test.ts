import fc from "fast-check";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenOf } from "../accounts/csrf";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../accounts/totp";
import { smtpMailTransport } from "../messaging/mail-smtp";
import { createMessenger } from "../messaging/messenger";
import { readableBody, startTestSmtp, type TestSmtp } from "../messaging/smtp.test-support";
import { COMMAND_LINE } from "../staff/audit";
import {
  addStaffMember,
  formHeaders,
  type SignedIn,
  signInOverHttp,
} from "../staff/staff.test-support";
import {
  appWith,
  boundedRuns,
  openTestSqlite,
  PROPERTY_TEST_TIMEOUT_MS,
  recordingLog,
  type TestStorage,
  testOutbox,
} from "../test-support";
import { runPartnerCommand } from "./cli";
import { createPartner, findPartner, setPartnerDisabled } from "./partners";
import { PORTAL_SIGN_UP_PER_ADDRESS } from "./portal-sign-up-section";

/**
 * The partner portal's accounts over HTTP (issue 18): sign-up in each
 * language, the verification link by e-mail through a real SMTP server,
 * an operator's approval in the back office, sign-in and the home page,
 * sign-out; two partners who each see only their own; CSRF and foreign
 * origins refused; hostile input answered 4xx with nothing stored.
 */
let test: TestStorage;
let smtp: TestSmtp;
let app: ReturnType<typeof appWith>;
const recorded = recordingLog();
let portalMessenger: ReturnType<typeof createMessenger>;
let clock = new Date("2026-11-25T06:00:00.000Z");
let admin: SignedIn;

const ORIGIN = "https://nayacompare.test";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const PASSWORD = "a kettle of seven herons";

beforeAll(async () => {
  test = await openTestSqlite();
  smtp = await startTestSmtp();
  const outbox = testOutbox();
  portalMessenger = createMessenger(
    { sms: outbox.messenger.sms, mail: smtpMailTransport(smtp.url, "partners@nayacompare.test") },
    recorded.log,
  );
  app = appWith(test.storage, { now: () => clock, messenger: portalMessenger, log: recorded.log });
  const member = await addStaffMember(test.storage, {
    email: "portal.admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: clock,
  });
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
  admin = await signInOverHttp(app, member, { at: clock });
});
afterAll(async () => {
  await smtp?.close();
  await test?.cleanup();
});

const cookieOf = (setCookie: string | string[] | undefined) => {
  const line = [setCookie ?? []].flat().find((one) => one.startsWith("partner_session="));
  return line ? (line.split(";")[0] ?? "") : "";
};

function post(
  url: string,
  form: Record<string, string | string[]>,
  headers: Record<string, string> = {},
  remoteAddress = "127.0.0.1",
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    for (const one of [value].flat()) body.append(key, one);
  }
  return inject(app, {
    method: "POST",
    url,
    headers: { ...FORM, ...headers },
    remoteAddress,
    payload: body.toString(),
  });
}

const signUpForm = (email: string, name: string) => ({
  kind: "company",
  name,
  email,
  password: PASSWORD,
  website: "https://deals.example.lk",
  trafficSources: "Search and a Facebook page",
  countries: ["lk", "ph"],
  payoutMethod: "wire",
  payoutDetails: "Commercial Bank 8001234567",
  terms: "yes",
});

/** The link in the last e-mail to an address, waited for (the send is awaited by the route). */
function linkMailedTo(email: string): string {
  const mail = smtp.mailsTo(email).at(-1);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const link = /https:\/\/nayacompare\.test(\S+verify\/\?token=[A-Za-z0-9_-]+)/.exec(
    readableBody(mail.raw),
  )?.[1];
  if (!link) throw new Error("no link in the e-mail");
  return link;
}

async function signUpAndVerify(base: string, email: string, name: string, from = "127.0.0.1") {
  const res = await post(`${base}sign-up/`, signUpForm(email, name), {}, from);
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(`${base}sign-up/sent/`);
  const link = linkMailedTo(email);
  expect(link.startsWith(`${base}verify/?token=`)).toBe(true);
  const page = await inject(app, { method: "GET", url: link });
  expect(page.statusCode).toBe(200);
  const token = new URL(link, ORIGIN).searchParams.get("token") ?? "";
  const verified = await post(`${base}verify/`, { token });
  expect(verified.statusCode).toBe(303);
  expect(verified.headers.location).toBe(`${base}?notice=verified`);
  return token;
}

async function signIn(base: string, email: string, password = PASSWORD) {
  const res = await post(`${base}sign-in/`, { email, password });
  return { res, cookie: cookieOf(res.headers["set-cookie"]) };
}

async function accountOf(email: string) {
  return test.storage.db
    .selectFrom("partner_accounts")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

describe("signing up, in each language, to a pending partner an operator approves", () => {
  it("shows the sign-in and sign-up pages in Sinhala and English, without a script", async () => {
    const si = await inject(app, { method: "GET", url: "/partner/portal/sign-up/" });
    expect(si.statusCode).toBe(200);
    expect(si.body).toContain('lang="si"');
    expect(si.body).toContain("හවුල්කරුවෙකු වන්න");
    expect(si.body).not.toContain("<script");
    expect(si.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(si.headers["cache-control"]).toBe("no-store");
    const en = await inject(app, { method: "GET", url: "/en/partner/portal/" });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('lang="en"');
    expect(en.body).toContain("Partner sign-in");
    const bare = await inject(app, { method: "GET", url: "/en/partner/portal" });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/en/partner/portal/");
  });

  it("mails a link that verifies the e-mail and makes a pending partner; approval activates it", async () => {
    const email = "owner@lankadeals.example";
    await signUpAndVerify("/partner/portal/", email, "Lanka Deals Portal");
    const mail = smtp.mailsTo(email)[0];
    expect(readableBody(mail?.raw ?? "")).toContain("NayaCompare හවුල්කරු වැඩසටහනට");
    const account = await accountOf(email);
    expect(account.email_verified_at).not.toBeNull();
    expect(account.partner_id).toBe("lanka-deals-portal");
    expect(account.countries).toBe('["lk","ph"]');
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect((await findPartner(test.storage, "lanka-deals-portal"))?.status).toBe("pending");

    // A spent link works no more.
    const token = linkMailedTo(email).split("token=")[1] ?? "";
    const again = await post("/partner/portal/verify/", { token });
    expect(again.statusCode).toBe(410);

    // Signed in while pending: the home page says so.
    const pending = await signIn("/partner/portal/", email);
    expect(pending.res.statusCode).toBe(303);
    const home = await inject(app, {
      method: "GET",
      url: "/partner/portal/",
      headers: { cookie: pending.cookie },
    });
    expect(home.body).toContain("lanka-deals-portal");
    expect(home.body).toContain("අපේ කණ්ඩායමේ අනුමැතිය බලාපොරොත්තුවෙන්");

    // The operator sees what the sign-up said, without its e-mail or payout details.
    const list = await inject(app, {
      method: "GET",
      url: "/admin/partners/",
      headers: { cookie: formHeaders(admin).cookie ?? "" },
    });
    expect(list.body).toContain(
      "Portal sign-up (company): website https://deals.example.lk; visitors from Search and a Facebook page; countries LK, PH; paid by wire",
    );
    expect(list.body).not.toContain(email);
    expect(list.body).not.toContain("Commercial Bank");

    // The operator approves in the back office; the audit log names the portal, then the member.
    clock = new Date(clock.getTime() + 1_000);
    const approve = await inject(app, {
      method: "POST",
      url: "/admin/partners/lanka-deals-portal/approve",
      headers: formHeaders(admin),
      payload: new URLSearchParams({
        csrf: admin.csrf,
        payoutModel: "lead",
        payoutRupees: "400",
      }).toString(),
    });
    expect(approve.statusCode).toBe(303);
    // The partner hears it by e-mail, in the language it signed up in, with the portal's address.
    const answer = readableBody(smtp.mailsTo(email).at(-1)?.raw ?? "");
    expect(answer).toContain("ඔබේ ලියාපදිංචිය අපි අනුමත කළෙමු");
    expect(answer).toContain("https://nayacompare.test/partner/portal/");
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("subject", "=", "partner:lanka-deals-portal")
      .orderBy("at")
      .execute();
    expect(audit).toEqual([
      { actor: "partner portal", action: "partner.create" },
      { actor: "portal.admin@nayacompare.test", action: "partner.approve" },
    ]);
    const partner = await findPartner(test.storage, "lanka-deals-portal");
    expect(partner?.status).toBe("active");
    const approved = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie: pending.cookie },
    });
    expect(approved.body).toContain("Approved");
    expect(approved.body).toContain(partner?.publishableKey ?? "missing");
    // A partner the operator stops reads so.
    await setPartnerDisabled(test.storage, "lanka-deals-portal", true, { actor: COMMAND_LINE });
    const stopped = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie: pending.cookie },
    });
    expect(stopped.body).toContain("Stopped: your keys do not work.");
    await setPartnerDisabled(test.storage, "lanka-deals-portal", false, { actor: COMMAND_LINE });
    // Nothing personal on the page's address or in its links.
    expect(approved.body).not.toContain("Commercial Bank");
  });

  it("signs in in English, refuses a wrong password alike for unknown e-mails, and signs out", async () => {
    const email = "sam@cashfinder.example";
    await signUpAndVerify("/en/partner/portal/", email, "Cash Finder");
    const mail = smtp.mailsTo(email)[0];
    expect(readableBody(mail?.raw ?? "")).toContain("Thank you for signing up");

    const wrong = await signIn("/en/partner/portal/", email, "not the password at all");
    const unknown = await signIn("/en/partner/portal/", "nobody@nowhere.example", PASSWORD);
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.cookie).toBe("");
    expect(wrong.res.body.replace(/value="[^"]*"/g, "")).toBe(
      unknown.res.body.replace(/value="[^"]*"/g, ""),
    );

    const { res, cookie } = await signIn("/en/partner/portal/", email);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/en/partner/portal/");
    expect(String(res.headers["set-cookie"])).toMatch(/SameSite=Strict; HttpOnly; Secure$/);
    const token = decodeURIComponent(cookie.split("=")[1] ?? "");
    const home = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie },
    });
    expect(home.body).toContain("Your partner account");

    // Sign-out without the session's CSRF token is refused and the session lives on.
    const forged = await post("/en/partner/portal/sign-out", { csrf: "forged" }, { cookie });
    expect(forged.statusCode).toBe(403);
    const foreign = await post(
      "/en/partner/portal/sign-out",
      { csrf: csrfTokenOf(token) },
      { cookie, origin: "https://evil.example" },
    );
    expect(foreign.statusCode).toBe(403);
    const still = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie },
    });
    expect(still.body).toContain("Your partner account");

    const out = await post("/en/partner/portal/sign-out", { csrf: csrfTokenOf(token) }, { cookie });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/en/partner/portal/?notice=signed_out");
    const after = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie },
    });
    expect(after.body).toContain("Partner sign-in");
    expect(after.body).not.toContain("Your partner account");
  });
});

describe("two partners", () => {
  it("each see only their own account, whatever ids the request names", async () => {
    const first = await signIn("/en/partner/portal/", "owner@lankadeals.example");
    const second = await signIn("/en/partner/portal/", "sam@cashfinder.example");
    const firstPartner = await findPartner(test.storage, "lanka-deals-portal");
    const secondPartner = await findPartner(test.storage, "cash-finder");
    for (const url of [
      "/en/partner/portal/",
      "/en/partner/portal/?partner=lanka-deals-portal",
      "/en/partner/portal/?id=lanka-deals-portal&account=lanka-deals-portal",
    ]) {
      const res = await inject(app, { method: "GET", url, headers: { cookie: second.cookie } });
      expect(res.body).toContain("cash-finder");
      expect(res.body).not.toContain("lanka-deals-portal");
      expect(res.body).not.toContain(firstPartner?.publishableKey ?? "missing");
    }
    const own = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/?partner=cash-finder",
      headers: { cookie: first.cookie },
    });
    expect(own.body).toContain("lanka-deals-portal");
    expect(own.body).not.toContain(secondPartner?.publishableKey ?? "missing");
    // One partner's CSRF token does not sign the other out.
    const firstToken = decodeURIComponent(first.cookie.split("=")[1] ?? "");
    const cross = await post(
      "/en/partner/portal/sign-out",
      { csrf: csrfTokenOf(firstToken) },
      { cookie: second.cookie },
    );
    expect(cross.statusCode).toBe(403);
  });
});

describe("hostile input", () => {
  it("answers a sign-up with wrong fields 400 with its fields marked, storing nothing", async () => {
    const res = await post("/en/partner/portal/sign-up/", {
      ...signUpForm("not-an-email", "<script>alert(1)</script>"),
      password: "short",
      website: "javascript:alert(1)",
      countries: ["lk", "xx"],
      payoutMethod: "cash in a bag",
      kind: "robot",
      terms: "",
    });
    expect(res.statusCode).toBe(400);
    for (const field of [
      "email",
      "password",
      "website",
      "countries",
      "payoutMethod",
      "kind",
      "terms",
    ]) {
      expect(res.body).toContain(`id="${field}-error"`);
    }
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).toContain("&lt;script&gt;");
    const count = await test.storage.db
      .selectFrom("partner_accounts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it("refuses forms from other origins, oversized forms, and dead or malformed links", async () => {
    const foreign = await post("/en/partner/portal/sign-up/", signUpForm("x@y.example", "X"), {
      origin: "https://evil.example",
    });
    expect(foreign.statusCode).toBe(403);
    const big = await post("/en/partner/portal/sign-in/", {
      email: "a".repeat(40_000),
      password: "x",
    });
    expect(big.statusCode).toBe(413);
    for (const token of ["", "x", "A".repeat(43), "../../etc/passwd"]) {
      const page = await inject(app, {
        method: "GET",
        url: `/partner/portal/verify/?token=${encodeURIComponent(token)}`,
      });
      expect(page.statusCode).toBe(410);
      const spent = await post("/partner/portal/verify/", { token });
      expect(spent.statusCode).toBe(410);
    }
    const nothing = await inject(app, { method: "GET", url: "/en/partner/portal/nothing/here" });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toContain("Page not found");
  });

  it("says the same for an e-mail that has an account already, and mails nothing", async () => {
    const before = smtp.messages.length;
    const res = await post(
      "/en/partner/portal/sign-up/",
      signUpForm("sam@cashfinder.example", "Cash Finder Again"),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/en/partner/portal/sign-up/sent/");
    expect(smtp.messages.length).toBe(before);
  });

  it("limits sign-ups per address", async () => {
    let last = 0;
    for (let n = 0; n <= PORTAL_SIGN_UP_PER_ADDRESS.limit; n += 1) {
      const res = await post("/en/partner/portal/sign-up/", { ...signUpForm("", ""), terms: "" });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

/** The path and token of the last e-mailed link of a kind to an address. */
function mailedLink(email: string, kind: "password"): { path: string; token: string } {
  const mail = smtp.mailsTo(email).at(-1);
  const path = new RegExp(`https://nayacompare\\.test(\\S+${kind}/\\?token=[A-Za-z0-9_-]+)`).exec(
    readableBody(mail?.raw ?? ""),
  )?.[1];
  if (!path) throw new Error(`no ${kind} link mailed to ${email}`);
  return { path, token: new URL(path, ORIGIN).searchParams.get("token") ?? "" };
}

describe("a partner made by the command line", () => {
  it("claims its account through the link `invite` mails to its contact address", async () => {
    const { keys } = await createPartner(test.storage, {
      id: "cli-partner",
      name: "CLI Partner",
      payoutModel: "lead",
      payoutRupees: 100,
      origins: [],
      postbackUrl: null,
    });
    const email = "contact@cli-partner.example";
    // No account before the invitation: its contact cannot sign in.
    expect((await signIn("/en/partner/portal/", email)).res.statusCode).toBe(401);
    const outcome = await runPartnerCommand(
      test.storage,
      ["invite", "cli-partner", "--email", email, "--language", "en"],
      { allowHttp: false },
      { origin: ORIGIN, messenger: portalMessenger, now: () => clock },
    );
    expect(outcome.err).toEqual([]);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.out.join("\n")).not.toContain("token=");
    const { path, token } = mailedLink(email, "password");
    expect(path.startsWith("/en/partner/portal/password/?token=")).toBe(true);
    const mail = smtp.mailsTo(email).at(-1);
    expect(readableBody(mail?.raw ?? "")).toContain("your account in the partner portal is ready");

    const page = await inject(app, { method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Claim your partner account");
    // The terms must be accepted and the two passwords agree.
    const noTerms = await post("/en/partner/portal/password/", {
      token,
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.body).toContain("Please accept the programme terms.");
    const mismatch = await post("/en/partner/portal/password/", {
      token,
      password: PASSWORD,
      confirm: `${PASSWORD}!`,
      terms: "yes",
    });
    expect(mismatch.statusCode).toBe(400);
    const claimed = await post("/en/partner/portal/password/", {
      token,
      password: PASSWORD,
      confirm: PASSWORD,
      terms: "yes",
    });
    expect(claimed.statusCode).toBe(303);
    expect(claimed.headers.location).toBe("/en/partner/portal/?notice=password_set");
    const spent = await post("/en/partner/portal/password/", {
      token,
      password: PASSWORD,
      confirm: PASSWORD,
      terms: "yes",
    });
    expect(spent.statusCode).toBe(410);

    const { cookie } = await signIn("/en/partner/portal/", email);
    const home = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie },
    });
    expect(home.body).toContain("cli-partner");
    expect(home.body).toContain("Approved");
    expect(home.body).toContain(keys.publishableKey);

    // A claimed account cannot be invited again.
    const again = await runPartnerCommand(
      test.storage,
      ["invite", "cli-partner", "--email", email],
      { allowHttp: false },
      { origin: ORIGIN, messenger: portalMessenger, now: () => clock },
    );
    expect(again.exitCode).toBe(1);
    expect(again.err.join("")).toContain("has claimed its account already");
  });
});

describe("a forgotten password", () => {
  it("is reset by an e-mailed link that ends the account's sessions; unknown e-mails read the same", async () => {
    const email = "owner@lankadeals.example";
    const before = await signIn("/partner/portal/", email);
    const mailsBefore = smtp.messages.length;
    const unknown = await post("/partner/portal/forgot/", { email: "nobody@nowhere.example" });
    expect(unknown.statusCode).toBe(303);
    expect(smtp.messages.length).toBe(mailsBefore);
    const asked = await post("/partner/portal/forgot/", { email: "Owner@LankaDeals.example" });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(unknown.headers.location);
    const { path, token } = mailedLink(email, "password");
    expect(path.startsWith("/partner/portal/password/?token=")).toBe(true);
    const page = await inject(app, { method: "GET", url: path });
    expect(page.body).toContain("නව මුරපදයක් සකසන්න");
    const weak = await post("/partner/portal/password/", {
      token,
      password: "owner-lankadeals",
      confirm: "owner-lankadeals",
    });
    expect(weak.statusCode).toBe(400);
    const NEW = "nine quiet lanterns by the lake";
    const reset = await post("/partner/portal/password/", { token, password: NEW, confirm: NEW });
    expect(reset.statusCode).toBe(303);
    // The session from before the reset has ended; the old password works no more.
    const ended = await inject(app, {
      method: "GET",
      url: "/partner/portal/",
      headers: { cookie: before.cookie },
    });
    expect(ended.body).not.toContain("lanka-deals-portal");
    expect((await signIn("/partner/portal/", email)).res.statusCode).toBe(401);
    expect((await signIn("/partner/portal/", email, NEW)).res.statusCode).toBe(303);
  });
});

describe("two-step sign-in", () => {
  it("is turned on with a code of the shown secret, then asked for after the password", async () => {
    const base = "/en/partner/portal/";
    const email = "sam@cashfinder.example";
    const first = await signIn(base, email);
    const token = decodeURIComponent(first.cookie.split("=")[1] ?? "");
    const csrf = csrfTokenOf(token);
    const setup = await inject(app, {
      method: "GET",
      url: `${base}two-factor/`,
      headers: { cookie: first.cookie },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain('<svg class="qr"');
    const secret = (
      /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(setup.body)?.[1] ?? ""
    ).replace(/ /g, "");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const forged = await post(
      `${base}two-factor/`,
      { csrf: "forged", code: totpCodeAt(secret, clock) },
      { cookie: first.cookie },
    );
    expect(forged.statusCode).toBe(403);
    const wrong = await post(
      `${base}two-factor/`,
      { csrf, code: "000000" },
      { cookie: first.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const on = await post(
      `${base}two-factor/`,
      { csrf, code: totpCodeAt(secret, clock) },
      { cookie: first.cookie },
    );
    expect(on.statusCode).toBe(303);
    const home = await inject(app, { method: "GET", url: base, headers: { cookie: first.cookie } });
    expect(home.body).toContain("Two-step sign-in is on");

    // The password alone now opens only the code step; the home page stays closed.
    const half = await signIn(base, email);
    expect(half.res.headers.location).toBe(`${base}sign-in/code/`);
    const closed = await inject(app, {
      method: "GET",
      url: base,
      headers: { cookie: half.cookie },
    });
    expect(closed.body).not.toContain("cash-finder");
    const halfCsrf = csrfTokenOf(decodeURIComponent(half.cookie.split("=")[1] ?? ""));
    // The code used to turn it on is not accepted again.
    const replay = await post(
      `${base}sign-in/code/`,
      { csrf: halfCsrf, code: totpCodeAt(secret, clock) },
      { cookie: half.cookie },
    );
    expect(replay.statusCode).toBe(401);
    clock = new Date(clock.getTime() + 30_000);
    const done = await post(
      `${base}sign-in/code/`,
      { csrf: halfCsrf, code: totpCodeAt(secret, clock) },
      { cookie: half.cookie },
    );
    expect(done.statusCode).toBe(303);
    const full = cookieOf(done.headers["set-cookie"]);
    const opened = await inject(app, { method: "GET", url: base, headers: { cookie: full } });
    expect(opened.body).toContain("cash-finder");
    // The half session ended with the sign-in.
    const old = await inject(app, {
      method: "GET",
      url: `${base}sign-in/code/`,
      headers: { cookie: half.cookie },
    });
    expect(old.statusCode).toBe(303);
  });

  it("ends the code step after five wrong codes", async () => {
    const base = "/partner/portal/";
    const half = await signIn(base, "sam@cashfinder.example");
    const csrf = csrfTokenOf(decodeURIComponent(half.cookie.split("=")[1] ?? ""));
    const answers: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const res = await post(
        `${base}sign-in/code/`,
        { csrf, code: "123456" },
        { cookie: half.cookie },
      );
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 303]);
    const gone = await inject(app, {
      method: "GET",
      url: `${base}sign-in/code/`,
      headers: { cookie: half.cookie },
    });
    expect(gone.statusCode).toBe(303);
  });
});

describe("any form at all", () => {
  it("is answered 3xx or 4xx by every portal form, never 5xx, whatever its fields", {
    timeout: PROPERTY_TEST_TIMEOUT_MS,
  }, async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
      fc.constantFrom("", "lk", "wire", "yes", "company", "\u0000", "a@b.example", "<b>x</b>"),
    );
    const form = fc.dictionary(
      fc.constantFrom(
        "kind",
        "name",
        "email",
        "password",
        "confirm",
        "website",
        "trafficSources",
        "countries",
        "payoutMethod",
        "payoutDetails",
        "terms",
        "token",
        "csrf",
        "code",
        "__proto__",
        "constructor",
      ),
      value,
    );
    const path = fc.constantFrom(
      "sign-up/",
      "sign-in/",
      "verify/",
      "forgot/",
      "password/",
      "sign-in/code/",
      "two-factor/",
      "sign-out",
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), path, form, async (english, to, fields) => {
        run += 1;
        const body = new URLSearchParams();
        for (const [key, one] of Object.entries(fields)) {
          for (const item of [one].flat()) body.append(key, item);
        }
        const res = await inject(app, {
          method: "POST",
          url: `${english ? "/en" : ""}/partner/portal/${to}`,
          headers: FORM,
          remoteAddress: `10.9.${Math.floor(run / 250)}.${run % 250}`,
          payload: body.toString(),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(300);
        expect(res.statusCode).toBeLessThan(500);
      }),
      boundedRuns(60),
    );
  });
});

describe("what the portal writes to its log", () => {
  it("holds no e-mail, name, payout detail or token, and no query string", () => {
    const log = recorded.lines.join("\n");
    expect(log).toContain("partner verify link");
    expect(log).toContain("/partner/portal/");
    for (const personal of [
      "lankadeals.example",
      "cashfinder.example",
      "cli-partner.example",
      "Lanka Deals Portal",
      "Commercial Bank",
      "token=",
      "kettle",
    ]) {
      expect(log).not.toContain(personal);
    }
  });
});

describe("a sign-up the operator turns down", () => {
  it("is told by e-mail, and its home page says so", async () => {
    const email = "kim@no-thanks.example";
    // From another address than the tests before, which used up theirs' sign-ups.
    await signUpAndVerify("/en/partner/portal/", email, "No Thanks Media", "10.20.30.40");
    const reject = await inject(app, {
      method: "POST",
      url: "/admin/partners/no-thanks-media/reject",
      headers: formHeaders(admin),
      payload: new URLSearchParams({ csrf: admin.csrf }).toString(),
    });
    expect(reject.statusCode).toBe(303);
    const answer = readableBody(smtp.mailsTo(email).at(-1)?.raw ?? "");
    expect(answer).toContain("cannot accept it at this time");
    expect(answer).toContain("https://nayacompare.test/en/partner/portal/");
    const { cookie } = await signIn("/en/partner/portal/", email);
    const home = await inject(app, {
      method: "GET",
      url: "/en/partner/portal/",
      headers: { cookie },
    });
    expect(home.body).toContain("Not approved");
  });
});

describe("a Sri Lankan programme's sign-up (issue 35)", () => {
  // Each sign-up from an address of its own: ten an hour per address (PORTAL_SIGN_UP_PER_ADDRESS).
  let sent = 0;
  const from = () => `10.35.0.${++sent}`;
  const page = (url: string) => inject(app, { method: "GET", url });

  it("shows the programme's terms, Sri Lanka ticked, the other countries folded, local payouts", async () => {
    for (const [base, terms] of [
      ["/partner/portal/", "තහවුරු කළ සෑම ලීඩ් එකකටම Rs. 400"],
      ["/en/partner/portal/", "Rs. 400 for each verified lead, or Rs. 2,500 for each loan"],
      ["/ta/partner/portal/", "உறுதிப்படுத்தப்பட்ட ஒவ்வொரு லீட்டுக்கும் Rs. 400"],
    ] as const) {
      const res = await page(`${base}sign-up/`);
      expect(res.statusCode).toBe(200);
      // The terms come before the form.
      expect(res.body.indexOf(terms)).toBeGreaterThan(0);
      expect(res.body.indexOf(terms)).toBeLessThan(res.body.indexOf("<form"));
      expect(res.body).toMatch(/<input type="checkbox" name="countries" checked="" value="lk"\/>/);
      // The others behind a closed <details>, which works without a script.
      expect(res.body).toMatch(
        /<details><summary>[^<]+<\/summary><label[^>]*><input[^>]*name="countries"/,
      );
      expect(res.body).not.toMatch(/checked="" value="(ph|ro)"/);
      const payouts = [...res.body.matchAll(/name="payoutMethod" value="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(payouts).toEqual(["wire", "ewallet:eZ Cash", "ewallet:mCash"]);
      expect(res.body).not.toMatch(/stablecoin|PayPal|ස්ථායී|ஸ்டேபிள்/);
      // A bare domain is a site: no type="url" for the browser to refuse it.
      expect(res.body).toMatch(/<input type="text"[^>]*name="website"/);
    }
  });

  it("takes a bare domain, adding https://, and an e-wallet the operator offers", async () => {
    const email = "nimal@lankablog.example";
    const res = await post(
      "/en/partner/portal/sign-up/",
      {
        ...signUpForm(email, "Lanka Blog"),
        website: "LankaBlog.lk",
        countries: "lk",
        payoutMethod: "ewallet:mCash",
        payoutDetails: "0771234567",
      },
      {},
      from(),
    );
    expect(res.statusCode).toBe(303);
    const account = await test.storage.db
      .selectFrom("partner_accounts")
      .selectAll()
      .where("name", "=", "Lanka Blog")
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      website: "https://lankablog.lk",
      countries: '["lk"]',
      payout_method: "ewallet",
      payout_details: "mCash: 0771234567",
    });
  });

  it("refuses what is still not a site, in the page's language, keeping all but the password", async () => {
    const typed = {
      ...signUpForm("dilani@example.lk", "Dilani Writes"),
      countries: ["lk", "ph"],
      payoutMethod: "ewallet:eZ Cash",
      payoutDetails: "0712345678",
    };
    for (const [base, website, words] of [
      ["/partner/portal/", "lankablog", "කරුණාකර මෙය පරීක්ෂා කරන්න"],
      ["/en/partner/portal/", "lanka blog.lk", "Please check this: it is not valid."],
      ["/ta/partner/portal/", "ftp://lankablog.lk", "தயவுசெய்து"],
      ["/en/partner/portal/", "http://localhost:8080", "Please check this: it is not valid."],
      [
        "/en/partner/portal/",
        "https://user:pw@lankablog.lk",
        "Please check this: it is not valid.",
      ],
    ] as const) {
      const res = await post(`${base}sign-up/`, { ...typed, website }, {}, from());
      expect(res.statusCode).toBe(400);
      expect(res.body, website).toMatch(new RegExp(`id="website-error"[^>]*>[^<]*${words}`));
      // Everything typed comes back (the website as typed), the terms box ticked…
      expect(res.body).toContain('value="Dilani Writes"');
      expect(res.body).toContain('value="dilani@example.lk"');
      expect(res.body).toContain('value="Search and a Facebook page"');
      expect(res.body).toContain('value="0712345678"');
      expect(res.body).toMatch(/name="countries" checked="" value="ph"/);
      expect(res.body).toMatch(/<details open="">/);
      expect(res.body).toMatch(/name="payoutMethod" checked="" value="ewallet:eZ Cash"/);
      expect(res.body).toMatch(
        /<input type="checkbox"(?=[^>]*name="terms")(?=[^>]*checked="")[^>]*>/,
      );
      expect(res.body).toContain(`value="${website}"`);
      // …but the password, and the field says so.
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).toMatch(/<input type="password"(?![^>]*value=)[^>]*name="password"\/>/);
    }
    for (const [base, again] of [
      ["/partner/portal/", "ඔබේ ආරක්ෂාව සඳහා, ඔබේ මුරපදය නැවත ටයිප් කරන්න."],
      ["/en/partner/portal/", "For your safety, type your password again."],
      ["/ta/partner/portal/", "உங்கள் பாதுகாப்புக்காக, உங்கள் கடவுச்சொல்லை மீண்டும் தட்டச்சு செய்யுங்கள்."],
    ] as const) {
      const res = await post(`${base}sign-up/`, { ...typed, website: "nope" }, {}, from());
      expect(res.body).toMatch(new RegExp(`id="password-hint"[^>]*><strong>${again}</strong>`));
      // A first visit says nothing of the kind.
      expect((await page(`${base}sign-up/`)).body).not.toContain(again);
    }
    // A NUL byte: every portal form refuses it whole (server/accounts/forms.ts), a 400.
    const nul = await post(
      "/en/partner/portal/sign-up/",
      { ...typed, website: "lankablog.lk\u0000" },
      {},
      from(),
    );
    expect(nul.statusCode).toBe(400);
    // A payout method that is not offered any more, or never was: refused.
    for (const payoutMethod of ["stablecoin", "paypal", "ewallet", "ewallet:Bitcoin"]) {
      const res = await post("/en/partner/portal/sign-up/", { ...typed, payoutMethod }, {}, from());
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('id="payoutMethod-error"');
    }
    const stored = await test.storage.db
      .selectFrom("partner_accounts")
      .select("id")
      .where("name", "=", "Dilani Writes")
      .execute();
    expect(stored).toEqual([]);
  });
});
