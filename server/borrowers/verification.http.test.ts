import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { createMessenger } from "../messaging/messenger";
import { outboxTransports } from "../messaging/outbox";
import { webhookSmsTransport } from "../messaging/sms-webhook";
import { setUpTestApp, silentLog, testOutbox } from "../test-support";
import {
  applyVerified,
  codeSentTo,
  cookieIn,
  enterCode,
  postJsonTo,
  smsCount,
} from "./applicant.test-support";

/**
 * Issue 14's one-time codes through the app: the code sent with an
 * application, its tries, expiry and resends, the send limits, the repeat
 * that answers like a new application, the offers page that asks for the
 * code, nothing of an unverified lead shown or shared, and the landing
 * links by opaque token. The clock is the test's: codes expire and waits
 * end without waiting.
 */
let now = new Date("2026-11-21T08:00:00.000Z");
const clock = () => now;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const outbox = testOutbox();
const context = setUpTestApp({ messenger: outbox.messenger, now: clock });

let phoneNumber = 0;
/** A fresh applicant: a phone of their own, so that send limits and repeats stay apart. */
function applicant(overrides: Record<string, unknown> = {}) {
  phoneNumber += 1;
  return {
    ...validApplication,
    term: 90,
    phone: `0761${String(phoneNumber).padStart(6, "0")}`,
    ...overrides,
  };
}

const apply = (body: unknown, headers: Record<string, string> = {}, url = "/api/applications") =>
  postJsonTo(context.app, url, body, headers);
const resend = (leadId: string) =>
  postJsonTo(context.app, `/api/applications/${leadId}/verification/resend`, {});
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

async function leadRow(leadId: string) {
  return context.test.storage.db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .executeTakeFirst();
}

describe("an application's code", () => {
  it("goes by SMS to the applicant's phone in the page's language, and is stored only hashed", async () => {
    const person = applicant();
    const res = await apply(person, {}, "/api/applications?lang=en");
    expect(res.statusCode).toBe(201);
    const { leadId, verification } = res.json();
    expect(verification).toEqual({
      channel: "sms",
      expiresAt: "2026-11-21T08:10:00.000Z",
      resendAt: "2026-11-21T08:00:30.000Z",
      triesLeft: 5,
    });
    const code = codeSentTo(outbox.messages(), person.phone);
    expect(outbox.messages().at(-1)?.text).toContain("your code is");
    // WebOTP's line (decision 0373), alone and last: the site's public host, then the code.
    const lines = outbox.messages().at(-1)?.text.split("\n") ?? [];
    expect(lines.at(-1)).toBe(`@nayacompare.test #${code}`);
    expect(lines.at(-2)).toContain("your code is");
    const stored = await context.test.storage.db
      .selectFrom("lead_verifications")
      .selectAll()
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const sinhala = applicant();
    await apply(sinhala);
    expect(outbox.messages().at(-1)?.text).toContain("ඔබේ කේතය");
    const sinhalaCode = codeSentTo(outbox.messages(), sinhala.phone);
    expect(outbox.messages().at(-1)?.text.split("\n").at(-1)).toBe(
      `@nayacompare.test #${sinhalaCode}`,
    );
  });

  it("tells a wrong code with the tries left, and is dead after five", async () => {
    const person = applicant();
    const { leadId } = (await apply(person)).json();
    const code = codeSentTo(outbox.messages(), person.phone);
    for (const triesLeft of [4, 3, 2, 1]) {
      const wrong = await enterCode(context.app, leadId, otherThan(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: { code: "wrong_code" },
        verification: { triesLeft },
      });
      expect(cookieIn(wrong, "lead")).toBeUndefined();
    }
    const fifth = await enterCode(context.app, leadId, otherThan(code));
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().error.code).toBe("too_many_tries");
    // The right code comes too late.
    const right = await enterCode(context.app, leadId, code);
    expect(right.statusCode).toBe(410);
    expect(right.json().error.code).toBe("too_many_tries");
    expect((await leadRow(leadId))?.verified_at).toBeNull();
  });

  it("expires after ten minutes", async () => {
    const person = applicant();
    const { leadId } = (await apply(person)).json();
    const code = codeSentTo(outbox.messages(), person.phone);
    later(10 * 60 * 1000);
    const late = await enterCode(context.app, leadId, code);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe("code_expired");
    expect(cookieIn(late, "lead")).toBeUndefined();
  });

  it("is sent again only after a wait that doubles, and only the newest one works", async () => {
    const person = applicant();
    const { leadId } = (await apply(person)).json();
    const first = codeSentTo(outbox.messages(), person.phone);
    const soon = await resend(leadId);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe("resend_too_soon");
    expect(soon.headers["retry-after"]).toBe("30");
    later(30_000);
    const again = await resend(leadId);
    expect(again.statusCode).toBe(200);
    expect(Date.parse(again.json().verification.resendAt) - now.getTime()).toBe(60_000);
    expect(smsCount(outbox.messages(), person.phone)).toBe(2);
    const second = codeSentTo(outbox.messages(), person.phone);
    later(59_000);
    expect((await resend(leadId)).headers["retry-after"]).toBe("1");
    later(1_000);
    const third = await resend(leadId);
    expect(Date.parse(third.json().verification.resendAt) - now.getTime()).toBe(120_000);
    const newest = codeSentTo(outbox.messages(), person.phone);
    for (const old of [first, second].filter((code) => code !== newest)) {
      expect((await enterCode(context.app, leadId, old)).json().error.code).toBe("wrong_code");
    }
    const verified = await enterCode(context.app, leadId, newest);
    expect(verified.statusCode).toBe(200);
    expect((await resend(leadId)).statusCode).toBe(409);
    expect((await enterCode(context.app, leadId, newest)).statusCode).toBe(409);
  });

  it("answers 404 for an id that waits for no code", async () => {
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "not-an-id"]) {
      expect((await enterCode(context.app, id, "123456")).json().error.code).toBe(
        "unknown_application",
      );
      expect((await resend(id)).statusCode).toBe(404);
    }
    const bad = await postJsonTo(
      context.app,
      "/api/applications/AAAAAAAAAAAAAAAAAAAAAA/verification",
      { code: "12 34" },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("invalid_body");
  });
});

