import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { smtpMailTransport } from "../messaging/mail-smtp";
import { createMessenger } from "../messaging/messenger";
import { outboxTransports, readOutbox } from "../messaging/outbox";
import { readableBody, startTestSmtp, type TestSmtp } from "../messaging/smtp.test-support";
import { type MailTransport, MessageError } from "../messaging/transports";
import { createVerifiedLead } from "../partners/leads.test-support";
import { recordingLog, setUpTestApp, testOutbox } from "../test-support";
import { applyVerified, cookieIn, postJsonTo } from "./applicant.test-support";
import { offersLinkExpiry } from "./offers-link";

/**
 * "Save or send my offers" (issue 17, decision 0205) through the app: the
 * offers page's endpoint sends the visitor's own verified lead's link by
 * SMS or e-mail, limited per lead and per contact; the link opens the
 * offers for seven days, then lands on a page that says it no longer
 * works. The clock is the test's.
 */
let now = new Date("2026-11-25T08:00:00.000Z");
const clock = () => now;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const DAY_MS = 24 * 60 * 60 * 1000;
const outbox = testOutbox();
const recorded = recordingLog();
const context = setUpTestApp({ messenger: outbox.messenger, now: clock, log: recorded.log });

let phoneNumber = 0;
/** A fresh applicant: a phone of their own, so that limits stay apart. */
function applicant(overrides: Record<string, unknown> = {}) {
  phoneNumber += 1;
  return {
    ...validApplication,
    term: 90,
    phone: `0762${String(phoneNumber).padStart(6, "0")}`,
    email: `applicant${phoneNumber}@example.lk`,
    ...overrides,
  };
}

const send = (leadId: string | undefined, body: unknown, url = "/api/offers-link?lang=en") =>
  postJsonTo(context.app, url, body, leadId ? { cookie: `lead=${leadId}` } : {});
const contactsOf = (leadId: string | undefined) =>
  inject(context.app, {
    method: "GET",
    url: "/api/offers-link",
    headers: leadId ? { cookie: `lead=${leadId}` } : {},
  });
const linkIn = (text: string | undefined) =>
  new URL(/https?:\/\/\S+\/landing\/offers\/\?token=[A-Za-z0-9_-]+/.exec(text ?? "")?.[0] ?? "");
/** A lead without an e-mail address (as a partner's may be). */
const withoutEmail = (leadId: string) =>
  context.test.storage.db
    .updateTable("leads")
    .set({ email: null })
    .where("id", "=", leadId)
    .execute();
const e164 = (phone: string) => `+94${phone.slice(1)}`;

