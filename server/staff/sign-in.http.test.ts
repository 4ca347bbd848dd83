import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../accounts/totp";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { COMMAND_LINE } from "./audit";
import { createStaff } from "./staff";
import {
  addStaffMember,
  formHeaders,
  signInOverHttp,
  TEST_PASSWORD,
  type TestMember,
} from "./staff.test-support";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SIGN_IN_PER_ADDRESS } from "./staff-realm";

/**
 * Signing in and out of the back office (issue 16) over HTTP, with the
 * app's clock in the test's hands: passwords and codes, the growing delays
 * that no stranger can turn into a lockout, session expiry, signing out
 * (here and everywhere), one-time links, and CSRF.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const ORIGIN = "https://nayacompare.test";

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
});
afterAll(async () => {
  await test?.cleanup();
});

let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

function get(url: string, cookie?: string) {
  return inject(app, { method: "GET", url, headers: cookie ? { cookie } : {} });
}

function post(
  url: string,
  form: Record<string, string>,
  {
    cookie,
    origin = ORIGIN,
    ip = nextAddress(),
  }: { cookie?: string; origin?: string; ip?: string } = {},
) {
  return inject(app, {
    method: "POST",
    url,
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const signInForm = (member: Pick<TestMember, "email">, password = TEST_PASSWORD) =>
  post("/admin/sign-in/", { email: member.email, password });

let members = 0;
const member = (role: "admin" | "moderator" | "analyst", twoFactor = role === "admin") =>
  addStaffMember(test.storage, {
    email: `member${++members}@nayacompare.test`,
    role,
    twoFactor,
    now: clock,
  });

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const value = res.headers["set-cookie"];
  return (Array.isArray(value) ? value : value ? [value] : []) as string[];
};

describe("signing in with a password", () => {
  it("opens a session in an HttpOnly, SameSite=Strict, Secure cookie scoped to /admin", async () => {
    const moderator = await member("moderator");
    const res = await signInForm(moderator);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/");
    const [session, device] = setCookies(res);
    expect(session).toMatch(
      /^admin_session=[\w-]{43}; Path=\/admin; Max-Age=43200; SameSite=Strict; HttpOnly; Secure$/,
    );
    expect(device).toMatch(
      /^admin_device=[\w-]{22}\.[\w-]{43}; Path=\/admin; Max-Age=\d+; SameSite=Strict; HttpOnly; Secure$/,
    );
    const cookie = [session, device].map((line) => line?.split(";")[0]).join("; ");
    const home = await get("/admin/", cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(moderator.email);
    // The table holds the token's hash, never the token.
    const token = session?.split(";")[0]?.split("=")[1] ?? "";
    const rows = await test.storage.db.selectFrom("staff_sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("ends the browser's earlier session when it signs in again", async () => {
    const moderator = await member("moderator");
    const first = await signInOverHttp(app, moderator, { at: clock });
    const again = await inject(app, {
      method: "POST",
      url: "/admin/sign-in/",
      remoteAddress: nextAddress(),
      headers: formHeaders(first),
      payload: new URLSearchParams({ email: moderator.email, password: TEST_PASSWORD }).toString(),
    });
    expect(again.statusCode).toBe(303);
    expect((await get("/admin/", first.cookie)).statusCode).toBe(303);
  });

  it("answers a wrong password, an unknown e-mail and a disabled member alike", async () => {
    const moderator = await member("moderator");
    const disabled = await member("analyst");
    await test.storage.db
      .updateTable("staff")
      .set({ disabled_at: clock.toISOString() })
      .where("id", "=", disabled.staff.id)
      .execute();
    const answers = await Promise.all([
      signInForm(moderator, "not the password at all"),
      signInForm({ email: "nobody@nayacompare.test" }),
      signInForm(disabled),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.body).toContain("That e-mail and password do not match an active account.");
    }
    const bodies = answers.map((res, index) =>
      res.body.replaceAll(
        [moderator.email, "nobody@nayacompare.test", disabled.email][index] ?? "",
        "E",
      ),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  it("refuses a member whose password is not set yet, like any other failure", async () => {
    const invited = await createStaff(
      test.storage,
      { email: "invited@nayacompare.test", role: "moderator" },
      COMMAND_LINE,
      clock,
    );
    const res = await signInForm({ email: invited.staff.email }, "");
    expect(res.statusCode).toBe(401);
  });

  it("refuses a sign-in form posted from another site", async () => {
    const moderator = await member("moderator");
    const res = await post(
      "/admin/sign-in/",
      { email: moderator.email, password: TEST_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("signing in with two-step sign-in", () => {
  it("asks for the code after the password, and opens nothing before it", async () => {
    const admin = await member("admin");
    const first = await signInForm(admin);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/admin/sign-in/code/");
    const [half] = setCookies(first);
    expect(half).toMatch(/Max-Age=300;/);
    expect(setCookies(first).some((line) => line.startsWith("admin_device="))).toBe(false);
    const cookie = half?.split(";")[0] ?? "";
    expect((await get("/admin/", cookie)).headers.location).toBe("/admin/sign-in/code/");
    const page = await get("/admin/sign-in/code/", cookie);
    expect(page.statusCode).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";

    const wrong = await post("/admin/sign-in/code/", { csrf, code: "000000" }, { cookie });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("You can try 4 more times.");
    const right = await post(
      "/admin/sign-in/code/",
      { csrf, code: totpCodeAt(admin.secret ?? "", clock) },
      { cookie },
    );
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe("/admin/");
    const signedIn = setCookies(right)
      .map((line) => line.split(";")[0])
      .join("; ");
    expect((await get("/admin/", signedIn)).statusCode).toBe(200);
    // The half-signed-in session ended with the second step.
    expect((await get("/admin/sign-in/code/", cookie)).headers.location).toBe("/admin/sign-in/");
  });

  it("never takes the same code twice, and takes each recovery code once", async () => {
    const admin = await member("admin");
    await signInOverHttp(app, admin, { at: clock });
    await expect(signInOverHttp(app, admin, { at: clock })).rejects.toThrow("code answered 401");
    tick(TOTP_PERIOD_SECONDS * 1000);
    await signInOverHttp(app, admin, { at: clock });

    const code = admin.recoveryCodes?.[0] ?? "";
    const withRecovery = async () => {
      const first = await signInForm(admin);
      const cookie = setCookies(first)[0]?.split(";")[0] ?? "";
      const page = await get("/admin/sign-in/code/", cookie);
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
      return post("/admin/sign-in/code/", { csrf, code: code.toUpperCase() }, { cookie });
    };
    expect((await withRecovery()).statusCode).toBe(303);
    expect((await withRecovery()).statusCode).toBe(401);
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "=", `staff:${admin.staff.id}`)
      .execute();
    expect(audit.map((row) => row.action)).toContain("staff.recovery_code_used");
  });

  it("ends the half session after five wrong codes, and slows down the next codes", async () => {
    const admin = await member("admin");
    const first = await signInForm(admin);
    const cookie = setCookies(first)[0]?.split(";")[0] ?? "";
    const csrf =
      /name="csrf" value="([^"]+)"/.exec((await get("/admin/sign-in/code/", cookie)).body)?.[1] ??
      "";
    for (let tries = 4; tries >= 1; tries -= 1) {
      const wrong = await post("/admin/sign-in/code/", { csrf, code: "000000" }, { cookie });
      expect(wrong.body).toContain(`You can try ${tries} more times.`);
    }
    const last = await post("/admin/sign-in/code/", { csrf, code: "000000" }, { cookie });
    expect(last.statusCode).toBe(401);
    expect(last.body).toContain("Too many wrong codes. Sign in again.");
    expect((await get("/admin/sign-in/code/", cookie)).headers.location).toBe("/admin/sign-in/");
    // Five wrong codes in a row: the member's next code waits a second, even the right one.
    const again = setCookies(await signInForm(admin))[0]?.split(";")[0] ?? "";
    const csrf2 =
      /name="csrf" value="([^"]+)"/.exec((await get("/admin/sign-in/code/", again)).body)?.[1] ??
      "";
    const waiting = await post(
      "/admin/sign-in/code/",
      { csrf: csrf2, code: totpCodeAt(admin.secret ?? "", clock) },
      { cookie: again },
    );
    expect(waiting.statusCode).toBe(429);
    tick(1_000);
    const right = await post(
      "/admin/sign-in/code/",
      { csrf: csrf2, code: totpCodeAt(admin.secret ?? "", clock) },
      { cookie: again },
    );
    expect(right.statusCode).toBe(303);
  });
});

describe("failed sign-ins", () => {
  it("cost nothing five times, then make the next attempt wait 1 s, 2 s, 4 s… even with the right password", async () => {
    const moderator = await member("moderator");
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await signInForm(moderator, "wrong password here")).statusCode).toBe(401);
    }
    const waiting = await signInForm(moderator);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.body).toContain("Try again in 1 s");
    tick(1_000);
    expect((await signInForm(moderator, "wrong password here")).statusCode).toBe(401);
    const longer = await signInForm(moderator);
    expect(longer.body).toContain("Try again in 2 s");
    tick(2_000);
    expect((await signInForm(moderator)).statusCode).toBe(303);
    // A success clears the count: five free failures again.
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await signInForm(moderator, "wrong password here")).statusCode).toBe(401);
    }
  });

  it("slow down an unknown e-mail exactly like a known one (no enumeration by the delay)", async () => {
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await signInForm({ email: "ghost@nayacompare.test" }, "x")).statusCode).toBe(401);
    }
    const waiting = await signInForm({ email: "ghost@nayacompare.test" }, "x");
    expect(waiting.statusCode).toBe(429);
    expect(waiting.body).toContain("Try again in 1 s");
  });

  it("never lock the member out at their own browser, however long a stranger keeps guessing", async () => {
    const moderator = await member("moderator");
    const mine = await signInOverHttp(app, moderator, { at: clock });
    expect(mine.device).toBeDefined();
    // A stranger guesses from many addresses: the account's new browsers now wait 15 minutes.
    for (let guess = 0; guess < 20; guess += 1) {
      await signInForm(moderator, `guess number ${guess}`);
    }
    expect((await signInForm(moderator)).statusCode).toBe(429);
    // The member, at the browser they signed in with before, is not slowed down at all.
    const device = `admin_device=${mine.device}`;
    const res = await post(
      "/admin/sign-in/",
      { email: moderator.email, password: TEST_PASSWORD },
      { cookie: device },
    );
    expect(res.statusCode).toBe(303);
    // Their own typos count against their browser only, not against the account.
    const typo = await post(
      "/admin/sign-in/",
      { email: moderator.email, password: "typo" },
      { cookie: device },
    );
    expect(typo.statusCode).toBe(401);
  });

  it("from one address, stop strangers at 50 in 15 minutes, but never a member's trusted browser", async () => {
    const moderator = await member("moderator");
    const mine = await signInOverHttp(app, moderator, { at: clock });
    const shared = "10.200.0.1";
    for (let attempt = 0; attempt < SIGN_IN_PER_ADDRESS.limit; attempt += 1) {
      const res = await post(
        "/admin/sign-in/",
        { email: `stranger${attempt}@example.lk`, password: "x" },
        { ip: shared },
      );
      expect(res.statusCode).toBe(401);
    }
    const busy = await post(
      "/admin/sign-in/",
      { email: moderator.email, password: TEST_PASSWORD },
      { ip: shared },
    );
    expect(busy.statusCode).toBe(429);
    expect(busy.body).toContain("Too many sign-in attempts from your network.");
    const trusted = await post(
      "/admin/sign-in/",
      { email: moderator.email, password: TEST_PASSWORD },
      { ip: shared, cookie: `admin_device=${mine.device}` },
    );
    expect(trusted.statusCode).toBe(303);
  });
});

describe("sessions", () => {
  it("end after 30 idle minutes; each request restarts the wait", async () => {
    const analyst = await member("analyst");
    const { cookie } = await signInOverHttp(app, analyst, { at: clock });
    tick(SESSION_IDLE_MS - 1);
    expect((await get("/admin/", cookie)).statusCode).toBe(200);
    tick(SESSION_IDLE_MS - 1);
    expect((await get("/admin/", cookie)).statusCode).toBe(200);
    tick(SESSION_IDLE_MS);
    const ended = await get("/admin/funnel/", cookie);
    expect(ended.statusCode).toBe(303);
    expect(ended.headers.location).toBe("/admin/sign-in/?next=%2Fadmin%2Ffunnel%2F&notice=ended");
    expect((await get(ended.headers.location as string)).body).toContain(
      "Your session has ended. Sign in again.",
    );
  });

  it("end 12 hours after signing in, however busy", async () => {
    const analyst = await member("analyst");
    const { cookie } = await signInOverHttp(app, analyst, { at: clock });
    for (let elapsed = 0; elapsed + 20 * MINUTE < SESSION_ABSOLUTE_MS; elapsed += 20 * MINUTE) {
      tick(20 * MINUTE);
      expect((await get("/admin/", cookie)).statusCode).toBe(200);
    }
    tick(SESSION_ABSOLUTE_MS % (20 * MINUTE) || 20 * MINUTE);
    expect((await get("/admin/", cookie)).statusCode).toBe(303);
  });

  it("end at sign-out: the cookie is cleared and the old token opens nothing", async () => {
    const moderator = await member("moderator");
    const signedIn = await signInOverHttp(app, moderator, { at: clock });
    const res = await post("/admin/sign-out", { csrf: signedIn.csrf }, { cookie: signedIn.cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/sign-in/?notice=signed_out");
    expect(setCookies(res)[0]).toMatch(/^admin_session=; Path=\/admin; Max-Age=0;/);
    expect((await get("/admin/", signedIn.cookie)).statusCode).toBe(303);
  });

  it("end everywhere at once, by the member or by an admin", async () => {
    const moderator = await member("moderator");
    const laptop = await signInOverHttp(app, moderator, { at: clock });
    const phone = await signInOverHttp(app, moderator, { at: clock });
    const res = await post(
      "/admin/account/sign-out-everywhere",
      { csrf: phone.csrf },
      { cookie: phone.cookie },
    );
    expect(res.headers.location).toBe("/admin/sign-in/?notice=everywhere");
    expect((await get("/admin/", laptop.cookie)).statusCode).toBe(303);
    expect((await get("/admin/", phone.cookie)).statusCode).toBe(303);

    const again = await signInOverHttp(app, moderator, { at: clock });
    tick(TOTP_PERIOD_SECONDS * 1000);
    const admin = await member("admin");
    const adminSession = await signInOverHttp(app, admin, { at: clock });
    const byAdmin = await inject(app, {
      method: "POST",
      url: `/admin/staff/${moderator.staff.id}/sign-out-everywhere`,
      headers: formHeaders(adminSession),
      payload: new URLSearchParams({ csrf: adminSession.csrf }).toString(),
    });
    expect(byAdmin.statusCode).toBe(303);
    expect((await get("/admin/", again.cookie)).statusCode).toBe(303);
    expect((await get("/admin/", adminSession.cookie)).statusCode).toBe(200);
  });
});

describe("changes without their CSRF token", () => {
  it("are refused: no token, another session's, another site's, or cross-site fetch metadata", async () => {
    const moderator = await member("moderator");
    const mine = await signInOverHttp(app, moderator, { at: clock });
    const other = await signInOverHttp(app, await member("moderator"), { at: clock });
    const attempts = [
      post("/admin/sign-out", {}, { cookie: mine.cookie }),
      post("/admin/sign-out", { csrf: other.csrf }, { cookie: mine.cookie }),
      post(
        "/admin/sign-out",
        { csrf: mine.csrf },
        { cookie: mine.cookie, origin: "https://evil.example" },
      ),
      inject(app, {
        method: "POST",
        url: "/admin/sign-out",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": "cross-site",
          cookie: mine.cookie,
        },
        payload: `csrf=${mine.csrf}`,
      }),
      // A JSON body carries no form: no token.
      inject(app, {
        method: "POST",
        url: "/admin/sign-out",
        headers: { "content-type": "application/json", origin: ORIGIN, cookie: mine.cookie },
        payload: JSON.stringify({ csrf: mine.csrf }),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain("did not come from a page of ours");
    }
    expect((await get("/admin/", mine.cookie)).statusCode).toBe(200);
  });
});

describe("a one-time link", () => {
  it("sets a password once, within 24 hours, by the rules, and signs the member in", async () => {
    const issued = await createStaff(
      test.storage,
      { email: "new.member@nayacompare.test", role: "moderator" },
      COMMAND_LINE,
      clock,
    );
    const page = await get(`/admin/enrol/?token=${issued.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.body).toContain("new.member@nayacompare.test");
    const weak = await post("/admin/enrol/", {
      token: issued.token,
      password: "password1234",
      confirm: "password1234",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("That password is too easy to guess.");
    const mismatch = await post("/admin/enrol/", {
      token: issued.token,
      password: TEST_PASSWORD,
      confirm: `${TEST_PASSWORD}!`,
    });
    expect(mismatch.body).toContain("The two passwords are not the same.");
    const done = await post("/admin/enrol/", {
      token: issued.token,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/admin/account/two-factor/");
    const cookie = setCookies(done)
      .map((line) => line.split(";")[0])
      .join("; ");
    // Offered to a moderator, who may leave it for later.
    const offer = await get("/admin/account/two-factor/", cookie);
    expect(offer.body).toContain("Not now");
    expect((await get("/admin/", cookie)).statusCode).toBe(200);
    expect((await get(`/admin/enrol/?token=${issued.token}`)).statusCode).toBe(410);

    const late = await createStaff(
      test.storage,
      { email: "late.member@nayacompare.test", role: "analyst" },
      COMMAND_LINE,
      clock,
    );
    tick(24 * 60 * MINUTE);
    expect((await get(`/admin/enrol/?token=${late.token}`)).statusCode).toBe(410);
    expect((await get("/admin/enrol/?token=made-up")).statusCode).toBe(410);
  });

  it("makes an admin set up two-step sign-in before anything else, then shows the recovery codes once", async () => {
    const issued = await createStaff(
      test.storage,
      { email: "new.admin@nayacompare.test", role: "admin" },
      COMMAND_LINE,
      clock,
    );
    const done = await post("/admin/enrol/", {
      token: issued.token,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
    });
    const cookie = setCookies(done)
      .map((line) => line.split(";")[0])
      .join("; ");
    const session = cookie.split("; ")[0]?.split("=")[1] ?? "";
    for (const path of ["/admin/", "/admin/staff/", "/admin/moderation/"]) {
      expect((await get(path, cookie)).headers.location, path).toBe("/admin/account/two-factor/");
    }
    const setUp = await get("/admin/account/two-factor/", cookie);
    expect(setUp.statusCode).toBe(200);
    expect(setUp.body).not.toContain("Not now");
    expect(setUp.body).toContain('<svg class="qr" role="img"');
    const secret =
      /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(setUp.body)?.[1]?.replaceAll(" ", "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(setUp.body)?.[1] ?? "";
    expect(csrf).not.toBe(session);
    const wrong = await post("/admin/account/two-factor/", { csrf, code: "000000" }, { cookie });
    expect(wrong.statusCode).toBe(400);
    // The same secret is shown again: the member's app already has it.
    expect(wrong.body).toContain(secret.slice(0, 4));
    const right = await post(
      "/admin/account/two-factor/",
      { csrf, code: totpCodeAt(secret, clock) },
      { cookie },
    );
    expect(right.statusCode).toBe(200);
    const codes = [...right.body.matchAll(/<li>([0-9a-z]{5}-[0-9a-z]{5})<\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    expect((await get("/admin/staff/", cookie)).statusCode).toBe(200);
    const stored = await test.storage.db.selectFrom("staff_recovery_codes").selectAll().execute();
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
  });
});