describe("a repeat application", () => {
  it("answers exactly like a new one, and only its code joins the visitor to the earlier lead", async () => {
    const person = applicant();
    const earlier = await applyVerified(context.app, outbox.messages, person);
    later(60 * 60 * 1000);
    const repeat = await apply({ ...person, fullName: "Someone Else", amount: 20_000 });
    const stranger = await apply(applicant());
    for (const res of [repeat, stranger]) {
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(["leadId", "verification"]);
      expect(Object.keys(res.json().verification).sort()).toEqual([
        "channel",
        "expiresAt",
        "resendAt",
        "triesLeft",
      ]);
      const cookies = [res.headers["set-cookie"]].flat().map(String);
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^lead_pending=/);
    }
    expect(repeat.json().verification).toEqual(stranger.json().verification);
    expect(repeat.json().leadId).not.toBe(earlier.leadId);
    expect(JSON.stringify(repeat.headers) + repeat.body).not.toContain(earlier.leadId);

    // The code went to the phone on file; a wrong one joins nothing.
    const code = codeSentTo(outbox.messages(), person.phone);
    const wrong = await enterCode(context.app, repeat.json().leadId, otherThan(code));
    expect(cookieIn(wrong, "lead")).toBeUndefined();
    const joined = await enterCode(context.app, repeat.json().leadId, code);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ verified: true });
    expect(cookieIn(joined, "lead")).toBe(earlier.leadId);
    // The repeat keeps nothing personal and is not a lead of its own.
    expect(await leadRow(repeat.json().leadId)).toMatchObject({
      repeat_of: earlier.leadId,
      full_name: null,
      nic: null,
      phone: null,
      email: null,
    });
  });

  it("is not made of an unverified earlier application: typing someone's NIC and phone first claims nothing", async () => {
    const person = applicant();
    const first = await apply({ ...person, fullName: "An Impostor" });
    const real = await applyVerified(context.app, outbox.messages, person);
    expect(real.leadId).toBe(real.appliedId);
    expect(real.leadId).not.toBe(first.json().leadId);
    expect((await leadRow(first.json().leadId))?.verified_at).toBeNull();
  });

  it("of a day ago or more is a new lead", async () => {
    const person = applicant();
    const earlier = await applyVerified(context.app, outbox.messages, person);
    later(24 * 60 * 60 * 1000);
    const next = await applyVerified(context.app, outbox.messages, person);
    expect(next.leadId).toBe(next.appliedId);
    expect(next.leadId).not.toBe(earlier.leadId);
  });
});

