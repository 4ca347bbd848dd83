import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { approvalOddsFor } from "../offers/approval-odds";
import { seedOddsForLead } from "../offers/approval-odds.test-support";
import { createLead, createVerifiedLead } from "../partners/leads.test-support";
import { approval, lenderSpec, productFor } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { openStorage, type Storage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import type { ApprovedAnswer } from "./decision-api";
import {
  type ApprovalOddsLookup,
  approvalFor,
  approvedOfferIds,
  beginDecisions,
  CALLBACK_WINDOW_MS,
  readApplicationDecisions,
  recordCallback,
  recordDecision,
  recordDecisions,
  STALE_AFTER_DEADLINE_MS,
} from "./decisions";

/**
 * Lenders' decisions in storage (migration 0013) behave alike on SQLite and
 * PostgreSQL: who is asked, the daily cap (also between two instances),
 * answers recorded once, callbacks, and what the pages read back.
 */

const application = applicationSchema(TEST_TODAY).parse(validApplication);
const NOW = new Date("2026-11-21T06:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const answer = (offerId: number, extra: Record<string, unknown> = {}) =>
  approval(offerId, {
    expiresAt: at(24 * 60 * 60 * 1000).toISOString(),
    ...extra,
  }) as ApprovedAnswer;

let phone = 0;
async function verifiedLead(
  storage: Storage,
  employment = application.employment,
): Promise<string> {
  phone += 1;
  const lead = await createVerifiedLead(
    storage,
    { ...application, employment, phone: `+9477${String(3_000_000 + phone).padStart(7, "0")}` },
    [],
    { now: NOW },
  );
  return lead.verifiedLeadId;
}

const begin = (
  storage: Storage,
  leadId: string,
  now = NOW,
  withSandbox = true,
  approvalOdds?: ApprovalOddsLookup,
) =>
  beginDecisions(storage, {
    leadId,
    locale: "en",
    now,
    deadlineMs: 3_000,
    callbackUrl: "https://nayacompare.test/api/lenders/v1/decisions",
    consentText: () => "I agree.",
    withSandbox,
    approvalOdds,
  });

function decisionsContract(name: string, open: () => Promise<TestStorage>) {
  describe(`lenders' decisions in storage on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await registerApiLenders(
        test.storage,
        [
          lenderSpec("alpha", "https://alpha.lender.example/decide", [960_001]),
          lenderSpec("beta", "https://beta.lender.example/decide", [960_002, 960_003], {
            apiFields: ["nic", "phone"],
          }),
          // Not for the fixture's 50,000: asked about nothing here.
          lenderSpec("gamma", "https://gamma.lender.example/decide", [960_004], {
            products: [productFor(960_004, { amount: { min: 100_000, max: 200_000 } })],
          }),
          lenderSpec("paused", "https://paused.lender.example/decide", [960_005], {
            status: "paused",
          }),
          // For pensioners only: asked in the cap's test alone.
          lenderSpec("capped", "https://capped.lender.example/decide", [960_006], {
            dailyLeadCap: 3,
            products: [
              productFor(960_006, {
                criteria: {
                  minAge: 18,
                  maxAge: 70,
                  minMonthlyIncome: 0,
                  employment: ["pensioner"],
                },
              }),
            ],
          }),
        ],
        // These lenders are never called here: their hosts stand for public addresses.
        { now: NOW, urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
      );
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("writes a waiting row for each live lender whose products admit the lead, once", async () => {
      const leadId = await verifiedLead(test.storage);
      const targets = await begin(test.storage, leadId);
      expect(targets.map((target) => target.lenderId)).toEqual(["alpha", "beta"]);
      const beta = targets[1];
      expect(beta?.request.productIds).toEqual([960_002, 960_003]);
      expect(beta?.request.applicant).toEqual({ nic: "853400937V", phone: expect.any(String) });
      expect(targets[0]?.request.applicant).toEqual({
        age: expect.any(Number),
        monthlyIncome: 85_000,
        employment: "salaried",
      });
      expect(beta?.deadline.toISOString()).toBe(at(3_000).toISOString());
      expect(await begin(test.storage, leadId)).toEqual([]);
      const decisions = await readApplicationDecisions(test.storage, leadId, NOW);
      expect(decisions).toMatchObject({ asked: 2, answered: 0, complete: false });
      expect(decisions.deadline).toBe(at(3_000).toISOString());
    });

    it("gives each lender its own deadline, never longer than the server's, and its concurrency", async () => {
      const limits = (id: string, concurrency: number | null, deadlineMs: number | null) =>
        test.storage.db
          .updateTable("lenders")
          .set({ api_concurrency: concurrency, api_deadline_ms: deadlineMs })
          .where("id", "=", id)
          .execute();
      await limits("alpha", 2, 1_000);
      // Longer than the server's 3,000 (LENDER_DEADLINE_MS lowered since): the server's it is.
      await limits("beta", null, 9_000);
      try {
        const leadId = await verifiedLead(test.storage);
        const [alpha, beta] = await begin(test.storage, leadId);
        expect(alpha).toMatchObject({ deadlineMs: 1_000, concurrency: 2 });
        expect(alpha?.request.answerBy).toBe(at(1_000).toISOString());
        expect(beta).toMatchObject({ deadlineMs: 3_000, concurrency: null });
        expect(beta?.request.answerBy).toBe(at(3_000).toISOString());
        const decisions = await readApplicationDecisions(test.storage, leadId, NOW);
        // The page waits for the last of them.
        expect(decisions.deadline).toBe(at(3_000).toISOString());
        // Past alpha's deadline (and the grace), its row shows as failed; beta's still waits.
        const later = await readApplicationDecisions(
          test.storage,
          leadId,
          at(1_000 + STALE_AFTER_DEADLINE_MS),
        );
        expect(later.decisions.map((decision) => decision.status)).toEqual(["failed", "waiting"]);
      } finally {
        await limits("alpha", null, null);
        await limits("beta", null, null);
      }
    });

    it("sends nothing of a lead whose code was never entered", async () => {
      const lead = await createLead(test.storage, { ...application, phone: "+94771239999" }, [], {
        now: NOW,
      });
      expect(await begin(test.storage, lead.leadId)).toEqual([]);
    });

    it("records a burst's answers together, each only while its row waits", async () => {
      const [first, second] = [await verifiedLead(test.storage), await verifiedLead(test.storage)];
      const [alpha1, beta1] = await begin(test.storage, first);
      const [alpha2] = await begin(test.storage, second);
      if (!alpha1 || !beta1 || !alpha2) throw new Error("not asked");
      const details = { attempts: 2, latencyMs: 240, at: at(240) };
      expect(
        await recordDecisions(test.storage, [
          { decisionId: alpha1.decisionId, result: { status: "pending" }, details },
          { decisionId: beta1.decisionId, result: { status: "failed", error: "busy" }, details },
          // The same row twice in one batch: the first answer stands.
          {
            decisionId: alpha2.decisionId,
            result: { status: "approved", answer: answer(960_001) },
            details,
          },
          {
            decisionId: alpha2.decisionId,
            result: { status: "failed", error: "timeout" },
            details,
          },
        ]),
      ).toEqual([true, true, true, false]);
      expect(await recordDecisions(test.storage, [])).toEqual([]);
      const rows = await test.storage.db
        .selectFrom("lender_decisions")
        .select(["lead_id", "lender_id", "status", "error", "attempts", "latency_ms"])
        .where("lead_id", "in", [first, second])
        .orderBy("lender_id")
        .execute();
      const of = (leadId: string) =>
        rows.filter((row) => row.lead_id === leadId).map((row) => [row.status, row.error]);
      expect(of(first)).toEqual([
        ["pending", null],
        ["failed", "busy"],
      ]);
      expect(of(second)).toEqual([
        ["approved", null],
        ["waiting", null],
      ]);
      expect(rows.find((row) => row.status === "approved")).toMatchObject({
        attempts: 2,
        latency_ms: 240,
      });
    });

    it("records one answer per row, and a callback only while waiting or pending", async () => {
      const leadId = await verifiedLead(test.storage);
      const [alpha, beta] = await begin(test.storage, leadId);
      if (!alpha || !beta) throw new Error("not asked");
      const details = { attempts: 1, latencyMs: 120, at: at(120) };
      expect(
        await recordDecision(
          test.storage,
          alpha.decisionId,
          { status: "approved", answer: answer(960_001) },
          details,
        ),
      ).toBe(true);
      // A second answer (another instance, a replay) changes nothing.
      expect(
        await recordDecision(
          test.storage,
          alpha.decisionId,
          { status: "failed", error: "timeout" },
          details,
        ),
      ).toBe(false);
      expect(
        await recordDecision(test.storage, beta.decisionId, { status: "pending" }, details),
      ).toBe(true);
      // Before the deadline, a pending lender may still call back: not complete.
      const meanwhile = await readApplicationDecisions(test.storage, leadId, at(200));
      expect(meanwhile).toMatchObject({ asked: 2, answered: 2, complete: false });

      const declined = { status: "declined" as const, reason: "affordability" };
      expect(await recordCallback(test.storage, beta.decisionId, declined, at(500))).toEqual({
        kind: "recorded",
        duplicate: false,
        late: false,
        leadId,
      });
      expect(await recordCallback(test.storage, beta.decisionId, declined, at(600))).toMatchObject({
        duplicate: true,
      });
      expect(
        await recordCallback(
          test.storage,
          beta.decisionId,
          { status: "approved", answer: answer(960_002) },
          at(700),
        ),
      ).toEqual({ kind: "conflict", status: "declined" });
      expect(await readApplicationDecisions(test.storage, leadId, at(900))).toMatchObject({
        asked: 2,
        answered: 2,
        complete: true,
        decisions: [
          { lenderId: "alpha", status: "approved", offer: { offerId: 960_001, amount: 50_000 } },
          { lenderId: "beta", status: "declined" },
        ],
      });
      // A lender that failed (it timed out) cannot decide later.
      const [timedOut] = await begin(test.storage, await verifiedLead(test.storage));
      if (!timedOut) throw new Error("not asked");
      await recordDecision(
        test.storage,
        timedOut.decisionId,
        { status: "failed", error: "timeout" },
        details,
      );
      expect(await recordCallback(test.storage, timedOut.decisionId, declined, at(800))).toEqual({
        kind: "conflict",
        status: "failed",
      });
      const stored = await test.storage.db
        .selectFrom("lender_decisions")
        .selectAll()
        .where("decision_id", "=", alpha.decisionId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        status: "approved",
        attempts: 1,
        latency_ms: 120,
        answered_at: at(120).toISOString(),
        decided_at: at(120).toISOString(),
        apply_url: expect.stringContaining("{click_id}"),
      });
      expect(JSON.parse(stored.terms ?? "null")).toEqual(answer(960_001).terms);
    });

    it("takes a late callback, up to a day after the deadline", async () => {
      const leadId = await verifiedLead(test.storage);
      const [alpha, beta] = await begin(test.storage, leadId);
      if (!alpha || !beta) throw new Error("not asked");
      for (const target of [alpha, beta]) {
        await recordDecision(
          test.storage,
          target.decisionId,
          { status: "pending" },
          {
            attempts: 1,
            latencyMs: 50,
            at: at(50),
          },
        );
      }
      // Past the deadline, pending lenders no longer hold the page up.
      expect(await readApplicationDecisions(test.storage, leadId, at(3_000))).toMatchObject({
        complete: true,
      });
      expect(
        await recordCallback(
          test.storage,
          alpha.decisionId,
          { status: "approved", answer: answer(960_001) },
          at(60_000),
        ),
      ).toMatchObject({ kind: "recorded", late: true });
      expect(await approvedOfferIds(test.storage, leadId, at(60_000))).toEqual([960_001]);
      expect(
        await recordCallback(
          test.storage,
          beta.decisionId,
          { status: "declined", reason: "other" },
          at(3_000 + CALLBACK_WINDOW_MS + 1),
        ),
      ).toEqual({ kind: "closed" });
    });

    it("shows a row still waiting after its deadline as failed (the instance asking is gone)", async () => {
      const leadId = await verifiedLead(test.storage);
      await begin(test.storage, leadId);
      expect(await readApplicationDecisions(test.storage, leadId, at(3_000))).toMatchObject({
        complete: false,
        answered: 0,
      });
      const later = await readApplicationDecisions(
        test.storage,
        leadId,
        at(3_000 + STALE_AFTER_DEADLINE_MS),
      );
      expect(later).toMatchObject({ answered: 2, complete: true });
      expect(later.decisions.map((decision) => decision.status)).toEqual(["failed", "failed"]);
    });

    it("leads the applicant to an approval only until it lapses", async () => {
      const leadId = await verifiedLead(test.storage);
      const [alpha] = await begin(test.storage, leadId);
      if (!alpha) throw new Error("not asked");
      await recordDecision(
        test.storage,
        alpha.decisionId,
        { status: "approved", answer: answer(960_001, { expiresAt: at(10_000).toISOString() }) },
        { attempts: 1, latencyMs: 10, at: at(10) },
      );
      expect(await approvalFor(test.storage, leadId, 960_001, at(9_999))).toEqual({
        applyUrl: expect.stringContaining("/offer/960001"),
        lenderId: "alpha",
      });
      expect(await approvalFor(test.storage, leadId, 960_001, at(10_000))).toBeUndefined();
      expect(await approvalFor(test.storage, leadId, 960_002, at(1))).toBeUndefined();
      expect(await approvedOfferIds(test.storage, leadId, at(10_000))).toEqual([]);
    });

    it("keeps to the daily cap, also when two instances send at once", async () => {
      const second = test.databaseUrl
        ? openStorage({ databaseUrl: test.databaseUrl, dataDir: test.dataDir, log: silentLog })
        : test.storage;
      try {
        const pensioners = await Promise.all(
          Array.from({ length: 8 }, () => verifiedLead(test.storage, "pensioner")),
        );
        const sent = await Promise.all(
          pensioners.map((leadId, index) => begin(index % 2 ? second : test.storage, leadId)),
        );
        expect(sent.flat().filter((target) => target.lenderId === "capped")).toHaveLength(3);
        // The cap's day is Colombo's: from its midnight (18:30 UTC) three more, never a fourth.
        const tomorrow = new Date("2026-11-21T18:30:00.000Z");
        const tomorrowsLeads = await Promise.all(
          Array.from({ length: 8 }, () => verifiedLead(test.storage, "pensioner")),
        );
        const next = await Promise.all(
          tomorrowsLeads.map((leadId, index) =>
            begin(index % 2 ? second : test.storage, leadId, tomorrow),
          ),
        );
        expect(next.flat().filter((target) => target.lenderId === "capped")).toHaveLength(3);
      } finally {
        if (second !== test.storage) await second.close();
      }
    });

    it("never asks a sandbox lender where sandbox lenders are not allowed (production)", async () => {
      await registerApiLenders(
        test.storage,
        [lenderSpec("sandbox-here", "http://127.0.0.1:9/decide", [960_009], { sandbox: true })],
        { now: NOW },
      );
      const inProduction = await begin(test.storage, await verifiedLead(test.storage), NOW, false);
      expect(inProduction.map((target) => target.lenderId)).toEqual(["alpha", "beta"]);
      const elsewhere = await begin(test.storage, await verifiedLead(test.storage), NOW, true);
      expect(elsewhere.map((target) => target.lenderId)).toContain("sandbox-here");
    });

    it("keeps the odds each lender asked had for the applicant's bucket, null where none was shown", async () => {
      const leadId = await verifiedLead(test.storage);
      // alpha: 40 answers of the bucket, 30 approved, 40 % overall: (30 + 20 × 0.4) / 60 = 633 ‰.
      // beta: 29 answers of the bucket, one short of any odds shown.
      await seedOddsForLead(
        test.storage,
        leadId,
        {
          alpha: { bucket: [40, 30], all: [100, 40] },
          beta: { bucket: [29, 29], all: [100, 90] },
        },
        NOW,
      );
      const asked: (readonly string[])[] = [];
      const lookup: ApprovalOddsLookup = (of, lenderIds) => {
        asked.push(lenderIds);
        return approvalOddsFor(test.storage, of, lenderIds);
      };
      try {
        const targets = await begin(test.storage, leadId, NOW, false, lookup);
        expect(targets.map((target) => target.lenderId)).toEqual(["alpha", "beta"]);
        // One read for every lender asked, not one per lender.
        expect(asked).toEqual([["alpha", "beta"]]);
        const kept = await test.storage.db
          .selectFrom("lender_decisions")
          .select(["lender_id", "predicted_permille"])
          .where("lead_id", "=", leadId)
          .orderBy("lender_id")
          .execute();
        expect(kept).toEqual([
          { lender_id: "alpha", predicted_permille: 633 },
          { lender_id: "beta", predicted_permille: null },
        ]);
        // Without the day's odds (a test's network), nothing is kept.
        const plain = await verifiedLead(test.storage);
        await begin(test.storage, plain, NOW, false);
        const none = await test.storage.db
          .selectFrom("lender_decisions")
          .select("predicted_permille")
          .where("lead_id", "=", plain)
          .execute();
        expect(none.map((row) => row.predicted_permille)).toEqual([null, null]);
      } finally {
        await test.storage.db.deleteFrom("approval_odds").execute();
      }
    });
  });
}

onEachEngine(decisionsContract);
