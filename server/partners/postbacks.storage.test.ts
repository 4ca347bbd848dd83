import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { recordClick, recordPostback } from "../borrowers/clicks";
import { leadApplicant } from "../borrowers/leads";
import { eraseContact } from "../erasure";
import { loadCatalogues } from "../lenders/catalogue";
import { COMMAND_LINE } from "../staff/audit";
import { openStorage, type Storage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage, testOutboundRules } from "../test-support";
import { createVerifiedLead } from "./leads.test-support";
import { createPartner, setPartnerDisabled } from "./partners";
import { fillPostbackUrl, postbackUrlSignature } from "./postback-delivery";
import { createPartnerPostbacks } from "./postbacks";
import { partnerStats } from "./stats";

const offers = loadCatalogues().get("lk") ?? [];
const offer101 = offers.find((offer) => offer.offer_id === 101);
const LENDER_SECRET = "kandy-lane-secret-0123456789";
const secrets = new Map([["kandy-lane", LENDER_SECRET]]);

describe("postback URLs", () => {
  it("fill every macro URL-encoded and empty the unknown ones", () => {
    expect(
      fillPostbackUrl("https://p.lk/pb?c={click_id}&s1={sub1}&st={status}&x={nope}", {
        click_id: "abc_-",
        sub1: "a b&c=d/é",
        status: "issued",
      }),
    ).toBe("https://p.lk/pb?c=abc_-&s1=a%20b%26c%3Dd%2F%C3%A9&st=issued&x=");
  });

  it("are signed as the exact URL under the postback secret", () => {
    expect(postbackUrlSignature("whsec_x", "https://p.lk/pb?c=1")).toBe(
      postbackUrlSignature("whsec_x", "https://p.lk/pb?c=1"),
    );
    expect(postbackUrlSignature("whsec_x", "https://p.lk/pb?c=1")).not.toBe(
      postbackUrlSignature("whsec_x", "https://p.lk/pb?c=2"),
    );
    expect(postbackUrlSignature("whsec_x", "")).toMatch(/^[0-9a-f]{64}$/);
  });
});

/** The partners' hosts of these tests, at documentation addresses: nothing connects to them. */
const saved = {
  postbackRules: testOutboundRules({
    "per-lead.example": ["192.0.2.1"],
    "per-sale.example": ["192.0.2.2"],
    "bare-host.example": ["192.0.2.3"],
  }),
};

