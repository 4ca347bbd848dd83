import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASURE_CODE } from "../../core/domain/erasure-code";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { createLogger } from "../log";
import { createMessenger } from "../messaging/messenger";
import { MessageError } from "../messaging/transports";
import { createLead } from "../partners/leads.test-support";
import { addStaffMember, signInOverHttp, type TestMember } from "../staff/staff.test-support";
import { openedLead, plainMarker } from "../storage/stored-bytes.test-support";
import { appWith, openTestSqlite, type TestStorage, testOutbox } from "../test-support";
import { isSuppressed } from "./erasure";
import { subscribeToLead } from "./push";

const offers = loadCatalogues().get("lk") ?? [];

let test: TestStorage;
let app: ReturnType<typeof appWith>;
let outbox: ReturnType<typeof testOutbox>;
const logLines: string[] = [];
/** The app's clock: tests move it to let codes expire and limits reset. */
let clock = new Date("2026-11-21T06:00:00.000Z");

beforeAll(async () => {
  test = await openTestSqlite();
  outbox = testOutbox();
  app = appWith(test.storage, {
    messenger: outbox.messenger,
    outboxDir: outbox.dir,
    now: () => clock,
    // Everything logged, so the test can prove no contact reaches a log line.
    log: createLogger("debug", {
      out: (line) => logLines.push(line),
      err: (line) => logLines.push(line),
    }),
  });
});

afterAll(async () => {
  await test.cleanup();
});

let address = 0;
/** A client address of its own per request, unless a test means one IP. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

const post = (url: string, body: unknown, ip = nextAddress()) =>
  inject(app, {
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

const formPost = (url: string, fields: Record<string, string>, ip = nextAddress()) =>
  inject(app, {
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

const page = (url: string) => inject(app, { method: "GET", url });

/** The code of the last message to a contact, as the person would read it. */
function codeSentTo(contact: string): string {
  const message = outbox.messages().findLast((sent) => sent.to === contact);
  const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error(`No code was sent to ${contact}`);
  return code;
}

/** A code that is not the one sent (nor any other of the request's). */
function wrongCode(...right: string[]): string {
  for (let code = 100_000; ; code += 1) {
    if (!right.includes(String(code))) return String(code);
  }
}

/**
 * Someone who applied, subscribed to push, wrote a comment and a review,
 * has a partner postback on their lead and messages in the outbox.
 */
async function person(name: string, email: string, localPhone: string) {
  const { leadId } = await createLead(
    test.storage,
    applicationSchema(TEST_TODAY).parse({
      ...validApplication,
      fullName: name,
      email,
      phone: localPhone,
    }),
    offers,
    { now: clock },
  );
  await subscribeToLead(
    test.storage,
    leadId,
    {
      endpoint: `https://fcm.googleapis.com/fcm/send/${leadId}`,
      keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) },
      locale: "en",
    },
    clock,
  );
  await test.storage.db
    .insertInto("partner_postbacks")
    .values({
      click_id: `click-${leadId}`,
      status: "approved",
      partner_id: "lanka-deals",
      lead_id: leadId,
      payout_rupees: 400,
      url: `https://lankadeals.lk/pb?lead=${leadId}`,
      attempts: 1,
      created_at: clock.toISOString(),
    })
    .execute();
  // What they wrote, sealed under their e-mail's key as the site stores it (decision 0335).
  const writer = await test.storage.keys.contactKey(test.storage.db, "email", email);
  const commentId = `comment-${leadId}`.slice(0, 22);
  await test.storage.db
    .insertInto("comments")
    .values({
      id: commentId,
      slug: "are-you-ready-to-apply-for-personal-loans",
      parent_id: null,
      status: "approved",
      locale: "en",
      ...writer.seal("comments", { name, email, text: `${name}'s comment text` }),
      key_id: writer.id,
      created_at: clock.toISOString(),
    })
    .execute();
  await test.storage.db
    .insertInto("reviews")
    .values({
      id: `review-${leadId}`.slice(0, 22),
      status: "approved",
      locale: "en",
      ...writer.seal("reviews", { name, email, text: `${name}'s review text` }),
      key_id: writer.id,
      rating: 5,
      created_at: clock.toISOString(),
    })
    .execute();
  const phone = `+94${localPhone.replaceAll(" ", "").slice(1)}`;
  await outbox.messenger.applicationCode(phone, "111111", 10, "en");
  await outbox.messenger.applicationConfirmation(
    email,
    { offers: "https://nayacompare.test/x", erasure: "https://nayacompare.test/y", days: 30 },
    "en",
  );
  return { leadId, email, phone, name };
}

