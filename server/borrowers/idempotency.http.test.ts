import { randomUUID } from "node:crypto";
import inject from "light-my-request";
import { beforeEach, describe, expect, it } from "vitest";
import { normalizeSriLankanMobile } from "../../core/domain/phone";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { eraseContact } from "../erasure";
import { onEachEngine, setUpTestApp, testOutbox } from "../test-support";
import { codeSentTo, cookieIn, enterCode, postJsonTo, smsCount } from "./applicant.test-support";
import { sweepUnverifiedLeads } from "./verification";

/**
 * `Idempotency-Key` on the application and its code (issue 37, decision
 * 0475), on both engines: however many times the same request arrives, one
 * application and one SMS, every answer the first's with its cookies; a
 * reused key with another body, a bad key, another visitor's key; no key as
 * before.
 */
let now = new Date("2026-11-29T08:00:00.000Z");
const clock = () => now;

let phoneNumber = 0;
function applicant() {
  phoneNumber += 1;
  return { ...validApplication, term: 90, phone: `0762${String(phoneNumber).padStart(6, "0")}` };
}

onEachEngine((engine, open) => {
  describe(`Idempotency-Key on ${engine}`, () => {
    const outbox = testOutbox();
    const context = setUpTestApp({ messenger: outbox.messenger, now: clock }, open);
    // A visitor per test: ten applications in ten minutes is their limit.
    let visitor = "";
    beforeEach(() => {
      visitor = `client_id=${randomUUID()}`;
    });
    const apply = (body: unknown, key?: string, cookie = visitor) =>
      postJsonTo(context.app, "/api/applications?lang=en", body, {
        cookie,
        ...(key === undefined ? {} : { "idempotency-key": key }),
      });
    const leadCount = async () =>
      (await context.test.storage.db.selectFrom("leads").select("id").execute()).length;

    it("makes one application and sends one SMS however often the same request arrives", async () => {
      const person = applicant();
      const key = randomUUID();
      const before = await leadCount();
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await apply(person, key));
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const bodies = new Set(answers.map((res) => res.body));
      expect(bodies.size).toBe(1);
      const pending = answers.map((res) => cookieIn(res, "lead_pending"));
      expect(new Set(pending)).toEqual(new Set([answers[0]?.json().leadId]));
      expect(await leadCount()).toBe(before + 1);
      expect(smsCount(outbox.messages(), person.phone)).toBe(1);
      // Nothing of the applicant or the key in the clear in the key's row.
      const rows = await context.test.storage.db
        .selectFrom("idempotency_keys")
        .selectAll()
        .execute();
      const text = JSON.stringify(rows);
      expect(text).not.toContain(key);
      expect(text).not.toContain(person.nic);
      // The answer (its lead id and cookie) is sealed; the row names its lead only for an erasure.
      expect(rows.map((row) => row.answer).join()).not.toContain(answers[0]?.json().leadId);
      expect(text).not.toContain(`lead_pending=${answers[0]?.json().leadId}`);
    });

    it("makes one application when the same request arrives five times at once", async () => {
      const person = applicant();
      const key = randomUUID();
      const before = await leadCount();
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => apply(person, key)));
      const statuses = answers.map((res) => res.statusCode);
      // The first is done; the others answer what it answered, or 409 while it still ran.
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(statuses).toContain(201);
      for (const res of answers.filter((answer) => answer.statusCode === 409)) {
        expect(res.json().error.code).toBe("idempotency_key_in_use");
        expect(res.headers["retry-after"]).toBe("1");
      }
      expect(await leadCount()).toBe(before + 1);
      expect(smsCount(outbox.messages(), person.phone)).toBe(1);
      // Once it is done, every repeat answers the first's answer.
      const again = await apply(person, key);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(answers.find((res) => res.statusCode === 201)?.body);
    });

    it("refuses the same key with another body (422), and frees a key whose request failed", async () => {
      const person = applicant();
      const key = randomUUID();
      expect((await apply(person, key)).statusCode).toBe(201);
      const other = await apply({ ...person, amount: person.amount + 10_000 }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe("idempotency_key_reused");
      // A request answered 4xx made nothing: its key may carry the corrected request.
      const failing = randomUUID();
      const invalid = await apply({ ...applicant(), phone: "12" }, failing);
      expect(invalid.statusCode).toBe(400);
      expect((await apply(applicant(), failing)).statusCode).toBe(201);
    });

    it("answers 400 with the envelope to a bad key", async () => {
      const person = applicant();
      const before = await leadCount();
      for (const key of ["", "   ", "k".repeat(256), "a\u0000b", "a\u0007b", "a\tb", "ключ"]) {
        const res = await inject(context.app, {
          method: "POST",
          url: "/api/applications",
          headers: { "content-type": "application/json", cookie: visitor, "idempotency-key": key },
          payload: JSON.stringify(person),
        });
        expect(res.statusCode, JSON.stringify(key)).toBe(400);
        expect(res.json().error.code).toBe("invalid_idempotency_key");
      }
      expect(await leadCount()).toBe(before);
      expect(smsCount(outbox.messages(), person.phone)).toBe(0);
      // 255 characters, quoted as a Structured Field string or not, are fine.
      expect((await apply(person, `"${"k".repeat(255)}"`)).statusCode).toBe(201);
    });

    it("never replays one visitor's answer to another visitor's same key", async () => {
      const person = applicant();
      const key = randomUUID();
      const first = await apply(person, key);
      const stranger = await apply(person, key, `client_id=${randomUUID()}`);
      expect(stranger.statusCode).toBe(201);
      expect(stranger.json().leadId).not.toBe(first.json().leadId);
      expect(cookieIn(stranger, "lead_pending")).not.toBe(cookieIn(first, "lead_pending"));
    });

    it("works as before without the header: each request is a new application", async () => {
      const before = await leadCount();
      const first = await apply(applicant());
      const second = await apply(applicant());
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(await leadCount()).toBe(before + 2);
    });

    it("enters a code once, and resends one SMS, however often the same request arrives", async () => {
      const person = applicant();
      const applied = await apply(person, randomUUID());
      const leadId = String(applied.json().leadId);
      now = new Date(now.getTime() + 31_000);
      const resendKey = randomUUID();
      const resent = [];
      for (let i = 0; i < 3; i += 1) {
        resent.push(
          await postJsonTo(
            context.app,
            `/api/applications/${leadId}/verification/resend`,
            {},
            { cookie: visitor, "idempotency-key": resendKey },
          ),
        );
      }
      expect(resent.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(smsCount(outbox.messages(), person.phone)).toBe(2);
      const code = codeSentTo(outbox.messages(), person.phone);
      const key = randomUUID();
      const entered = [];
      for (let i = 0; i < 3; i += 1) {
        entered.push(
          await enterCode(context.app, leadId, code, { cookie: visitor, "idempotency-key": key }),
        );
      }
      expect(entered.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(entered.map((res) => cookieIn(res, "lead")))).toEqual(new Set([leadId]));
      expect(entered.every((res) => cookieIn(res, "lead_pending") === "")).toBe(true);
      // One confirmation at most: the repeats sent nothing.
      const toLead = outbox.messages().filter((message) => message.channel === "mail");
      expect(toLead.length).toBeLessThanOrEqual(1);
    });

    it("keeps a key for 24 hours: the sweep deletes it, and an erasure its lead's", async () => {
      const count = async () =>
        (await context.test.storage.db.selectFrom("idempotency_keys").select("id").execute())
          .length;
      const erased = applicant();
      const applied = await apply(erased, randomUUID());
      const rowsOf = (leadId: string) =>
        context.test.storage.db
          .selectFrom("idempotency_keys")
          .select("id")
          .where("lead_id", "=", leadId)
          .execute();
      expect(await rowsOf(applied.json().leadId)).toHaveLength(1);
      await eraseContact(context.test.storage, {
        phone: normalizeSriLankanMobile(erased.phone) ?? erased.phone,
      });
      expect(await rowsOf(applied.json().leadId)).toHaveLength(0);
      expect((await apply(applicant(), randomUUID())).statusCode).toBe(201);
      expect(await count()).toBeGreaterThan(0);
      now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1);
      await sweepUnverifiedLeads(context.test.storage, now);
      expect(await count()).toBe(0);
    });
  });
});
