import { type Kysely, sql } from "kysely";
import {
  addDays,
  addMonths,
  type CalendarDate,
  COLOMBO_UTC_OFFSET_MINUTES,
  colomboDayStart,
  colomboToday,
  daysBetween,
  isIsoDate,
} from "../../core/helpers/dates";
import type { PayoutRunPartnerRow } from "../../core/views/back-office-partners";
import { csvCell } from "../http/csv";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import type { ConversionStatus, Database } from "../storage/schema";

/**
 * Payout runs (issue 16). What a partner earns is fixed in its postbacks
 * when the lender reports (partner_postbacks.payout_rupees, decision 0076):
 * the same rows the partner's stats sum. A run takes, for a period of
 * Colombo days, every such row with a payout that no earlier run has taken,
 * and freezes them as its items and a total per partner; the items' primary
 * key (click, status) makes a second run, or a concurrent one, unable to
 * take them again. A partner's share is then marked paid with the
 * transfer's reference. Amounts are whole rupees, as everywhere.
 *
 * An operator's adjustments (partner_adjustments, decision 0245) are part of
 * what is owed: a run also takes every adjustment no run has taken whose
 * month began by the period's end, and adds it to the partner's figure. A
 * partner whose figure would not be above zero is left out of the run, its
 * items and adjustments waiting for a later one: a run never pays a
 * negative amount.
 */

/** Inclusive Colombo dates. */
export interface PayoutPeriod {
  from: CalendarDate;
  to: CalendarDate;
}

/** Runs cover at most a year: a longer one is surely a typing mistake. */
export const MAX_PERIOD_DAYS = 366;

export class PayoutError extends Error {
  constructor(
    readonly problem: "period" | "empty" | "conflict" | "not_found" | "paid" | "reference",
    message: string,
  ) {
    super(message);
    this.name = "PayoutError";
  }
}

/** The Colombo calendar month before the one of `now`: what a run pays by default. */
export function previousColomboMonth(now: Date): PayoutPeriod {
  const today = colomboToday(now);
  const first = `${today.slice(0, 8)}01` as CalendarDate;
  const from = addMonths(first, -1);
  return { from, to: addDays(first, -1) };
}

/** A month ("2026-10") as its first and last Colombo days. */
export function monthPeriod(month: string): PayoutPeriod | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return undefined;
  const from = `${month}-01` as CalendarDate;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** A period from two dates, or undefined when either is not a date or they are the wrong way. */
export function periodOf(from: string, to: string): PayoutPeriod | undefined {
  if (!isIsoDate(from) || !isIsoDate(to)) return undefined;
  const days = daysBetween(from, to);
  if (days < 0 || days >= MAX_PERIOD_DAYS) return undefined;
  return { from, to };
}

function periodBounds(period: PayoutPeriod): { start: string; end: string } {
  return { start: colomboDayStart(period.from), end: colomboDayStart(addDays(period.to, 1)) };
}

/** The postbacks with a payout reported in the period that no run has taken yet. */
function unpaidItems(db: Kysely<Database>, period: PayoutPeriod) {
  const { start, end } = periodBounds(period);
  return db
    .selectFrom("partner_postbacks as p")
    .where("p.payout_rupees", ">", 0)
    .where("p.created_at", ">=", start)
    .where("p.created_at", "<", end)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payout_run_items as i")
            .select("i.click_id")
            .whereRef("i.click_id", "=", "p.click_id")
            .whereRef("i.status", "=", "p.status"),
        ),
      ),
    );
}

/** The adjustments no run has taken whose month began by the period's end. */
function unpaidAdjustments(db: Kysely<Database>, period: PayoutPeriod) {
  return db
    .selectFrom("partner_adjustments as a")
    .where("a.run_id", "is", null)
    .where("a.month", "<=", period.to.slice(0, 7));
}

export interface PartnerEarnings {
  partnerId: string;
  partnerName: string;
  items: number;
  totalRupees: number;
}

/**
 * What each partner earned in the period and no run has paid yet, with its
 * adjustments no run has taken: what a run would take (a partner whose sum
 * is not above zero waits, and is not listed).
 */