/** What we hold of a person, as the tests look for it. */
async function holdings(who: { leadId: string; email: string; phone: string }) {
  const db = test.storage.db;
  const lead = await openedLead(test.storage, who.leadId);
  if (!lead) throw new Error("the lead is gone");
  const writer = await test.storage.keys.contactKeyId(db, "email", who.email);
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    leadEmail: lead.email,
    leadPhone: lead.phone,
    leadName: lead.full_name,
    comments: await count(
      db.selectFrom("comments").select("id").where("key_id", "=", writer).execute(),
    ),
    reviews: await count(
      db.selectFrom("reviews").select("id").where("key_id", "=", writer).execute(),
    ),
    push: await count(
      db.selectFrom("push_subscriptions").select("id").where("lead_id", "=", who.leadId).execute(),
    ),
    postbacks: await count(
      db
        .selectFrom("partner_postbacks")
        .select("click_id")
        .where("lead_id", "=", who.leadId)
        .execute(),
    ),
    outboxToEmail: outbox.messages().filter((message) => message.to === who.email).length,
    outboxToPhone: outbox.messages().filter((message) => message.to === who.phone).length,
    emailSuppressed: await isSuppressed(test.storage, "email", who.email),
    phoneSuppressed: await isSuppressed(test.storage, "phone", who.phone),
  };
}

