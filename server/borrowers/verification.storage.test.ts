import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { createLead, createVerifiedLead } from "../partners/leads.test-support";
import {
  databaseFiles,
  openedLead,
  plainMarker,
  valuesIn,
} from "../storage/stored-bytes.test-support";
import { onEachEngine, type TestStorage } from "../test-support";
import { issueLandingToken, redeemLandingToken } from "./landing-tokens";
import { findLead } from "./leads";
import { sweepUnverifiedLeads, UNVERIFIED_RETENTION_MS, verifyCode } from "./verification";

const offers = loadCatalogues().get("lk") ?? [];
const AT = new Date("2026-11-21T08:00:00.000Z");
const HOUR = 60 * 60 * 1000;

function applicationOf(overrides: Record<string, unknown>) {
  return applicationSchema(TEST_TODAY).parse({ ...validApplication, term: 90, ...overrides });
}

const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

function verificationContract(name: string, open: () => Promise<TestStorage>) {
  describe(`verification on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const leadRow = (leadId: string) => openedLead(test.storage, leadId);
    const codeRow = (leadId: string) =>
      test.storage.db
        .selectFrom("lead_verifications")
        .selectAll()
        .where("lead_id", "=", leadId)
        .executeTakeFirst();

    it("keeps a keyed hash of the code, counts the tries, and verifies with the right code", async () => {
      const lead = await createLead(test.storage, applicationOf({ phone: "0781000001" }), offers, {
        now: AT,
      });
      const stored = await codeRow(lead.leadId);
      expect(stored).toMatchObject({ via: "site", locale: "si", tries: 0, sends: 1 });
      expect(JSON.stringify(stored)).not.toContain(lead.code);
      expect(await findLead(test.storage, lead.leadId)).toBeUndefined();

      const scope = { via: "site" } as const;
      const wrong = await verifyCode(test.storage, lead.leadId, otherThan(lead.code), scope, AT);
      expect(wrong).toMatchObject({ kind: "wrong_code", verification: { triesLeft: 4 } });
      // A partner's scope does not reach a lead of our pages.
      expect(
        await verifyCode(
          test.storage,
          lead.leadId,
          lead.code,
          { via: "partner_api", partnerId: "x" },
          AT,
        ),
      ).toEqual({ kind: "unknown" });
      const right = await verifyCode(test.storage, lead.leadId, lead.code, scope, AT);
      expect(right).toMatchObject({ kind: "verified", leadId: lead.leadId, joined: false });
      expect((await leadRow(lead.leadId))?.verified_at).toBe(AT.toISOString());
      expect(await codeRow(lead.leadId)).toBeUndefined();
      expect(await findLead(test.storage, lead.leadId)).toMatchObject({ amount: 50_000 });
    });

    it("makes one lead of two applications of one applicant verified at once", async () => {
      const application = applicationOf({ phone: "0781000002" });
      const first = await createLead(test.storage, application, offers, { now: AT });
      const second = await createLead(test.storage, application, offers, { now: AT });
      expect([first.repeatOf, second.repeatOf]).toEqual([null, null]);
      const outcomes = await Promise.all([
        verifyCode(test.storage, first.leadId, first.code, { via: "site" }, AT),
        verifyCode(test.storage, second.leadId, second.code, { via: "site" }, AT),
      ]);
      const held = outcomes.map((outcome) => (outcome.kind === "verified" ? outcome.leadId : ""));
      expect(held[0]).toBe(held[1]);
      expect(
        outcomes.filter((outcome) => outcome.kind === "verified" && outcome.joined),
      ).toHaveLength(1);
      const originals = await test.storage.db
        .selectFrom("leads")
        .select("id")
        .where("id", "in", [first.leadId, second.leadId])
        .where("repeat_of", "is", null)
        .execute();
      expect(originals.map((row) => row.id)).toEqual([held[0]]);
    });

    it("verifies a lead once when its code is sent twice at once (two instances), keeping it whole", async () => {
      const lead = await createLead(test.storage, applicationOf({ phone: "0781000003" }), offers, {
        now: AT,
      });
      const outcomes = await Promise.all(
        [0, 1].map(() => verifyCode(test.storage, lead.leadId, lead.code, { via: "site" }, AT)),
      );
      expect(outcomes.filter((outcome) => outcome.kind === "verified")).toEqual([
        expect.objectContaining({ leadId: lead.leadId, joined: false }),
      ]);
      expect(outcomes.map((outcome) => outcome.kind)).toContain("already_verified");
      // Not a repeat of itself: its applicant's data kept, and their offers found.
      expect(await leadRow(lead.leadId)).toMatchObject({ repeat_of: null, phone: "+94781000003" });
      expect(await findLead(test.storage, lead.leadId)).toBeDefined();
    });

    it("deletes unverified leads a day old, with their codes and personal data, and expired links", async () => {
      const old = await createLead(test.storage, applicationOf({ phone: "0781000003" }), offers, {
        now: new Date(AT.getTime() - UNVERIFIED_RETENTION_MS),
      });
      const young = await createLead(test.storage, applicationOf({ phone: "0781000004" }), offers, {
        now: new Date(AT.getTime() - UNVERIFIED_RETENTION_MS + 1),
      });
      const verified = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0781000005" }),
        offers,
        { now: new Date(AT.getTime() - 48 * HOUR) },
      );
      const stale = await issueLandingToken(
        test.storage,
        verified.leadId,
        new Date(AT.getTime() - 8 * 24 * HOUR),
      );
      const fresh = await issueLandingToken(test.storage, verified.leadId, AT);

      const swept = await sweepUnverifiedLeads(test.storage, AT);
      expect(swept.leads).toBeGreaterThanOrEqual(1);
      expect(swept.tokens).toBeGreaterThanOrEqual(1);
      expect(await leadRow(old.leadId)).toBeUndefined();
      expect(await codeRow(old.leadId)).toBeUndefined();
      expect(await leadRow(young.leadId)).toMatchObject({ phone: "+94781000004" });
      expect(await codeRow(young.leadId)).toBeDefined();
      expect(await leadRow(verified.leadId)).toMatchObject({ phone: "+94781000005" });
      expect(await redeemLandingToken(test.storage, stale, AT)).toBeUndefined();
      expect(await redeemLandingToken(test.storage, fresh, AT)).toBe(verified.leadId);
      const tokens = await test.storage.db
        .selectFrom("landing_tokens")
        .select("lead_id")
        .where("lead_id", "=", verified.leadId)
        .execute();
      expect(tokens).toHaveLength(1);
      // Run again: nothing more to do.
      expect(await sweepUnverifiedLeads(test.storage, AT)).toEqual({ leads: 0, tokens: 0 });
    });
  });
}

onEachEngine(verificationContract);

onEachEngine((engine, open) => {
  describe(`the sweep in ${engine}'s files`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("leaves nothing of an unverified applicant in the files, the WAL included, nor their key", async () => {
      const tag = randomBytes(4).toString("hex");
      const email = `never.verified.${tag}@example.lk`;
      const letters = tag.replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "");
      const name = `Sunil Unverified ${letters}`;
      const phone = `07898${String(Number.parseInt(tag, 16) % 100_000).padStart(5, "0")}`;
      const lead = await createLead(
        test.storage,
        applicationOf({ email, phone, fullName: name }),
        offers,
        { now: AT },
      );
      const { key_id: keyId } = await test.storage.db
        .selectFrom("leads")
        .select("key_id")
        .where("id", "=", lead.leadId)
        .executeTakeFirstOrThrow();
      const person = [email, `+94${phone.slice(1)}`, name];
      // Sealed from the start; the search finds what is there in the clear (the marker).
      const marker = await plainMarker(test.storage);
      expect(valuesIn(await databaseFiles(test), [marker, ...person])).toEqual([marker]);
      await sweepUnverifiedLeads(test.storage, new Date(AT.getTime() + UNVERIFIED_RETENTION_MS));
      expect(valuesIn(await databaseFiles(test), person)).toEqual([]);
      const key = await test.storage.db
        .selectFrom("data_keys")
        .select("id")
        .where("id", "=", keyId ?? "")
        .execute();
      expect(key).toEqual([]);
    });
  });
});