export async function unpaidEarnings(
  storage: Storage,
  period: PayoutPeriod,
): Promise<PartnerEarnings[]> {
  const [rows, adjustments] = await Promise.all([
    unpaidItems(storage.db, period)
      .select([
        "p.partner_id",
        sql<number>`count(*)`.as("items"),
        sql<number>`sum(p.payout_rupees)`.as("total"),
      ])
      .groupBy("p.partner_id")
      .execute(),
    unpaidAdjustments(storage.db, period)
      .select(["a.partner_id", sql<number>`sum(a.rupees)`.as("total")])
      .groupBy("a.partner_id")
      .execute(),
  ]);
  const sums = new Map<string, { items: number; total: number }>();
  for (const row of rows) {
    sums.set(row.partner_id, { items: Number(row.items), total: Number(row.total) });
  }
  for (const row of adjustments) {
    const sum = sums.get(row.partner_id) ?? { items: 0, total: 0 };
    sum.total += Number(row.total);
    sums.set(row.partner_id, sum);
  }
  const owed = [...sums].filter(([, sum]) => sum.total > 0);
  if (owed.length === 0) return [];
  const names = new Map(
    (
      await storage.db
        .selectFrom("partners")
        .select(["id", "name"])
        .where(
          "id",
          "in",
          owed.map(([id]) => id),
        )
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  return owed
    .filter(([id]) => names.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([partnerId, sum]) => ({
      partnerId,
      partnerName: names.get(partnerId) ?? partnerId,
      items: sum.items,
      totalRupees: sum.total,
    }));
}

/** A partner's part of a run, as the back office shows it. */
export type PayoutRunPartner = PayoutRunPartnerRow;

export interface PayoutRun {
  id: string;
  from: CalendarDate;
  to: CalendarDate;
  totalRupees: number;
  createdBy: string;
  createdAt: string;
  partners: PayoutRunPartner[];
}

/**
 * Makes a run: in one transaction, takes the period's unpaid items, writes
 * them with a total per partner, and the audit entry. Refused when there is
 * nothing to pay. A concurrent run that took an item first makes this one
 * fail on the items' primary key, and roll back whole.
 */
export async function createPayoutRun(
  storage: Storage,
  period: PayoutPeriod,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<PayoutRun> {
  if (!periodOf(period.from, period.to)) {
    throw new PayoutError("period", "The period must be at most a year, its start before its end.");
  }
  const id = newOpaqueId();
  try {
    await takeItems(storage, id, period, actor, now);
  } catch (error) {
    throw lostToAnotherRun(error) ? new PayoutError("conflict", LOST_TO_ANOTHER_RUN) : error;
  }
  const run = await payoutRun(storage, id);
  if (!run) throw new Error("the run just made is missing");
  return run;
}

/**
 * A run that lost to a concurrent one: PostgreSQL refuses its items by
 * their primary key (23505) or its serialisation (40001); SQLite's second
 * writer finds the file changed since it read (SQLITE_BUSY…) or the key
 * taken (SQLITE_CONSTRAINT…). Either way its transaction rolled back whole.
 */
export const LOST_TO_ANOTHER_RUN =
  "Another run took some of these items at the same moment; nothing was made.";

export function lostToAnotherRun(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "23505" ||
    code === "40001" ||
    (typeof code === "string" && /^SQLITE_(BUSY|CONSTRAINT)/.test(code))
  );
}

async function takeItems(
  storage: Storage,
  id: string,
  period: PayoutPeriod,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const allItems = await unpaidItems(trx, period)
      .select(["p.click_id", "p.status", "p.partner_id", "p.payout_rupees", "p.created_at"])
      .execute();
    const allAdjustments = await unpaidAdjustments(trx, period)
      .select(["a.id", "a.partner_id", "a.rupees"])
      .execute();
    const sums = new Map<string, { items: number; total: number }>();
    for (const item of allItems) {
      const sum = sums.get(item.partner_id) ?? { items: 0, total: 0 };
      sum.items += 1;
      sum.total += item.payout_rupees;
      sums.set(item.partner_id, sum);
    }
    for (const adjustment of allAdjustments) {
      const sum = sums.get(adjustment.partner_id) ?? { items: 0, total: 0 };
      sum.total += Number(adjustment.rupees);
      sums.set(adjustment.partner_id, sum);
    }
    // Never a negative payment: a partner owed nothing above zero waits for a later run.
    const byPartner = new Map([...sums].filter(([, sum]) => sum.total > 0));
    const items = allItems.filter((item) => byPartner.has(item.partner_id));
    const adjustments = allAdjustments.filter((one) => byPartner.has(one.partner_id));
    if (byPartner.size === 0) {
      throw new PayoutError("empty", "Nothing in that period is left to pay.");
    }
    const total = [...byPartner.values()].reduce((sum, partner) => sum + partner.total, 0);
    await trx
      .insertInto("payout_runs")
      .values({
        id,
        period_from: period.from,
        period_to: period.to,
        total_rupees: total,
        created_by: actor.label,
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .insertInto("payout_run_partners")
      .values(
        [...byPartner].map(([partnerId, sum]) => ({
          run_id: id,
          partner_id: partnerId,
          items: sum.items,
          total_rupees: sum.total,
          paid_at: null,
          paid_reference: null,
          paid_by: null,
        })),
      )
      .execute();
    // In slices: SQLite takes at most 32,766 bound values in one statement.
    for (let index = 0; index < items.length; index += 1_000) {
      await trx
        .insertInto("payout_run_items")
        .values(
          items.slice(index, index + 1_000).map((item) => ({
            click_id: item.click_id,
            status: item.status,
            run_id: id,
            partner_id: item.partner_id,
            payout_rupees: item.payout_rupees,
            reported_at: item.created_at,
          })),
        )
        .execute();
    }
    if (adjustments.length > 0) {
      const taken = await trx
        .updateTable("partner_adjustments")
        .set({ run_id: id })
        .where(
          "id",
          "in",
          adjustments.map((one) => one.id),
        )
        .where("run_id", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== adjustments.length) {
        throw new PayoutError("conflict", LOST_TO_ANOTHER_RUN);
      }
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "payout.run",
        subject: `payout_run:${id}`,
        after: {
          from: period.from,
          to: period.to,
          totalRupees: total,
          partners: Object.fromEntries(
            [...byPartner].map(([partnerId, sum]) => [partnerId, sum.total]),
          ),
        },
      },
      now,
    );
  });
}

function runOf(row: Database["payout_runs"], partners: PayoutRunPartner[]): PayoutRun {
  return {
    id: row.id,
    from: row.period_from as CalendarDate,
    to: row.period_to as CalendarDate,
    totalRupees: Number(row.total_rupees),
    createdBy: row.created_by,
    createdAt: row.created_at,
    partners,
  };
}

async function runPartners(db: Kysely<Database>, runIds: string[]) {
  if (runIds.length === 0) return [];
  return db
    .selectFrom("payout_run_partners as r")
    .leftJoin("partners", "partners.id", "r.partner_id")
    .select([
      "r.run_id",
      "r.partner_id",
      "partners.name",
      "r.items",
      "r.total_rupees",
      "r.paid_at",
      "r.paid_reference",
      "r.paid_by",
    ])
    .where("r.run_id", "in", runIds)
    .orderBy("r.partner_id")
    .execute();
}

function partnerOfRow(row: Awaited<ReturnType<typeof runPartners>>[number]): PayoutRunPartner {
  return {
    partnerId: row.partner_id,
    partnerName: row.name ?? row.partner_id,
    items: Number(row.items),
    totalRupees: Number(row.total_rupees),
    paidAt: row.paid_at,
    paidReference: row.paid_reference,
    paidBy: row.paid_by,
  };
}

/** Runs, newest first, each with its partners. */
export async function listPayoutRuns(storage: Storage, limit = 50): Promise<PayoutRun[]> {
  const rows = await storage.db
    .selectFrom("payout_runs")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const partners = await runPartners(
    storage.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    runOf(row, partners.filter((partner) => partner.run_id === row.id).map(partnerOfRow)),
  );
}

export async function payoutRun(storage: Storage, id: string): Promise<PayoutRun | undefined> {
  const row = await storage.db
    .selectFrom("payout_runs")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return runOf(row, (await runPartners(storage.db, [id])).map(partnerOfRow));
}

/** A transfer's reference: what the bank, wallet or PayPal gave, printable and short. */
const REFERENCE = /^[\p{L}\p{N} ._:/#-]{1,100}$/u;

/** Marks one partner's share of a run paid, once, with the transfer's reference. */
export async function markPayoutPaid(
  storage: Storage,
  runId: string,
  partnerId: string,
  reference: string,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<PayoutRunPartner> {
  const trimmed = reference.trim();
  if (!REFERENCE.test(trimmed)) {
    throw new PayoutError(
      "reference",
      "The reference must be 1 to 100 letters, digits, spaces or . _ : / # -",
    );
  }
  await storage.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("payout_run_partners")
      .selectAll()
      .where("run_id", "=", runId)
      .where("partner_id", "=", partnerId)
      .executeTakeFirst();
    if (!row) throw new PayoutError("not_found", "That run has no such partner.");
    if (row.paid_at !== null) throw new PayoutError("paid", "That payout is marked paid already.");
    const result = await trx
      .updateTable("payout_run_partners")
      .set({ paid_at: now.toISOString(), paid_reference: trimmed, paid_by: actor.label })
      .where("run_id", "=", runId)
      .where("partner_id", "=", partnerId)
      .where("paid_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new PayoutError("paid", "That payout is marked paid already.");
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "payout.paid",
        subject: `payout_run:${runId}`,
        before: { partner: partnerId, paid: false },
        after: {
          partner: partnerId,
          paid: true,
          reference: trimmed,
          totalRupees: Number(row.total_rupees),
        },
      },
      now,
    );
  });
  const run = await payoutRun(storage, runId);
  const partner = run?.partners.find((candidate) => candidate.partnerId === partnerId);
  if (!partner) throw new PayoutError("not_found", "That run has no such partner.");
  return partner;
}

