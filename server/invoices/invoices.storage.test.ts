import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordClick } from "../borrowers/clicks";
import { seedSampleLenders } from "../lenders/lenders";
import { createPartner } from "../partners/partners";
import { lenderReports, offerOfKandyLane, seedConversion } from "../partners/payouts.test-support";
import { partnersPeriodFigures } from "../partners/stats";
import { openStorage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import {
  createInvoices,
  findInvoice,
  InvoiceError,
  invoiceCsv,
  listInvoices,
  listLenderPrices,
  monthEnded,
  monthMatch,
  setLenderPrice,
  unbilledItems,
} from "./invoices";

const admin = { id: null, label: "invoices test" };
const KANDY = "kandy-lane";
/** After October ended in Colombo. */
const IN_NOVEMBER = new Date("2026-11-05T06:00:00Z");

async function problemOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof InvoiceError) return error.problem;
    throw error;
  }
}

describe("invoice months", () => {
  it("end at the Colombo midnight, not the UTC one", () => {
    expect(monthEnded("2026-10", new Date("2026-10-31T18:29:59.999Z"))).toBe(false);
    expect(monthEnded("2026-10", new Date("2026-10-31T18:30:00.000Z"))).toBe(true);
    expect(monthEnded("2026-13", IN_NOVEMBER)).toBe(false);
  });
});