describe("sending limits", () => {
  it("allow five codes an hour to one phone, applications and resends together", async () => {
    // The start of an hour: the five sends and the sixth fall in one window.
    now = new Date("2026-11-25T10:00:00.000Z");
    const person = applicant();
    const { leadId } = (await apply(person)).json();
    for (const wait of [30, 60, 120, 240]) {
      later(wait * 1000);
      expect((await resend(leadId)).statusCode).toBe(200);
    }
    later(480_000);
    const sixth = await resend(leadId);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe("too_many_requests");
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    const leadsBefore = await context.test.storage.db.selectFrom("leads").select("id").execute();
    const refused = await apply(person);
    expect(refused.statusCode).toBe(429);
    expect(await context.test.storage.db.selectFrom("leads").select("id").execute()).toHaveLength(
      leadsBefore.length,
    );
    expect(smsCount(outbox.messages(), person.phone)).toBe(5);
    // The counts hold no phone number (keys are hex digests: a short run of
    // digits such as "7610" can occur in one by chance, the whole number cannot).
    const keys = (
      await context.test.storage.db.selectFrom("rate_limits").select("key").execute()
    ).map((row) => row.key);
    const digits = person.phone.slice(1);
    for (const key of keys) {
      expect(key).not.toContain(digits);
      expect(key).not.toContain("+94");
    }
  });
});

describe("sending limits per IP address", () => {
  const ipOutbox = testOutbox();
  const limited = setUpTestApp({
    messenger: ipOutbox.messenger,
    codeSendLimits: { perIp: { limit: 3, windowMs: 60 * 60 * 1000 } },
  });
  const from = (remoteAddress: string) =>
    inject(limited.app, {
      method: "POST",
      url: "/api/applications",
      remoteAddress,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(applicant()),
    });

  it("stop an address after its codes, not another one", async () => {
    for (let count = 0; count < 3; count += 1) {
      expect((await from("203.0.113.7")).statusCode).toBe(201);
    }
    const over = await from("203.0.113.7");
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("too_many_requests");
    expect((await from("203.0.113.8")).statusCode).toBe(201);
    expect(ipOutbox.messages()).toHaveLength(4);
    const keys = await limited.test.storage.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((row) => row.key).join(" ")).not.toContain("203.0.113");
  });
});

describe("an SMS that cannot be sent", () => {
  const failing = setUpTestApp({
    messenger: createMessenger(
      {
        // Nothing listens on the discard port: the gateway is unreachable.
        sms: webhookSmsTransport("http://127.0.0.1:9/sms"),
        mail: outboxTransports(testOutbox().dir).mail,
      },
      silentLog,
    ),
  });

  it("answers 503 with the envelope and keeps no lead", async () => {
    const res = await postJsonTo(failing.app, "/api/applications", applicant());
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("message_not_sent");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await failing.test.storage.db.selectFrom("leads").select("id").execute()).toHaveLength(
      0,
    );
  });
});