describe("the offers page's contacts", () => {
  it("are the visitor's own verified lead's, masked", async () => {
    const person = applicant();
    const { leadId } = await applyVerified(context.app, outbox.messages, person);
    const res = await contactsOf(leadId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      phone: `07X XXX X${person.phone.slice(-3)}`,
      email: `a•••@example.lk`,
      days: 7,
    });
    expect(res.body).not.toContain(person.phone.slice(1));
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("are nothing without a lead cookie, or for an unverified lead", async () => {
    const none = await contactsOf(undefined);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("no_application");
    const applied = await postJsonTo(context.app, "/api/applications", applicant());
    const unverified = await contactsOf(applied.json().leadId);
    expect(unverified.statusCode).toBe(404);
    expect(unverified.json().error.code).toBe("no_application");
  });
});

describe("sending the link", () => {
  it("by SMS goes to the verified number in the page's language, with a seven-day link that opens the offers", async () => {
    const person = applicant();
    const { leadId } = await applyVerified(context.app, outbox.messages, person);
    const res = await send(leadId, { channel: "sms" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      channel: "sms",
      sentTo: `07X XXX X${person.phone.slice(-3)}`,
      expiresAt: "2026-12-02T08:00:00.000Z",
      until: "02/12/2026",
    });
    const sms = outbox.messages().at(-1);
    expect(sms?.channel).toBe("sms");
    expect(sms?.to).toBe(e164(person.phone));
    expect(sms?.text).toContain("works until 02/12/2026");
    const link = linkIn(sms?.text);
    expect(link.pathname).toBe("/en/landing/offers/");
    const token = link.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another device: no cookie, the link sets it and leaves the address.
    const opened = await inject(context.app, {
      method: "GET",
      url: `${link.pathname}${link.search}`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/en/landing/offers/");
    expect(cookieIn(opened, "lead")).toBe(leadId);
    const page = await inject(context.app, {
      method: "GET",
      url: "/en/landing/offers/",
      headers: { cookie: `lead=${leadId}` },
    });
    expect(page.body).toContain("Save or send your offers");

    // Sinhala from a Sinhala page.
    await send(leadId, { channel: "sms" }, "/api/offers-link?lang=si");
    expect(outbox.messages().at(-1)?.text).toContain("දක්වා වලංගු");
    expect(linkIn(outbox.messages().at(-1)?.text).pathname).toBe("/landing/offers/");
  });

  it("by e-mail goes to a typed address, or to the application's", async () => {
    const person = applicant();
    const { leadId } = await applyVerified(context.app, outbox.messages, person);
    const typed = await send(leadId, { channel: "email", email: " Nimal.S@Example.LK " });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().sentTo).toBe("n•••@example.lk");
    const mail = outbox.messages().at(-1);
    expect(mail).toMatchObject({ channel: "mail", to: "nimal.s@example.lk" });
    expect(mail?.subject).toBe("Your loan offers at NayaCompare");
    expect(mail?.text).toContain("works until 02/12/2026");
    const opened = await inject(context.app, { method: "GET", url: linkIn(mail?.text).href });
    expect(cookieIn(opened, "lead")).toBe(leadId);

    const own = await send(leadId, { channel: "email" });
    expect(own.statusCode).toBe(200);
    expect(outbox.messages().at(-1)?.to).toBe(person.email);
  });

  it("by e-mail needs an address when the application gave none", async () => {
    const { leadId } = await applyVerified(context.app, outbox.messages, applicant());
    await withoutEmail(leadId);
    const before = outbox.messages().length;
    const res = await send(leadId, { channel: "email", email: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid_body",
      fields: { email: expect.any(String) },
    });
    expect(outbox.messages()).toHaveLength(before);
  });

  it("refuses bad input with the error envelope", async () => {
    const { leadId } = await applyVerified(context.app, outbox.messages, applicant());
    const before = outbox.messages().length;
    for (const body of [
      { channel: "fax" },
      {},
      { channel: "email", email: "not-an-address" },
      { channel: "sms", leadId: "AAAAAAAAAAAAAAAAAAAAAA" },
      { channel: "sms", phone: "0771234567" },
    ]) {
      const res = await send(leadId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_body");
    }
    const badLang = await send(leadId, { channel: "sms" }, "/api/offers-link?lang=fr");
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().error.code).toBe("invalid_query");
    const notJson = await inject(context.app, {
      method: "POST",
      url: "/api/offers-link",
      headers: { "content-type": "application/json", cookie: `lead=${leadId}` },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toEqual(expect.any(String));
    expect(outbox.messages()).toHaveLength(before);
  });

  it("only ever for the visitor's own verified lead: none, an unverified one or a made-up one sends nothing", async () => {
    const before = outbox.messages().length;
    const none = await send(undefined, { channel: "sms" });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("no_application");
    const applied = await postJsonTo(context.app, "/api/applications", applicant());
    const pending = applied.json().leadId;
    const afterApply = outbox.messages().length;
    const unverified = await send(pending, { channel: "sms" });
    expect(unverified.statusCode).toBe(404);
    const madeUp = await send("AAAAAAAAAAAAAAAAAAAAAA", {
      channel: "email",
      email: "x@example.lk",
    });
    expect(madeUp.statusCode).toBe(404);
    expect(outbox.messages()).toHaveLength(afterApply);
    expect(afterApply).toBe(before + 1); // the application's own code
  });

  it("is limited per lead, and per contact across leads", async () => {
    const { leadId } = await applyVerified(context.app, outbox.messages, applicant());
    for (let index = 0; index < 5; index += 1) {
      const address = `limit${index}@example.lk`;
      expect((await send(leadId, { channel: "email", email: address })).statusCode).toBe(200);
    }
    const sixth = await send(leadId, { channel: "email", email: "limit5@example.lk" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe("too_many_requests");
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(outbox.messages().some((message) => message.to === "limit5@example.lk")).toBe(false);

    // One address, three leads: the fourth is refused.
    const target = "target@example.lk";
    for (let index = 0; index < 3; index += 1) {
      const other = await applyVerified(context.app, outbox.messages, applicant());
      expect((await send(other.leadId, { channel: "email", email: target })).statusCode).toBe(200);
    }
    const fourth = await applyVerified(context.app, outbox.messages, applicant());
    const refused = await send(fourth.leadId, { channel: "email", email: target });
    expect(refused.statusCode).toBe(429);
    expect(outbox.messages().filter((message) => message.to === target)).toHaveLength(3);
    later(60 * 60 * 1000);
    expect((await send(fourth.leadId, { channel: "email", email: target })).statusCode).toBe(200);
  });

  it("takes a plain form from our pages and answers with the result page, refusing other sites' forms", async () => {
    const person = applicant();
    const { leadId } = await applyVerified(context.app, outbox.messages, person);
    const form = (payload: string, origin?: string) =>
      inject(context.app, {
        method: "POST",
        url: "/api/offers-link",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `lead=${leadId}`,
          host: "localhost",
          ...(origin ? { origin } : {}),
        },
        payload,
      });
    const forged = await form("locale=en&channel=sms&email=", "https://evil.example");
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe("cross_site_form");
    const before = outbox.messages().length;
    const sent = await form("locale=en&channel=sms&email=", "http://localhost");
    expect(sent.statusCode).toBe(303);
    const until = new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10);
    expect(sent.headers.location).toBe(`/en/offers-link/sent/?by=sms&until=${until}`);
    expect(outbox.messages()).toHaveLength(before + 1);
    expect(outbox.messages().at(-1)?.to).toBe(e164(person.phone));
    const bad = await form("locale=si&channel=email&email=nope", "http://localhost");
    expect(bad.headers.location).toBe("/offers-link/sent/?error=email");
    const page = await inject(context.app, { method: "GET", url: String(sent.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("We sent the link by SMS to the number you confirmed");
    const [year, month, day] = until.split("-");
    expect(page.body).toContain(`${day}/${month}/${year}`);
    const problem = await inject(context.app, {
      method: "GET",
      url: "/offers-link/sent/?error=email",
    });
    expect(problem.body).toContain("සබැඳිය එවුණේ නැත");
  });
});

describe("a transport that fails", () => {
  const broken = setUpTestApp({
    messenger: createMessenger(
      {
        sms: {
          name: "broken",
          real: true,
          send: async () => {
            throw new MessageError("the SMS gateway refused the message");
          },
        },
        mail: outboxTransports(outbox.dir).mail,
      },
      recorded.log,
    ),
    now: clock,
  });

  it("answers 503 with the envelope and Retry-After, or the result page for a plain form", async () => {
    // The code could not go by SMS either: the lead is made verified in storage.
    const { leadId } = await createVerifiedLead(
      broken.test.storage,
      applicationSchema(TEST_TODAY).parse({ ...validApplication, phone: "0769999999" }),
      loadCatalogues().get("lk") ?? [],
    );
    const res = await postJsonTo(
      broken.app,
      "/api/offers-link?lang=en",
      { channel: "sms" },
      { cookie: `lead=${leadId}` },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("message_not_sent");
    expect(res.headers["retry-after"]).toBe("60");
    const form = await inject(broken.app, {
      method: "POST",
      url: "/api/offers-link",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `lead=${leadId}` },
      payload: "locale=en&channel=sms",
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/en/offers-link/sent/?error=not_sent");
  });
});

describe("a sent link", () => {
  it("stops working after seven days and lands on a page that says so, in the link's language", async () => {
    const { leadId } = await applyVerified(context.app, outbox.messages, applicant());
    await send(leadId, { channel: "sms" });
    const link = linkIn(outbox.messages().at(-1)?.text);
    const sinhala = `/landing/offers/${link.search}`;
    later(7 * DAY_MS - 1);
    expect(cookieIn(await inject(context.app, { method: "GET", url: link.href }), "lead")).toBe(
      leadId,
    );
    later(1);
    const expired = await inject(context.app, { method: "GET", url: link.href });
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe("/en/offers-link/expired/");
    expect(expired.headers["set-cookie"]).toBeUndefined();
    const page = await inject(context.app, { method: "GET", url: "/en/offers-link/expired/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("This link no longer works");
    expect(page.body).toContain("works for 7 days");
    const si = await inject(context.app, { method: "GET", url: sinhala });
    expect(si.headers.location).toBe("/offers-link/expired/");
    const siPage = await inject(context.app, { method: "GET", url: "/offers-link/expired/" });
    expect(siPage.body).toContain("මෙම සබැඳිය තවදුරටත් ක්‍රියා නොකරයි");
  });

  it("leaves nothing personal in the log", async () => {
    const person = applicant();
    const { leadId } = await applyVerified(context.app, outbox.messages, person);
    await send(leadId, { channel: "email", email: "private.person@example.lk" });
    const token = linkIn(outbox.messages().at(-1)?.text).searchParams.get("token") ?? "";
    await inject(context.app, { method: "GET", url: `/en/landing/offers/?token=${token}` });
    // The code step's own address names the lead it verifies (issue 14): not this feature's.
    const log = recorded.lines.filter((line) => !line.includes("/api/applications/")).join("\n");
    expect(log).toContain("/api/offers-link");
    for (const secret of [token, "private.person", person.phone.slice(1), leadId]) {
      expect(log).not.toContain(secret);
    }
  });
});

/** A real SMTP server on loopback, started by the test that sends to it. */
let smtp: TestSmtp | undefined;
afterAll(() => smtp?.close());

describe("over a real SMTP server", () => {
  const sms = testOutbox();
  let mail: MailTransport | undefined;
  const lateMail: MailTransport = {
    name: "smtp",
    real: true,
    send: (message) => {
      if (!mail) throw new Error("no SMTP server yet");
      return mail.send(message);
    },
  };
  const app = setUpTestApp({
    messenger: createMessenger(
      { sms: outboxTransports(sms.dir).sms, mail: lateMail },
      recorded.log,
    ),
    now: clock,
  });

  it("the e-mail and the SMS carry links that open the offers, in Sinhala and English", async () => {
    smtp = await startTestSmtp();
    mail = smtpMailTransport(smtp.url, "NayaCompare <no-reply@nayacompare.test>");
    const { leadId } = await applyVerified(app.app, () => readOutbox(sms.dir), applicant());
    for (const [lang, words] of [
      ["si", `${offersLinkExpiry(now).until} දක්වා`],
      ["en", `The link works until ${offersLinkExpiry(now).until}`],
    ] as const) {
      const res = await postJsonTo(
        app.app,
        `/api/offers-link?lang=${lang}`,
        { channel: "email", email: `reader.${lang}@example.lk` },
        { cookie: `lead=${leadId}` },
      );
      expect(res.statusCode).toBe(200);
      const received = smtp.messages.at(-1);
      expect(received?.to).toEqual([`reader.${lang}@example.lk`]);
      const text = readableBody(received?.raw ?? "");
      expect(text).toContain(words);
      const link = linkIn(text);
      expect(link.pathname).toBe(lang === "en" ? "/en/landing/offers/" : "/landing/offers/");
      const opened = await inject(app.app, {
        method: "GET",
        url: `${link.pathname}${link.search}`,
      });
      expect(cookieIn(opened, "lead")).toBe(leadId);
    }
    const bySms = await postJsonTo(
      app.app,
      "/api/offers-link?lang=si",
      { channel: "sms" },
      { cookie: `lead=${leadId}` },
    );
    expect(bySms.statusCode).toBe(200);
    const text = readOutbox(sms.dir).at(-1)?.text;
    const opened = await inject(app.app, { method: "GET", url: linkIn(text).href });
    expect(cookieIn(opened, "lead")).toBe(leadId);
    await mail.close?.();
  });
});