describe("POST /api/unsubscribe (the request)", () => {
  it("answers a contact we hold and one we do not exactly alike, and sends each a code", async () => {
    await person("Held Person", "held@example.lk", "077 555 0001");
    const held = await post("/api/unsubscribe", { email: "Held@Example.lk", locale: "en" });
    const unknown = await post("/api/unsubscribe", { email: "nobody@example.lk", locale: "en" });
    for (const res of [held, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(Object.keys(res.json())).toEqual(["requestId"]);
      expect(res.json().requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const shape = (res: typeof held) =>
      Object.keys(res.headers)
        .filter((name) => !["date", "etag", "content-length"].includes(name))
        .sort();
    expect(shape(held)).toEqual(shape(unknown));
    expect(held.json().requestId).not.toBe(unknown.json().requestId);
    // Both get a code, in the page's language, whether or not we hold anything.
    for (const contact of ["held@example.lk", "nobody@example.lk"]) {
      const message = outbox.messages().findLast((sent) => sent.to === contact);
      expect(message).toMatchObject({
        channel: "mail",
        subject: "Your code to delete your data from NayaCompare",
      });
      expect(message?.text).toContain(`${ERASURE_CODE.minutes} minutes`);
      expect(codeSentTo(contact)).toMatch(/^\d{6}$/);
    }
  });

  it("sends a code by SMS to a phone, in Sinhala unless the page says otherwise", async () => {
    const res = await post("/api/unsubscribe", { phone: "071 555 0002" });
    expect(res.statusCode).toBe(202);
    const sms = outbox.messages().findLast((sent) => sent.to === "+94715550002");
    expect(sms?.channel).toBe("sms");
    expect(sms?.text).toContain("ඔබේ කේතය");
  });

  it("changes nothing until a code comes back, and stores the code only hashed", async () => {
    const who = await person("Unconfirmed Person", "unconfirmed@example.lk", "077 555 0003");
    const before = await holdings(who);
    const res = await post("/api/unsubscribe", { email: who.email, phone: who.phone });
    expect(res.statusCode).toBe(202);
    expect(await holdings(who)).toEqual({ ...before, outboxToEmail: 2, outboxToPhone: 2 });
    const rows = await test.storage.db
      .selectFrom("erasure_confirmations")
      .selectAll()
      .where("request_id", "=", res.json().requestId)
      .execute();
    expect(rows.map((row) => row.kind).sort()).toEqual(["email", "phone"]);
    for (const row of rows) {
      const code = codeSentTo(row.kind === "email" ? who.email : who.phone);
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const admin = await adminPage();
    expect(admin).not.toMatch(/<td>[^<]*<\/td><td>(e-mail|phone|e-mail and phone)<\/td>/);
  });

  it.each([
    [{ email: "not-an-email" }, { email: "Enter a valid email address" }],
    [{ phone: "011 234 5678" }, { phone: "Enter a valid phone number" }],
    [{}, { email: "Enter your email address or your phone number" }],
    [{ email: "a@b.lk", name: "Kamala" }, { name: "is not a known field" }],
    [{ email: 42 }, { email: expect.any(String) }],
    [{ email: "a@b.lk", locale: "fr" }, { locale: expect.any(String) }],
  ])("refuses %j with 400, SPEC §5's message, no code and no change", async (body, fields) => {
    const sent = outbox.messages().length;
    const res = await post("/api/unsubscribe", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_body", fields });
    expect(outbox.messages().length).toBe(sent);
  });

  it("answers 503 with the envelope when the code cannot be sent", async () => {
    const failing = {
      name: "broken",
      real: true,
      send: () => Promise.reject(new MessageError("down")),
    };
    const broken = appWith(test.storage, {
      messenger: createMessenger({ sms: failing, mail: failing }, createLogger("silent")),
      now: () => clock,
    });
    const res = await inject(broken, {
      method: "POST",
      url: "/api/unsubscribe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "unsent@example.lk" }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("message_not_sent");
    // Without JavaScript: back to the form, which says so.
    const form = await inject(broken, {
      method: "POST",
      url: "/api/unsubscribe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "locale=en&email=unsent%40example.lk",
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/en/unsubscribe/?error=send");
    expect((await page("/en/unsubscribe/?error=send")).body).toContain(
      "We could not send the code. Please try again in a moment.",
    );
  });
});

describe("POST /api/unsubscribe/confirm (the code)", () => {
  it("erases, once both codes are given, the leads, comments and reviews (text and all), push subscriptions, partner postbacks' lead ids and outbox messages", async () => {
    const who = await person("Nimali Perera", "nimali.perera@example.lk", "077 555 0010");
    const bystander = await person("Ruwan Silva", "ruwan.silva@example.lk", "077 555 0011");
    const bystanderBefore = await holdings(bystander);
    const { requestId } = (
      await post("/api/unsubscribe", { email: who.email, phone: who.phone })
    ).json();
    const emailCode = codeSentTo(who.email);
    const phoneCode = codeSentTo(who.phone);
    expect(emailCode).not.toBe(phoneCode);

    // The SMS often comes first: either code may be given first.
    const first = await post("/api/unsubscribe/confirm", { requestId, code: phoneCode });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ erased: "phone", waiting: ["email"] });
    expect(String(first.headers["set-cookie"])).toMatch(/^lead=; Path=\/; Max-Age=0/);
    const halfway = await holdings(who);
    expect(halfway).toMatchObject({
      leadPhone: null,
      leadName: null,
      push: 0,
      postbacks: 0,
      outboxToPhone: 0,
      phoneSuppressed: true,
      // The e-mail's own writings wait for its code.
      comments: 1,
      reviews: 1,
      emailSuppressed: false,
    });
    // The phone's lead named the e-mail: its messages went, all but its deletion code.
    expect(
      outbox
        .messages()
        .filter((message) => message.to === who.email)
        .map((message) => message.purpose),
    ).toEqual(["erasure code"]);

    const second = await post("/api/unsubscribe/confirm", {
      requestId,
      code: ` ${emailCode.slice(0, 3)} ${emailCode.slice(3)} `,
    });
    expect(second.json()).toEqual({ erased: "email", waiting: [] });
    expect(await holdings(who)).toEqual({
      leadEmail: null,
      leadPhone: null,
      leadName: null,
      comments: 0,
      reviews: 0,
      push: 0,
      postbacks: 0,
      outboxToEmail: 0,
      outboxToPhone: 0,
      emailSuppressed: true,
      phoneSuppressed: true,
    });
    const texts = await test.storage.db.selectFrom("comments").select("text").execute();
    expect(texts.map((row) => row.text)).not.toContain("Nimali Perera's comment text");
    const postback = await test.storage.db
      .selectFrom("partner_postbacks")
      .select(["lead_id", "url"])
      .where("click_id", "=", `click-${who.leadId}`)
      .executeTakeFirstOrThrow();
    expect(postback).toEqual({ lead_id: null, url: "https://lankadeals.lk/pb?lead=" });
    // Someone else's data is untouched.
    expect(await holdings(bystander)).toEqual(bystanderBefore);

    // A used code erases nothing more, and the request is over.
    const again = await post("/api/unsubscribe/confirm", { requestId, code: emailCode });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe("code_expired");

    // The moderators see the two confirmed erasures, with counts only.
    const admin = await adminPage();
    expect(admin).toMatch(/<td>phone<\/td><td>1<\/td>/);
    expect(admin).toMatch(/<td>e-mail<\/td><td>2<\/td>/);
    expect(admin).not.toContain("nimali");
  });

  it("never lets one contact's code erase another contact of the same request (the pairing attack)", async () => {
    const victim = await person("Victim Person", "victim@example.lk", "077 555 0020");
    const before = await holdings(victim);
    // The attacker pairs their own e-mail with the victim's phone.
    const { requestId } = (
      await post("/api/unsubscribe", { email: "attacker@example.lk", phone: victim.phone })
    ).json();
    const attackerCode = codeSentTo("attacker@example.lk");
    const res = await post("/api/unsubscribe/confirm", { requestId, code: attackerCode });
    expect(res.json()).toEqual({ erased: "email", waiting: ["phone"] });
    // The same code again does not reach the phone either.
    const reuse = await post("/api/unsubscribe/confirm", { requestId, code: attackerCode });
    expect(reuse.json().error).toMatchObject({ code: "wrong_code", triesLeft: 4 });
    // Guessing the phone's code ends with the request spent.
    const victimCode = codeSentTo(victim.phone);
    const guesses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const code = wrongCode(victimCode, attackerCode);
      guesses.push((await post("/api/unsubscribe/confirm", { requestId, code })).statusCode);
    }
    expect(guesses).toEqual([400, 400, 400, 410, 410, 410]);
    const last = await post("/api/unsubscribe/confirm", { requestId, code: victimCode });
    expect(last.json().error.code).toBe("too_many_tries");
    expect(await holdings(victim)).toEqual({
      ...before,
      // The code meant for the victim went to their phone; nothing else changed.
      outboxToPhone: before.outboxToPhone + 1,
    });
  });

  it("says how many tries are left, then refuses even the right code after five wrong ones", async () => {
    const who = await person("Tries Person", "tries@example.lk", "077 555 0030");
    const before = await holdings(who);
    const { requestId } = (await post("/api/unsubscribe", { email: who.email })).json();
    const right = codeSentTo(who.email);
    const answers: unknown[] = [];
    for (let guess = 0; guess < ERASURE_CODE.tries; guess += 1) {
      const res = await post("/api/unsubscribe/confirm", { requestId, code: wrongCode(right) });
      answers.push([res.statusCode, res.json().error.code, res.json().error.triesLeft]);
    }
    expect(answers).toEqual([
      [400, "wrong_code", 4],
      [400, "wrong_code", 3],
      [400, "wrong_code", 2],
      [400, "wrong_code", 1],
      [410, "too_many_tries", undefined],
    ]);
    const res = await post("/api/unsubscribe/confirm", { requestId, code: right });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe("too_many_tries");
    expect(await holdings(who)).toEqual({ ...before, outboxToEmail: before.outboxToEmail + 1 });
    // A spent request forgets the contact at once.
    const row = await test.storage.db
      .selectFrom("erasure_confirmations")
      .select(["contact", "code_hash"])
      .where("request_id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contact: null, code_hash: null });
  });

  it("lets a code work for ten minutes only, then forgets the contact", async () => {
    const who = await person("Late Person", "late@example.lk", "077 555 0040");
    const before = await holdings(who);
    const { requestId } = (await post("/api/unsubscribe", { email: who.email })).json();
    const code = codeSentTo(who.email);
    const start = clock;
    clock = new Date(start.getTime() + ERASURE_CODE.minutes * 60_000);
    try {
      const res = await post("/api/unsubscribe/confirm", { requestId, code });
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe("code_expired");
      expect(await holdings(who)).toEqual({ ...before, outboxToEmail: before.outboxToEmail + 1 });
      // The next request sweeps: the expired one no longer holds the e-mail.
      await post("/api/unsubscribe", { email: "someone.else@example.lk" });
      const row = await test.storage.db
        .selectFrom("erasure_confirmations")
        .select("contact")
        .where("request_id", "=", requestId)
        .executeTakeFirstOrThrow();
      expect(row.contact).toBeNull();
    } finally {
      clock = start;
    }
    // A minute before the end it still works.
    const { requestId: second } = (await post("/api/unsubscribe", { email: who.email })).json();
    clock = new Date(start.getTime() + (ERASURE_CODE.minutes - 1) * 60_000);
    try {
      const res = await post("/api/unsubscribe/confirm", {
        requestId: second,
        code: codeSentTo(who.email),
      });
      expect(res.json()).toEqual({ erased: "email", waiting: [] });
    } finally {
      clock = start;
    }
  });

  it.each([
    [{ requestId: "AAAAAAAAAAAAAAAAAAAAAA", code: "123456" }, 410, "code_expired"],
    [{ requestId: "AAAAAAAAAAAAAAAAAAAAAA", code: "12345" }, 400, "invalid_body"],
    [{ requestId: "not-an-id", code: "123456" }, 400, "invalid_body"],
    [{ requestId: "AAAAAAAAAAAAAAAAAAAAAA", code: "123456", email: "a@b.lk" }, 400, "invalid_body"],
  ])("answers %j with %i %s", async (body, status, code) => {
    const res = await post("/api/unsubscribe/confirm", body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });
});

describe("limits", () => {
  it("sends at most 3 codes an hour to one contact, from any number of addresses and instances", async () => {
    const contact = { phone: "077 555 0050" };
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let index = 0; index < 4; index += 1) {
      const res = await post("/api/unsubscribe", contact);
      statuses.push(res.statusCode);
      retryAfter = res.headers["retry-after"];
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(outbox.messages().filter((sent) => sent.to === "+94775550050")).toHaveLength(3);
    // Another contact from the same moment is not held back.
    expect((await post("/api/unsubscribe", { phone: "077 555 0051" })).statusCode).toBe(202);
    // The limit holds across instances: a second app on the same storage counts on.
    const other = appWith(test.storage, { messenger: outbox.messenger, now: () => clock });
    const res = await inject(other, {
      method: "POST",
      url: "/api/unsubscribe",
      remoteAddress: nextAddress(),
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(contact),
    });
    expect(res.statusCode).toBe(429);
    const start = clock;
    clock = new Date(start.getTime() + 60 * 60_000);
    try {
      expect((await post("/api/unsubscribe", contact)).statusCode).toBe(202);
    } finally {
      clock = start;
    }
  });

  it("sends at most 6 codes a day to one contact", async () => {
    const contact = { email: "six.a.day@example.lk" };
    const start = clock;
    const statuses: number[] = [];
    try {
      for (const hours of [0, 0, 0, 1, 1, 1, 2, 24]) {
        clock = new Date(start.getTime() + hours * 60 * 60_000);
        statuses.push((await post("/api/unsubscribe", contact)).statusCode);
      }
    } finally {
      clock = start;
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 202]);
  });

  it("sends at most 20 codes an hour from one address", async () => {
    const ip = "10.9.9.9";
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const res = await post("/api/unsubscribe", { email: `ip-limit-${index}@example.lk` }, ip);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses[20]).toBe(429);
    expect(outbox.messages().some((sent) => sent.to === "ip-limit-20@example.lk")).toBe(false);
  });

  it("takes at most 30 codes in ten minutes from one address", async () => {
    const ip = "10.9.9.10";
    const statuses = new Set<number>();
    for (let index = 0; index < 31; index += 1) {
      const body = { requestId: "AAAAAAAAAAAAAAAAAAAAAA", code: "123456" };
      const res = await post("/api/unsubscribe/confirm", body, ip);
      if (index < 30) expect(res.statusCode).toBe(410);
      else statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([429]);
  });
});

describe("without JavaScript (form posts and redirects)", () => {
  it("walks both steps on pages of the form's language, with only the request id in the address", async () => {
    const who = await person("Form Person", "form.person@example.lk", "077 555 0060");
    const sent = await formPost("/api/unsubscribe", {
      locale: "en",
      email: who.email,
      phone: "077 555 0060",
    });
    expect(sent.statusCode).toBe(303);
    const location = String(sent.headers.location);
    // The request id, opaque, is all the address holds (both contacts wait: no kind before it).
    expect(location).toMatch(/^\/en\/unsubscribe\/confirm\/[A-Za-z0-9_-]{22}\/$/);
    const requestId = location.split("/")[4] ?? "";
    const step = await page(location);
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain("Enter your code");
    expect(step.body).toContain("Code from the e-mail or the SMS");
    expect(step.body).toContain('autoComplete="one-time-code"');
    expect(step.body).not.toContain("form.person");

    // A wrong code: back to the same step, with the tries left.
    const wrong = await formPost("/api/unsubscribe/confirm", {
      locale: "en",
      requestId,
      code: wrongCode(codeSentTo(who.email), codeSentTo(who.phone)),
    });
    expect(wrong.headers.location).toBe(
      `/en/unsubscribe/confirm/${requestId}/?error=wrong&tries=4`,
    );
    expect((await page(String(wrong.headers.location))).body).toContain(
      "That code is not right. You can try 4 more times.",
    );
    // Not six digits: the same step says what a code looks like.
    const typo = await formPost("/api/unsubscribe/confirm", {
      locale: "en",
      requestId,
      code: "12 34",
    });
    expect(typo.headers.location).toBe(`/en/unsubscribe/confirm/${requestId}/?error=code`);
    expect((await page(String(typo.headers.location))).body).toContain(
      "Enter the 6-digit code from the message",
    );

    const email = await formPost("/api/unsubscribe/confirm", {
      locale: "en",
      requestId,
      code: codeSentTo(who.email),
    });
    expect(email.headers.location).toBe(`/en/unsubscribe/confirm/phone/${requestId}/?done=email`);
    const next = await page(String(email.headers.location));
    expect(next.body).toContain("Done for your e-mail address");
    expect(next.body).toContain("Code from the SMS");
    const phone = await formPost("/api/unsubscribe/confirm", {
      locale: "en",
      requestId,
      to: "phone",
      code: codeSentTo(who.phone),
    });
    expect(phone.headers.location).toBe("/en/unsubscribe/done/");
    expect((await page("/en/unsubscribe/done/")).body).toContain("Your request is done");
    expect(await holdings(who)).toMatchObject({ leadEmail: null, leadPhone: null, comments: 0 });
  });

  it("sends a spent, expired or unknown request back to the form, which says why (Sinhala at the root)", async () => {
    const { requestId } = (await post("/api/unsubscribe", { email: "spent@example.lk" })).json();
    const right = codeSentTo("spent@example.lk");
    let last = await formPost("/api/unsubscribe/confirm", { requestId, code: wrongCode(right) });
    for (let guess = 1; guess < ERASURE_CODE.tries; guess += 1) {
      last = await formPost("/api/unsubscribe/confirm", { requestId, code: wrongCode(right) });
    }
    expect(last.headers.location).toBe("/unsubscribe/?error=tries");
    expect((await page("/unsubscribe/?error=tries")).body).toContain(
      "වැරදි කේත වැඩි වාර ගණනක් ඇතුළත් කර ඇත.",
    );
    const unknown = await formPost("/api/unsubscribe/confirm", {
      locale: "en",
      requestId: "AAAAAAAAAAAAAAAAAAAAAA",
      code: "123456",
    });
    expect(unknown.headers.location).toBe("/en/unsubscribe/?error=expired");
    expect((await page("/en/unsubscribe/?error=expired")).body).toContain(
      "That code has expired or was already used.",
    );
    const tampered = await formPost("/api/unsubscribe/confirm", { requestId: "x", code: "123456" });
    expect(tampered.headers.location).toBe("/unsubscribe/?error=expired");
    // A code step's address without a request id is no page.
    expect((await page("/en/unsubscribe/confirm/nope/")).statusCode).toBe(404);
  });

  it.each([
    ["email=not-an-email&phone=", "/en/unsubscribe/?error=email", "Enter a valid email address"],
    ["email=&phone=0112345678", "/en/unsubscribe/?error=phone", "Enter a valid phone number"],
    [
      "email=&phone=",
      "/en/unsubscribe/?error=missing",
      "Enter your email address or your phone number",
    ],
  ])(
    "sends a bad request back to the form with its problem: %s",
    async (payload, location, message) => {
      const res = await inject(app, {
        method: "POST",
        url: "/api/unsubscribe",
        remoteAddress: nextAddress(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `locale=en&${payload}`,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(location);
      expect(res.headers.location).not.toContain("0112345678");
      const form = await page(location);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain(message);
    },
  );

  it("sends a visitor over the limit back to the form with the wait", async () => {
    const ip = "10.9.9.11";
    let res = await formPost("/api/unsubscribe", { email: "busy.0@example.lk" }, ip);
    for (let index = 1; index <= 20; index += 1) {
      res = await formPost("/api/unsubscribe", { email: `busy.${index}@example.lk` }, ip);
    }
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/unsubscribe\/\?error=busy&wait=\d+$/);
    expect((await page(String(res.headers.location))).body).toContain("කේත ඉල්ලීම් වැඩි වී ඇත.");
  });

  it("refuses forms posted from another site, and sends or changes nothing", async () => {
    const sent = outbox.messages().length;
    for (const [url, payload] of [
      ["/api/unsubscribe", "locale=en&email=victim%40example.lk"],
      ["/api/unsubscribe/confirm", "locale=en&requestId=AAAAAAAAAAAAAAAAAAAAAA&code=123456"],
    ] as const) {
      const res = await inject(app, {
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://evil.example",
          host: "nayacompare.test",
        },
        payload,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(outbox.messages().length).toBe(sent);
  });
});

describe("what stays behind", () => {
  it("keeps the e-mail and phone nowhere: not in the database files (WAL included), not in the logs", async () => {
    const contacts = [
      "Kamala.Perera@Example.lk",
      "kamala.perera@example.lk",
      "0779876543",
      "+94779876543",
      "779876543",
    ];
    const { requestId } = (
      await post(
        "/api/unsubscribe",
        { email: "Kamala.Perera@Example.lk", phone: "077 987 6543" },
        "10.77.77.77",
      )
    ).json();
    const files = () => readdirSync(test.dataDir).map((name) => path.join(test.dataDir, name));
    const inFiles = (contact: string) =>
      files().some((file) => readFileSync(file).includes(Buffer.from(contact)));
    // A request waiting for its codes holds the contacts, sealed (decision 0335); the check
    // can fail: a value stored in the clear is found.
    expect(inFiles("kamala.perera@example.lk")).toBe(false);
    expect(inFiles(await plainMarker(test.storage))).toBe(true);
    for (const contact of ["kamala.perera@example.lk", "+94779876543"]) {
      const res = await post("/api/unsubscribe/confirm", { requestId, code: codeSentTo(contact) });
      expect(res.statusCode).toBe(200);
    }
    expect(files().some((file) => file.endsWith("-wal"))).toBe(true);
    for (const contact of contacts) expect(inFiles(contact), contact).toBe(false);
    // The limits counted the address and the contacts under keyed hashes, never as themselves.
    const keys = await test.storage.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.some((row) => row.key.startsWith("deletion code:"))).toBe(true);
    expect(inFiles("10.77.77.77")).toBe(false);
    const logs = logLines.join("\n");
    expect(logs.length).toBeGreaterThan(0);
    for (const contact of contacts) expect(logs).not.toContain(contact);
  });
});

let moderator: TestMember | undefined;

/** The moderation page, signed in as a moderator (a staff account since issue 16). */
async function adminPage(): Promise<string> {
  moderator ??= await addStaffMember(test.storage, {
    email: "moderator@nayacompare.test",
    role: "moderator",
    now: clock,
  });
  const { cookie } = await signInOverHttp(app, moderator, {
    at: clock,
    remoteAddress: nextAddress(),
  });
  return (await inject(app, { method: "GET", url: "/admin/moderation/", headers: { cookie } }))
    .body;
}