/** Rows in the order the service lists them: by lender id (a stable sort keeps each lender's order). */
function byLender<T>(rows: T[]): T[] {
  const id = (row: T) =>
    Array.isArray(row) ? String(row[0]) : String((row as { lenderId?: unknown }).lenderId ?? "");
  return [...rows].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

function invoicesContract(name: string, open: () => Promise<TestStorage>) {
  describe(`lender invoices on ${name}`, () => {
    let test: TestStorage;
    let other = "";
    const clicks: Record<string, string> = {};

    /** A decision asked of `lender` about the lead at `at`, answered or not. */
    async function decision(leadId: string, lender: string, at: string, answered: boolean) {
      await test.storage.db
        .insertInto("lender_decisions")
        .values({
          decision_id: newOpaqueId(),
          lead_id: leadId,
          lender_id: lender,
          status: answered ? "declined" : "failed",
          offer_id: null,
          amount: null,
          term_days: null,
          terms: null,
          expires_at: null,
          apply_url: null,
          reason: null,
          error: answered ? null : "timeout",
          broken_rule: null,
          attempts: 1,
          latency_ms: answered ? 120 : null,
          asked_at: at,
          deadline_at: at,
          answered_at: answered ? at : null,
          decided_at: at,
        })
        .execute();
    }

    beforeAll(async () => {
      test = await open();
      await seedSampleLenders(test.storage);
      const lenders = await test.storage.db.selectFrom("lenders").select("id").execute();
      other = lenders.map((row) => row.id).find((id) => id !== KANDY) ?? "";
      expect(other).not.toBe("");
      await createPartner(test.storage, {
        id: "lead-co",
        name: "lead-co name",
        payoutModel: "lead",
        payoutRupees: 400,
        origins: [],
        postbackUrl: null,
      });
      // Kandy Lane: per click-out from 1 October, per issued loan from 20 October.
      await setLenderPrice(
        test.storage,
        { lender: KANDY, model: "click", rupees: 300, from: "2026-10-01" },
        { actor: admin },
      );
      await setLenderPrice(
        test.storage,
        { lender: KANDY, model: "issued", rupees: 5_000, from: "2026-10-20" },
        { actor: admin },
      );
      await setLenderPrice(
        test.storage,
        { lender: other, model: "lead", rupees: 150, from: "2026-01-01" },
        { actor: admin },
      );
      for (const [key, at, statuses] of [
        // The first instant of October in Colombo: a click billed at 300; its loan under that price too.
        ["first", "2026-09-30T18:30:00.000Z", ["approved", "issued"]],
        ["middle", "2026-10-15T06:00:00.000Z", ["approved"]],
        // The last second of October in Colombo: per issued loan by then, so only the loan.
        ["last", "2026-10-31T18:29:59.000Z", ["issued"]],
        // Already November in Colombo.
        ["november", "2026-10-31T18:30:00.000Z", ["issued"]],
      ] as const) {
        const seeded = await seedConversion(test.storage, "lead-co", new Date(at), statuses);
        clicks[key] = seeded.clickId;
        const lead = (
          await test.storage.db
            .selectFrom("clicks")
            .select("lead_id")
            .where("id", "=", seeded.clickId)
            .executeTakeFirstOrThrow()
        ).lead_id as string;
        // Each lead asked of the other lender: answered ones are billed in their month.
        await decision(lead, other, at, key !== "middle");
      }
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("lists what each price bills in the month, and the month beside the payouts", async () => {
      expect(await unbilledItems(test.storage, "2026-10")).toMatchObject(
        byLender([
          { lenderId: KANDY, items: 3, totalRupees: 5_600 },
          { lenderId: other, items: 2, totalRupees: 300 },
        ]),
      );
      const match = await monthMatch(test.storage, "2026-10");
      const figures = await partnersPeriodFigures(test.storage, "2026-10-01", "2026-10-31");
      expect(match).toEqual({
        month: "2026-10",
        invoicedRupees: 0,
        unbilledRupees: 5_900,
        partnersEarnedRupees: figures.get("lead-co")?.earnedRupees,
        adjustmentsRupees: 0,
        marginRupees: 5_900 - (figures.get("lead-co")?.earnedRupees ?? 0),
      });
      expect(match.partnersEarnedRupees).toBeGreaterThan(0);
      const prices = await listLenderPrices(test.storage);
      expect(prices.filter((price) => price.lenderId === KANDY).map((price) => price.from)).toEqual(
        ["2026-10-20", "2026-10-01"],
      );
    });

    it("bills a month once it has ended, each item once, the CSV adding up", async () => {
      expect(
        await problemOf(
          createInvoices(test.storage, "2026-11", { actor: admin, now: IN_NOVEMBER }),
        ),
      ).toBe("open");
      const made = await createInvoices(test.storage, "2026-10", {
        actor: admin,
        now: IN_NOVEMBER,
      });
      expect(made.map((invoice) => [invoice.lenderId, invoice.items, invoice.totalRupees])).toEqual(
        byLender([
          [KANDY, 3, 5_600],
          [other, 2, 300],
        ]),
      );
      const kandyId = made.find((invoice) => invoice.lenderId === KANDY)?.id ?? "";
      const kandy = await findInvoice(test.storage, kandyId);
      expect(kandy?.items.map((item) => [item.model, item.sourceId, item.rupees])).toEqual([
        ["click", clicks.first, 300],
        ["click", clicks.middle, 300],
        ["issued", clicks.last, 5_000],
      ]);
      const csv = invoiceCsv(kandy as NonNullable<typeof kandy>)
        .trimEnd()
        .split("\r\n");
      expect(csv[0]).toBe("model,source_id,occurred_at_colombo,amount_lkr");
      expect(csv[1]).toBe(`click,${clicks.first},2026-10-01 00:00:00,300`);
      expect(csv.at(-1)).toBe("total,,,5600");
      expect(
        await problemOf(
          createInvoices(test.storage, "2026-10", { actor: admin, now: IN_NOVEMBER }),
        ),
      ).toBe("empty");
      expect(await unbilledItems(test.storage, "2026-10")).toEqual([]);
      const match = await monthMatch(test.storage, "2026-10");
      expect([match.invoicedRupees, match.unbilledRupees]).toEqual([5_900, 0]);
      const audit = await test.storage.db
        .selectFrom("audit_log")
        .select(["action", "subject"])
        .where("action", "in", ["invoice.run", "lender.price"])
        .execute();
      expect(audit.filter((entry) => entry.action === "lender.price")).toHaveLength(3);
      expect(audit.filter((entry) => entry.action === "invoice.run")).toEqual([
        { action: "invoice.run", subject: "invoices:2026-10" },
      ]);
    });

    it("bills what came later for a month in a second invoice, never an item again", async () => {
      // The middle click's loan, reported on 28 October after the run; and a click then, unpriced.
      await lenderReports(
        test.storage,
        clicks.middle as string,
        ["issued"],
        new Date("2026-10-28T06:00:00Z"),
      );
      await recordClick(
        test.storage,
        offerOfKandyLane(),
        undefined,
        new Date("2026-10-28T07:00:00Z"),
      );
      const [late] = await createInvoices(test.storage, "2026-10", {
        actor: admin,
        now: new Date("2026-11-20T06:00:00Z"),
      });
      expect([late?.lenderId, late?.items, late?.totalRupees]).toEqual([KANDY, 1, 5_000]);
      const invoices = await listInvoices(test.storage, "2026-10");
      expect(invoices.map((invoice) => [invoice.lenderId, invoice.totalRupees])).toEqual(
        byLender([
          [KANDY, 5_600],
          [KANDY, 5_000],
          [other, 300],
        ]),
      );
      const items = await test.storage.db
        .selectFrom("lender_invoice_items")
        .select(["model", "source_id"])
        .execute();
      expect(items).toHaveLength(6);
      expect(new Set(items.map((item) => `${item.model}:${item.source_id}`)).size).toBe(6);
    });

    it("lets only one of two runs at once bill the same items, from two instances", async () => {
      for (const day of ["2026-12-02", "2026-12-09", "2026-12-16"]) {
        await seedConversion(test.storage, "lead-co", new Date(`${day}T06:00:00Z`), ["issued"]);
      }
      const second = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
      const inJanuary = new Date("2027-01-02T00:00:00Z");
      try {
        const outcomes = await Promise.allSettled([
          createInvoices(test.storage, "2026-12", { actor: admin, now: inJanuary }),
          createInvoices(second, "2026-12", { actor: admin, now: inJanuary }),
        ]);
        const made = outcomes.filter((outcome) => outcome.status === "fulfilled");
        expect(made).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === "rejected") {
            expect(outcome.reason).toBeInstanceOf(InvoiceError);
            expect(["conflict", "empty"]).toContain((outcome.reason as InvoiceError).problem);
          }
        }
        const december = await listInvoices(test.storage, "2026-12");
        // Three issued loans at 5,000 (no decisions were asked in December).
        expect(december.map((invoice) => [invoice.lenderId, invoice.totalRupees])).toEqual([
          [KANDY, 15_000],
        ]);
      } finally {
        await second.close();
      }
    });

    it("refuses a price for a lender that does not exist, and replaces one of the same day", async () => {
      expect(
        await problemOf(
          setLenderPrice(
            test.storage,
            { lender: "no-such-lender", model: "lead", rupees: 10, from: "2026-10-01" },
            { actor: admin },
          ),
        ),
      ).toBe("lender");
      await setLenderPrice(
        test.storage,
        { lender: other, model: "click", rupees: 0, from: "2026-01-01" },
        { actor: admin },
      );
      const prices = (await listLenderPrices(test.storage)).filter((p) => p.lenderId === other);
      expect(prices.map((price) => [price.from, price.model, price.rupees])).toEqual([
        ["2026-01-01", "click", 0],
      ]);
    });
  });
}

onEachEngine((engine, open) => invoicesContract(engine, open));
