import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { verifyCode } from "../borrowers/verification";
import { eraseContact } from "../erasure";
import type { outboundGet } from "../http/outbound";
import { loadCatalogues } from "../lenders/catalogue";
import { partnerAccountActor } from "../staff/audit";
import { openStorage, type Storage } from "../storage/database";
import type { StoredDecisionStatus } from "../storage/schema";
import { onEachEngine, silentLog, type TestStorage, testOutboundRules } from "../test-support";
import { createLead } from "./leads.test-support";
import { createOffersReadyPostbacks } from "./offers-ready";
import { createPartner, findPartner, updatePartner } from "./partners";
import { postbackUrlSignature } from "./postback-delivery";
import { partnerStats } from "./stats";

/**
 * The "offers ready" postback in storage (issue 30, decision 0357), alike on
 * both engines: the partner's setting, one row per lead once its decisions
 * are complete however often and by whom it is checked, the leads it is
 * never for, the sweep after a crash, two instances sending it once, an
 * erasure, and nothing counted in the partner's figures.
 */

const offers = loadCatalogues().get("lk") ?? [];
const DEADLINE_MS = 5_000;
/** When "ready" turned it on; every lead below is verified after, unless it says otherwise. */
const T0 = new Date("2026-11-21T04:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const rules = testOutboundRules({ "ready.example": ["192.0.2.10"] });

interface Sent {
  url: string;
  headers: Record<string, string>;
}

function offersReadyContract(name: string, open: () => Promise<TestStorage>) {
  describe(`offers-ready postbacks on ${name}`, () => {
    let test: TestStorage;
    let phone = 0;
    let postbackSecret = "";
    beforeAll(async () => {
      test = await open();
      const ready = await createPartner(
        test.storage,
        {
          id: "ready",
          name: "Ready",
          payoutModel: "lead",
          payoutRupees: 400,
          origins: [],
          postbackUrl: "https://ready.example/pb?lead={lead_id}&s={status}&c={click_id}",
          offersReady: true,
        },
        { postbackRules: rules, now: T0 },
      );
      postbackSecret = ready.keys.postbackSecret;
      await createPartner(
        test.storage,
        {
          id: "not-ready",
          name: "Not Ready",
          payoutModel: "lead",
          payoutRupees: 400,
          origins: [],
          postbackUrl: "https://ready.example/other?lead={lead_id}",
        },
        { postbackRules: rules, now: T0 },
      );
    });
    const workers: ReturnType<typeof createOffersReadyPostbacks>[] = [];
    afterAll(async () => {
      await Promise.all(workers.map((one) => one.close()));
      await test?.cleanup();
    });

    /** A lead of the partner made and verified at `when`, through its API unless told. */
    async function verifiedLead(
      partner: string,
      when: Date,
      options: { via?: "site" | "partner_api"; verify?: boolean } = {},
    ) {
      phone += 1;
      const application = applicationSchema(TEST_TODAY).parse({
        ...validApplication,
        partner,
        phone: `0775${String(phone).padStart(6, "0")}`,
      });
      const via = options.via ?? "partner_api";
      const lead = await createLead(test.storage, application, offers, { now: when, via });
      if (options.verify !== false) {
        const scope =
          via === "partner_api" ? { via, partnerId: partner } : ({ via: "site" } as const);
        const outcome = await verifyCode(test.storage, lead.leadId, lead.code, scope, when);
        if (outcome.kind !== "verified") throw new Error(outcome.kind);
      }
      return lead.leadId;
    }

    /** A lender's decision row on the lead, its deadline DEADLINE_MS after `asked`. */
    async function decision(
      leadId: string,
      lender: string,
      status: StoredDecisionStatus,
      asked: Date,
    ) {
      await test.storage.db
        .insertInto("lender_decisions")
        .values({
          decision_id: `${leadId}-${lender}`,
          lead_id: leadId,
          lender_id: lender,
          status,
          attempts: 1,
          asked_at: asked.toISOString(),
          deadline_at: new Date(asked.getTime() + DEADLINE_MS).toISOString(),
        })
        .execute();
    }

    const rowsOf = (leadIds: string[]) =>
      test.storage.db
        .selectFrom("partner_lead_postbacks")
        .selectAll()
        .where("lead_id", "in", leadIds)
        .orderBy("lead_id")
        .execute();

    function worker(
      clock: { now: Date },
      sent: Sent[] = [],
      answers: number[] = [],
      storage: Storage = test.storage,
    ) {
      const get: typeof outboundGet = async (url, init) => {
        sent.push({ url, headers: init.headers });
        return answers.shift() ?? 200;
      };
      const made = createOffersReadyPostbacks({
        storage,
        log: silentLog,
        deadlineMs: DEADLINE_MS,
        baseDelayMs: 60_000,
        rules,
        get,
        now: () => clock.now,
      });
      workers.push(made);
      return made;
    }

    it("is a partner's setting: on since it was turned on, off, on again since then; audited", async () => {
      expect((await findPartner(test.storage, "ready"))?.offersReadySince).toBe(T0.toISOString());
      expect((await findPartner(test.storage, "not-ready"))?.offersReadySince).toBeNull();
      const change = { actor: partnerAccountActor("account-1", "not-ready") };
      await updatePartner(
        test.storage,
        "not-ready",
        { offersReady: true },
        { ...change, now: at(1) },
      );
      // On again: still since the first time.
      await updatePartner(
        test.storage,
        "not-ready",
        { offersReady: true },
        { ...change, now: at(2) },
      );
      expect((await findPartner(test.storage, "not-ready"))?.offersReadySince).toBe(
        at(1).toISOString(),
      );
      await updatePartner(
        test.storage,
        "not-ready",
        { offersReady: false },
        { ...change, now: at(3) },
      );
      expect((await findPartner(test.storage, "not-ready"))?.offersReadySince).toBeNull();
      const audit = await test.storage.db
        .selectFrom("audit_log")
        .select(["before", "after"])
        .where("subject", "=", "partner:not-ready")
        .where("action", "=", "partner.update")
        .orderBy("at")
        .execute();
      expect(audit.map((entry) => JSON.parse(entry.after ?? "{}").offersReady)).toEqual([
        true,
        false,
      ]);
    });

    it("records one postback per lead once its decisions are complete, however many check at once", async () => {
      const clock = { now: at(60_000) };
      const leadId = await verifiedLead("ready", at(60_000));
      await decision(leadId, "lender-a", "approved", at(60_000));
      await decision(leadId, "lender-b", "waiting", at(60_000));
      const ready = worker(clock);
      clock.now = at(61_000);
      expect(await ready.check(leadId, true)).toBe(false);
      expect(await rowsOf([leadId])).toEqual([]);
      await test.storage.db
        .updateTable("lender_decisions")
        .set({ status: "declined" })
        .where("lead_id", "=", leadId)
        .where("lender_id", "=", "lender-b")
        .execute();
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => ready.check(leadId, true)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const rows = await rowsOf([leadId]);
      expect(rows).toEqual([
        {
          lead_id: leadId,
          event: "offers_ready",
          partner_id: "ready",
          url: `https://ready.example/pb?lead=${leadId}&s=offers_ready&c=`,
          attempts: 0,
          next_attempt_at: at(61_000).toISOString(),
          delivered_at: null,
          failed_at: null,
          last_error: null,
          created_at: at(61_000).toISOString(),
        },
      ]);
      expect(await ready.sweep()).toBe(0);
      expect(await rowsOf([leadId])).toHaveLength(1);
    });

    it("is never for a lead verified before it was turned on, made on our site, unverified, or another partner's", async () => {
      const clock = { now: at(10 * 60_000) };
      const before = await verifiedLead("ready", at(-60_000));
      const site = await verifiedLead("ready", at(120_000), { via: "site" });
      const unverified = await verifiedLead("ready", at(120_000), { verify: false });
      const others = await verifiedLead("not-ready", at(120_000));
      for (const leadId of [before, site, unverified, others]) {
        await decision(leadId, "lender-a", "approved", at(120_000));
        expect(await worker(clock).check(leadId, true)).toBe(false);
      }
      await worker(clock).sweep();
      expect(await rowsOf([before, site, unverified, others])).toEqual([]);
    });

    it("is caught up by a sweep after a crash: a lender left waiting fails at its deadline; none asked counts once begun", async () => {
      const verifiedAt = at(20 * 60_000);
      const abandoned = await verifiedLead("ready", verifiedAt);
      // The instance that asked died: its row stays waiting, and shows as failed after the deadline.
      await decision(abandoned, "lender-a", "waiting", verifiedAt);
      const noneAsked = await verifiedLead("ready", verifiedAt);
      const clock = { now: new Date(verifiedAt.getTime() + 1_000) };
      const restarted = worker(clock);
      // Within the deadline: the waiting lender may still answer; no lender yet may mean not begun.
      await restarted.sweep();
      expect(await rowsOf([abandoned, noneAsked])).toEqual([]);
      // The network says the lead's decisions are begun: none asked is complete.
      expect(await restarted.check(noneAsked, true)).toBe(true);
      clock.now = new Date(verifiedAt.getTime() + DEADLINE_MS + 600);
      expect(await restarted.sweep()).toBe(1);
      expect((await rowsOf([abandoned, noneAsked])).map((row) => row.lead_id).sort()).toEqual(
        [abandoned, noneAsked].sort(),
      );
      // Without the network's word, none asked counts once the deadline has passed since.
      const quiet = await verifiedLead("ready", verifiedAt);
      clock.now = new Date(verifiedAt.getTime() + DEADLINE_MS + 1);
      expect(await restarted.sweep()).toBe(1);
      expect(await rowsOf([quiet])).toHaveLength(1);
      // A day later it no longer looks back that far.
      const forgotten = await verifiedLead("ready", verifiedAt);
      clock.now = new Date(verifiedAt.getTime() + 25 * 60 * 60 * 1000);
      expect(await restarted.sweep()).toBe(0);
      expect(await rowsOf([forgotten])).toEqual([]);
    });

    it("is sent once by two instances, signed, and retried after a failure", async () => {
      const verifiedAt = at(30 * 60_000);
      const leadId = await verifiedLead("ready", verifiedAt);
      await decision(leadId, "lender-a", "declined", verifiedAt);
      const clock = { now: new Date(verifiedAt.getTime() + 1_000) };
      // Everything else due first, so that only this lead's row races.
      await worker(clock).deliverDue();
      expect(await worker(clock).check(leadId, true)).toBe(true);
      const sent: Sent[] = [];
      const answers = [503];
      const second = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
      try {
        const a = worker(clock, sent, answers);
        const b = worker(clock, sent, answers, second);
        await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
        expect(sent).toHaveLength(1);
        let [row] = await rowsOf([leadId]);
        expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 503", delivered_at: null });
        // Retried after the first delay (a minute), by either instance, once.
        clock.now = new Date(Date.parse(row?.next_attempt_at ?? "") + 1);
        await Promise.all([a.deliverDue(), b.deliverDue()]);
        expect(sent).toHaveLength(2);
        [row] = await rowsOf([leadId]);
        expect(row).toMatchObject({ attempts: 2, last_error: null, next_attempt_at: null });
        expect(row?.delivered_at).toBe(clock.now.toISOString());
        for (const request of sent) {
          expect(request.url).toBe(`https://ready.example/pb?lead=${leadId}&s=offers_ready&c=`);
          expect(request.headers["X-Postback-Id"]).toBe(`${leadId}:offers_ready`);
          expect(request.headers["X-Signature"]).toBe(
            postbackUrlSignature(postbackSecret, request.url),
          );
        }
      } finally {
        await second.close();
      }
    });

    it("goes with an erasure and is not swept back; counts in no figure or payout", async () => {
      const verifiedAt = at(40 * 60_000);
      const leadId = await verifiedLead("ready", verifiedAt);
      await decision(leadId, "lender-a", "approved", verifiedAt);
      const clock = { now: new Date(verifiedAt.getTime() + 1_000) };
      expect(await worker(clock).check(leadId, true)).toBe(true);
      await worker(clock).deliverDue();
      const stats = await partnerStats(test.storage, "ready", TEST_TODAY, TEST_TODAY);
      expect(stats.totals).toMatchObject({ approvals: 0, sales: 0, payouts: 0 });
      expect(await test.storage.db.selectFrom("partner_postbacks").selectAll().execute()).toEqual(
        [],
      );
      // The phone the lead was made with (stored sealed: 0335), as the person would give it.
      const typed = `+94775${String(phone).padStart(6, "0")}`;
      await eraseContact(test.storage, { phone: typed }, { now: clock.now });
      expect(await rowsOf([leadId])).toEqual([]);
      await worker(clock).sweep();
      expect(await rowsOf([leadId])).toEqual([]);
    });
  });
}

onEachEngine(offersReadyContract);