export interface StatementItem {
  clickId: string;
  /** The lead's opaque id; null once the lead was erased (decision 0074). */
  leadId: string | null;
  status: ConversionStatus;
  reportedAt: string;
  payoutRupees: number;
}

/** An operator's adjustment (decision 0245) as a statement lists it. */
export interface StatementAdjustment {
  id: string;
  /** The Colombo month it belongs to, "2026-11". */
  month: string;
  rupees: number;
  reason: string;
  createdAt: string;
}

export interface PayoutStatement {
  run: PayoutRun;
  partner: PayoutRunPartner;
  payoutModel: string;
  items: StatementItem[];
  /** The adjustments the run took for this partner: items and these add up to its figure. */
  adjustments: StatementAdjustment[];
}

/** What a run pays one partner, item by item: the rows behind its figure. */
export async function payoutStatement(
  storage: Storage,
  runId: string,
  partnerId: string,
): Promise<PayoutStatement | undefined> {
  const run = await payoutRun(storage, runId);
  const partner = run?.partners.find((candidate) => candidate.partnerId === partnerId);
  if (!run || !partner) return undefined;
  const [items, terms, adjustments] = await Promise.all([
    storage.db
      .selectFrom("payout_run_items as i")
      .leftJoin("partner_postbacks as p", (join) =>
        join.onRef("p.click_id", "=", "i.click_id").onRef("p.status", "=", "i.status"),
      )
      .select(["i.click_id", "p.lead_id", "i.status", "i.reported_at", "i.payout_rupees"])
      .where("i.run_id", "=", runId)
      .where("i.partner_id", "=", partnerId)
      .orderBy("i.reported_at")
      .orderBy("i.click_id")
      .orderBy("i.status")
      .execute(),
    storage.db
      .selectFrom("partners")
      .select("payout_model")
      .where("id", "=", partnerId)
      .executeTakeFirst(),
    storage.db
      .selectFrom("partner_adjustments")
      .select(["id", "month", "rupees", "reason", "created_at"])
      .where("run_id", "=", runId)
      .where("partner_id", "=", partnerId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  return {
    run,
    partner,
    payoutModel: terms?.payout_model ?? "",
    items: items.map((item) => ({
      clickId: item.click_id,
      leadId: item.lead_id ?? null,
      status: item.status,
      reportedAt: item.reported_at,
      payoutRupees: item.payout_rupees,
    })),
    adjustments: adjustments.map(adjustmentOf),
  };
}

export function adjustmentOf(row: {
  id: string;
  month: string;
  rupees: number;
  reason: string;
  created_at: string;
}): StatementAdjustment {
  return {
    id: row.id,
    month: row.month,
    rupees: Number(row.rupees),
    reason: row.reason,
    createdAt: row.created_at,
  };
}

/** An ISO time as Colombo's "2026-11-21 14:05:09". */
export function colomboDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) + COLOMBO_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The CSV cell of server/http/csv.ts, where the lender portal takes it too (decision 0406). */
export { csvCell };

/**
 * The statement as CSV: a row per item (times in Colombo, amounts in whole
 * rupees), a row per adjustment (click_id "adjustment", its month and
 * reason in lead_id and status, the time it was made) and a last row with
 * the total, which equals the run's figure.
 */
export function statementCsv(statement: PayoutStatement): string {
  const rows: (string | number)[][] = [
    ["click_id", "lead_id", "status", "reported_at_colombo", "payout_lkr"],
    ...statement.items.map((item) => [
      item.clickId,
      item.leadId ?? "",
      item.status,
      colomboDateTime(item.reportedAt),
      item.payoutRupees,
    ]),
    ...statement.adjustments.map((adjustment) => [
      "adjustment",
      adjustment.month,
      adjustment.reason,
      colomboDateTime(adjustment.createdAt),
      adjustment.rupees,
    ]),
    ["total", "", "", "", statement.partner.totalRupees],
  ];
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