function postbacksContract(name: string, open: () => Promise<TestStorage>) {
  describe(`partner postbacks on ${name}`, () => {
    let test: TestStorage;
    let phone = 0;
    beforeAll(async () => {
      test = await open();
      for (const [id, payoutModel, payoutRupees] of [
        ["per-lead", "lead", 400],
        ["per-sale", "sale", 2_500],
      ] as const) {
        await createPartner(
          test.storage,
          {
            id,
            name: id,
            payoutModel,
            payoutRupees,
            origins: [],
            postbackUrl: `https://${id}.example/pb?c={click_id}&s={status}&p={payout}&s1={sub1}`,
          },
          saved,
        );
      }
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    /** A lead of the partner made at `at`, and a click on offer 101 at `at` too. */
    async function leadAndClick(partner: string, at: Date) {
      phone += 1;
      const application = applicationSchema(TEST_TODAY).parse({
        ...validApplication,
        term: 90,
        partner,
        sub1: "cmp-9",
        phone: `0772${String(phone).padStart(6, "0")}`,
      });
      const lead = await createVerifiedLead(test.storage, application, offers, { now: at });
      if (!offer101) throw new Error("offer 101 is missing");
      const { clickId } = await recordClick(test.storage, offer101, lead.leadId, at);
      return { leadId: lead.leadId, clickId };
    }

    async function lenderSays(
      clickId: string,
      status: "approved" | "rejected" | "issued",
      at: Date,
    ) {
      const outcome = await recordPostback(
        test.storage,
        secrets,
        { click_id: clickId, status },
        { token: LENDER_SECRET },
        at,
      );
      if (outcome.kind !== "recorded") throw new Error(outcome.kind);
      return outcome;
    }

    async function rowsOf(clickIds: string[]) {
      return test.storage.db
        .selectFrom("partner_postbacks")
        .selectAll()
        .where("click_id", "in", clickIds)
        .orderBy("created_at")
        .execute();
    }

    it("pays a per-lead partner once per lead, on the first status a lender reports", async () => {
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      const at = new Date("2026-11-21T06:00:00.000Z");
      const { leadId, clickId } = await leadAndClick("per-lead", at);
      if (!offer101) throw new Error("offer 101 is missing");
      const second = await recordClick(test.storage, offer101, leadId, at);
      for (const [click, status] of [
        [clickId, "approved"],
        [clickId, "issued"],
        [second.clickId, "rejected"],
      ] as const) {
        const outcome = await lenderSays(click, status, at);
        if (!outcome.duplicate) await postbacks.listener(outcome.change);
      }
      const rows = await rowsOf([clickId, second.clickId]);
      expect(rows.map((row) => [row.status, row.payout_rupees])).toEqual(
        expect.arrayContaining([
          ["approved", 400],
          ["issued", 0],
          ["rejected", 0],
        ]),
      );
      const approved = rows.find((row) => row.status === "approved");
      expect(approved?.url).toBe(
        `https://per-lead.example/pb?c=${clickId}&s=approved&p=400&s1=cmp-9`,
      );
      expect(approved).toMatchObject({ partner_id: "per-lead", lead_id: leadId, attempts: 0 });
    });

    it("does not pay a per-lead partner again after the applicant erased their data, and forgets the lead", async () => {
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      const at = new Date("2026-11-21T06:30:00.000Z");
      const { leadId, clickId } = await leadAndClick("per-lead", at);
      const approved = await lenderSays(clickId, "approved", at);
      if (!approved.duplicate) await postbacks.listener(approved.change);
      const lead = await leadApplicant(test.storage, leadId);
      await eraseContact(test.storage, { phone: lead?.phone ?? "" }, { now: at });
      const issued = await lenderSays(clickId, "issued", at);
      if (!issued.duplicate) await postbacks.listener(issued.change);
      const rows = await rowsOf([clickId]);
      expect(rows.map((row) => [row.status, row.payout_rupees, row.lead_id])).toEqual([
        ["approved", 400, null],
        ["issued", 0, null],
      ]);
      for (const row of rows) expect(row.url).not.toContain(leadId);
    });

    it("signs the address as it is requested, and never sends for a partner disabled since", async () => {
      const at = new Date("2026-11-21T07:00:00.000Z");
      await createPartner(
        test.storage,
        {
          id: "bare-host",
          name: "bare-host",
          payoutModel: "sale",
          payoutRupees: 100,
          origins: [],
          // No path: the request asks for "https://bare-host.example/?c=…".
          postbackUrl: "https://bare-host.example?c={click_id}&s={status}",
        },
        saved,
      );
      const sent: { url: string; signature: string | null }[] = [];
      const postbacks = createPartnerPostbacks({
        storage: test.storage,
        log: silentLog,
        get: async (url, init) => {
          sent.push({ url, signature: init.headers["X-Signature"] ?? null });
          return 200;
        },
      });
      const first = await leadAndClick("bare-host", at);
      const issued = await lenderSays(first.clickId, "issued", at);
      if (!issued.duplicate) await postbacks.listener(issued.change);
      await postbacks.deliverDue();
      const delivered = sent.find((item) => item.url.includes(first.clickId));
      expect(delivered?.url).toBe(`https://bare-host.example/?c=${first.clickId}&s=issued`);
      const partner = await test.storage.db
        .selectFrom("partners")
        .select("postback_secret")
        .where("id", "=", "bare-host")
        .executeTakeFirstOrThrow();
      expect(delivered?.signature).toBe(
        postbackUrlSignature(partner.postback_secret, delivered?.url ?? ""),
      );

      const second = await leadAndClick("bare-host", at);
      const approved = await lenderSays(second.clickId, "approved", at);
      if (!approved.duplicate) await postbacks.listener(approved.change);
      await setPartnerDisabled(test.storage, "bare-host", true, { actor: COMMAND_LINE });
      await postbacks.deliverDue();
      expect(sent.some((item) => item.url.includes(second.clickId))).toBe(false);
      const [row] = await rowsOf([second.clickId]);
      expect(row).toMatchObject({ next_attempt_at: null, last_error: "partner disabled" });
    });

    it("pays a per-sale partner on issued only, and records each (click, status) once", async () => {
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      const at = new Date("2026-11-21T07:00:00.000Z");
      const { clickId } = await leadAndClick("per-sale", at);
      const approved = await lenderSays(clickId, "approved", at);
      if (approved.duplicate) throw new Error("not new");
      await postbacks.listener(approved.change);
      // The same change handed over twice (a retried listener) still makes one row.
      await postbacks.listener(approved.change);
      const issued = await lenderSays(clickId, "issued", at);
      if (issued.duplicate) throw new Error("not new");
      await postbacks.listener(issued.change);
      expect((await lenderSays(clickId, "issued", at)).duplicate).toBe(true);
      const rows = await rowsOf([clickId]);
      expect(rows.map((row) => [row.status, row.payout_rupees])).toEqual([
        ["approved", 0],
        ["issued", 2_500],
      ]);
    });

    it("records nothing for a click without a partner", async () => {
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      const at = new Date("2026-11-21T08:00:00.000Z");
      const { clickId } = await leadAndClick("not-a-partner", at);
      const outcome = await lenderSays(clickId, "approved", at);
      if (outcome.duplicate) throw new Error("not new");
      await postbacks.listener(outcome.change);
      expect(await rowsOf([clickId])).toEqual([]);
    });

    it("catches up conversions whose listener never ran (a crash after the lender's answer)", async () => {
      const at = new Date("2026-11-21T09:00:00.000Z");
      const { clickId } = await leadAndClick("per-sale", at);
      await lenderSays(clickId, "issued", at);
      expect(await rowsOf([clickId])).toEqual([]);
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      expect(await postbacks.catchUp()).toBeGreaterThanOrEqual(1);
      const rows = await rowsOf([clickId]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: "issued",
        payout_rupees: 2_500,
        created_at: at.toISOString(),
      });
      expect(await postbacks.catchUp()).toBe(0);
    });

    it("is sent once when two instances deliver the same due postback at once", async () => {
      const at = new Date("2026-11-21T10:00:00.000Z");
      const { clickId } = await leadAndClick("per-sale", at);
      const seed = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      const outcome = await lenderSays(clickId, "issued", at);
      if (outcome.duplicate) throw new Error("not new");
      await seed.listener(outcome.change);
      // Deliver everything else that is due first, so that only this row races.
      const sent: string[] = [];
      const countingGet = async (url: string) => {
        sent.push(url);
        return 200;
      };
      const second: Storage = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
      try {
        const instanceA = createPartnerPostbacks({
          storage: test.storage,
          log: silentLog,
          get: countingGet,
        });
        const instanceB = createPartnerPostbacks({
          storage: second,
          log: silentLog,
          get: countingGet,
        });
        await Promise.all([instanceA.deliverDue(), instanceB.deliverDue()]);
        expect(sent.filter((url) => url.includes(clickId))).toHaveLength(1);
        const [row] = await rowsOf([clickId]);
        expect(row).toMatchObject({ attempts: 1, next_attempt_at: null, last_error: null });
        expect(row?.delivered_at).not.toBeNull();
      } finally {
        await second.close();
      }
    });

    it("counts stats by Colombo day, the same records as the postbacks", async () => {
      await createPartner(test.storage, {
        id: "stats-partner",
        name: "Stats",
        payoutModel: "sale",
        payoutRupees: 1_000,
        origins: [],
        postbackUrl: null,
      });
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      // 23:59:59.999 on 21 November in Colombo, then midnight of the 22nd.
      const lateOn21 = new Date("2026-11-21T18:29:59.999Z");
      const earlyOn22 = new Date("2026-11-21T18:30:00.000Z");
      const first = await leadAndClick("stats-partner", lateOn21);
      const second = await leadAndClick("stats-partner", earlyOn22);
      await leadAndClick("per-sale", earlyOn22);
      for (const [clickId, status, at] of [
        [first.clickId, "approved", lateOn21],
        [first.clickId, "issued", earlyOn22],
        [second.clickId, "approved", new Date("2026-11-23T03:00:00.000Z")],
      ] as const) {
        const outcome = await lenderSays(clickId, status, at);
        if (!outcome.duplicate) await postbacks.listener(outcome.change);
      }
      const stats = await partnerStats(test.storage, "stats-partner", "2026-11-20", "2026-11-23");
      expect(stats.days).toEqual([
        { date: "2026-11-20", leads: 0, clicks: 0, approvals: 0, sales: 0, payouts: 0 },
        { date: "2026-11-21", leads: 1, clicks: 1, approvals: 1, sales: 0, payouts: 0 },
        { date: "2026-11-22", leads: 1, clicks: 1, approvals: 0, sales: 1, payouts: 1_000 },
        { date: "2026-11-23", leads: 0, clicks: 0, approvals: 1, sales: 0, payouts: 0 },
      ]);
      expect(stats.totals).toEqual({ leads: 2, clicks: 2, approvals: 2, sales: 1, payouts: 1_000 });
      // The payouts are exactly those of the recorded postbacks.
      const recorded = await test.storage.db
        .selectFrom("partner_postbacks")
        .select("payout_rupees")
        .where("partner_id", "=", "stats-partner")
        .execute();
      expect(recorded.reduce((sum, row) => sum + row.payout_rupees, 0)).toBe(stats.totals.payouts);
    });
  });
}

onEachEngine(postbacksContract);