describe("an unverified lead", () => {
  let leadId = "";
  let pending = "";
  beforeAll(async () => {
    const res = await apply(applicant({ sub1: "unverified-sub" }));
    leadId = res.json().leadId;
    pending = cookieIn(res, "lead_pending") ?? "";
  });

  it("is nowhere: offers page, lead feed, click-out and push do not know it", async () => {
    expect(pending).toBe(leadId);
    const page = await inject(context.app, {
      method: "GET",
      url: "/en/offers/",
      headers: { cookie: `lead=${leadId}` },
    });
    expect(page.body).not.toContain("Thank you!");
    const feed = await inject(context.app, {
      method: "GET",
      url: `/api/feed/leads?lead_id=${leadId}`,
    });
    expect(feed.statusCode).toBe(404);
    const go = await inject(context.app, {
      method: "GET",
      url: "/go/101",
      headers: { cookie: `lead=${leadId}` },
    });
    const location = new URL(String(go.headers.location));
    expect(location.searchParams.get("sub1")).toBe("");
    const click = await context.test.storage.db
      .selectFrom("clicks")
      .select("lead_id")
      .where("id", "=", location.searchParams.get("click_id"))
      .executeTakeFirstOrThrow();
    expect(click.lead_id).toBeNull();
    expect((await leadRow(leadId))?.status).toBe("matched");
    const push = await inject(context.app, {
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { "content-type": "application/json", cookie: `lead=${leadId}` },
      payload: JSON.stringify({
        endpoint: "https://fcm.googleapis.com/fcm/send/unverified",
        keys: {
          p256dh: Buffer.alloc(65, 4).toString("base64url"),
          auth: Buffer.alloc(16, 1).toString("base64url"),
        },
        locale: "en",
      }),
    });
    expect(push.statusCode).toBe(409);
    expect(push.json().error.code).toBe("no_application");
  });

  it("makes its offers page ask for the code, in either language and in-app navigation", async () => {
    for (const [path, title] of [
      ["/en/offers/", "Enter the code we sent you"],
      ["/offers/", "අපි එවූ කේතය ඇතුළත් කරන්න"],
    ] as const) {
      const res = await inject(context.app, {
        method: "GET",
        url: path,
        headers: { cookie: `lead_pending=${pending}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(title);
      // React writes the attributes camel-cased; HTML reads them in any case.
      expect(res.body).toMatch(/ autocomplete="one-time-code"/i);
      expect(res.body).toMatch(/ inputmode="numeric"/i);
      expect(res.body).not.toContain("offers matching you");
      expect(res.body).not.toContain('href="/go/');
    }
    const state = await inject(context.app, {
      method: "GET",
      url: "/client-api/page?path=/en/offers/",
      headers: { cookie: `lead_pending=${pending}` },
    });
    expect(state.json().state.view.pending).toMatchObject({ leadId, triesLeft: 5 });
    expect(state.json().state.view.lead).toBeUndefined();
    // A visitor without a pending application sees the offers as before.
    const plain = await inject(context.app, {
      method: "GET",
      url: "/en/offers/",
      headers: { cookie: "lead_pending=AAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(plain.body).not.toContain("Enter the code we sent you");
  });

  it("is deleted a day after it was made: its page no longer asks for a code", async () => {
    later(24 * 60 * 60 * 1000);
    const page = await inject(context.app, {
      method: "GET",
      url: "/en/offers/",
      headers: { cookie: `lead_pending=${pending}` },
    });
    expect(page.body).not.toContain("Enter the code we sent you");
    expect((await enterCode(context.app, leadId, "123456")).statusCode).toBe(404);
  });
});

describe("the confirmation e-mail and its link", () => {
  it("goes once the code is entered, with an opaque link that expires after seven days", async () => {
    const person = applicant({ email: "ruwani.k@example.lk" });
    const res = await apply(person, {}, "/api/applications?lang=en");
    expect(outbox.messages().some((message) => message.to === "ruwani.k@example.lk")).toBe(false);
    const code = codeSentTo(outbox.messages(), person.phone);
    await enterCode(context.app, res.json().leadId, code);
    const mail = outbox.messages().filter((message) => message.to === "ruwani.k@example.lk");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Your loan application at NayaCompare");
    expect(mail[0]?.text).toContain("The link works for 7 days");
    const link = new URL(/https:\/\/\S+/.exec(mail[0]?.text ?? "")?.[0] ?? "");
    expect(link.pathname).toBe("/en/landing/offers/");
    const token = link.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail[0]?.text).not.toContain(res.json().leadId);
    const stored = await context.test.storage.db
      .selectFrom("landing_tokens")
      .selectAll()
      .where("lead_id", "=", res.json().leadId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const open = () =>
      inject(context.app, { method: "GET", url: `${link.pathname}${link.search}` });
    expect(cookieIn(await open(), "lead")).toBe(res.json().leadId);
    // The lead id is no token.
    const byId = await inject(context.app, {
      method: "GET",
      url: `/landing/offers/?token=${res.json().leadId}`,
    });
    expect(byId.statusCode).toBe(303);
    expect(byId.headers["set-cookie"]).toBeUndefined();
    later(7 * 24 * 60 * 60 * 1000 - 1);
    expect(cookieIn(await open(), "lead")).toBe(res.json().leadId);
    later(1);
    const expired = await open();
    expect(expired.statusCode).toBe(303);
    // Issue 17: past its seven days the link says so, in its language (decision 0205).
    expect(expired.headers.location).toBe("/en/offers-link/expired/");
    expect(expired.headers["set-cookie"]).toBeUndefined();
  });
});
