import { type Kysely, sql } from "kysely";
import { z } from "zod";
import {
  type CalendarDate,
  colomboDayEnd,
  colomboDayStart,
  colomboToday,
  isIsoDate,
} from "../../core/helpers/dates";
import {
  type InvoiceItemRow,
  type InvoiceRow,
  type LenderPriceRow,
  type MonthMatch,
  PRICE_MODELS,
  type PriceModel,
  type UnbilledRow,
} from "../../core/views/back-office-invoices";
import {
  colomboDateTime,
  csvCell,
  LOST_TO_ANOTHER_RUN,
  lostToAnotherRun,
  monthPeriod,
  type PayoutPeriod,
} from "../partners/payouts";
import { partnersPeriodFigures } from "../partners/stats";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import type { Database } from "../storage/schema";

/**
 * Invoices to lenders (issue 34, decisions 0394 and 0396): the mirror of
 * partners' payout runs. A lender's price (per verified lead sent to it,
 * per click-out, per issued loan; whole rupees) holds from a Colombo day
 * until its next one. A run for a Colombo month that has ended takes, for
 * every priced lender, each stored event of the month its price bills that
 * no invoice has taken, and freezes them as one invoice per lender. The
 * items' primary key (model, source) makes a second run, or a concurrent
 * one, unable to bill an event again; a later run for the same month bills
 * only what came since (a supplementary invoice).
 *
 * The events: a lead is a decision the lender answered (lender_decisions
 * with an answer, asked in the month: only verified applications are ever
 * asked); a click is a click-out to it (clicks); an issued loan is its
 * `issued` postback for a click (conversions, reported in the month).
 */

export const MAX_PRICE_RUPEES = 1_000_000;

export class InvoiceError extends Error {
  constructor(
    readonly problem: "month" | "open" | "empty" | "conflict" | "lender" | "not_found",
    message: string,
  ) {
    super(message);
    this.name = "InvoiceError";
  }
}

/** The price form, as typed: each field's problem is named by the field. */
export const priceFormSchema = z.object({
  lender: z
    .string({ error: "lender" })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
      error: "lender",
    }),
  model: z.enum(PRICE_MODELS, { error: "model" }),
  rupees: z
    .string({ error: "rupees" })
    .trim()
    .regex(/^\d{1,7}$/, { error: "rupees" })
    .transform(Number)
    .pipe(z.number().max(MAX_PRICE_RUPEES, { error: "rupees" })),
  from: z
    .string({ error: "from" })
    .trim()
    .refine((value): value is CalendarDate => isIsoDate(value), { error: "from" }),
});
export type PriceInput = z.output<typeof priceFormSchema>;

/** Sets a lender's price from a day on (replacing one set for that same day), audited. */
export async function setLenderPrice(
  storage: Storage,
  input: PriceInput,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const lender = await trx
      .selectFrom("lenders")
      .select("id")
      .where("id", "=", input.lender)
      .executeTakeFirst();
    if (!lender) throw new InvoiceError("lender", "No such lender.");
    const before = await trx
      .selectFrom("lender_prices")
      .select(["model", "rupees"])
      .where("lender_id", "=", input.lender)
      .where("valid_from", "=", input.from)
      .executeTakeFirst();
    await trx
      .deleteFrom("lender_prices")
      .where("lender_id", "=", input.lender)
      .where("valid_from", "=", input.from)
      .execute();
    await trx
      .insertInto("lender_prices")
      .values({
        lender_id: input.lender,
        valid_from: input.from,
        model: input.model,
        rupees: input.rupees,
        created_by: actor.label,
        created_at: now.toISOString(),
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "lender.price",
        subject: `lender:${input.lender}`,
        before: before
          ? { from: input.from, model: before.model, rupees: Number(before.rupees) }
          : null,
        after: { from: input.from, model: input.model, rupees: input.rupees },
      },
      now,
    );
  });
}

async function lenderNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom("lenders").select(["id", "names"]).execute();
  return new Map(
    rows.map((row) => {
      let name = row.id;
      try {
        name = (JSON.parse(row.names) as { en?: string }).en ?? row.id;
      } catch {
        // A name that is not JSON shows as the id.
      }
      return [row.id, name];
    }),
  );
}

/** Every lender's prices, by lender, the newest first. */
export async function listLenderPrices(storage: Storage): Promise<LenderPriceRow[]> {
  const [rows, names] = await Promise.all([
    storage.db
      .selectFrom("lender_prices")
      .selectAll()
      .orderBy("lender_id")
      .orderBy("valid_from", "desc")
      .execute(),
    lenderNames(storage.db),
  ]);
  return rows.map((row) => ({
    lenderId: row.lender_id,
    lenderName: names.get(row.lender_id) ?? row.lender_id,
    model: row.model,
    rupees: Number(row.rupees),
    from: row.valid_from,
    createdBy: row.created_by,
    createdAt: row.created_at,
  }));
}

/** The lenders a price may be set for, by name. */
export async function lenderChoices(storage: Storage): Promise<{ id: string; name: string }[]> {
  const names = await lenderNames(storage.db);
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

interface BillableItem {
  model: PriceModel;
  sourceId: string;
  lenderId: string;
  rupees: number;
  occurredAt: string;
}

function boundsOf(period: PayoutPeriod) {
  return { start: colomboDayStart(period.from), end: colomboDayEnd(period.to) };
}

/**
 * The month's events that the price in force on their Colombo day bills
 * and no invoice has taken, for every priced lender.
 */
async function billableItems(db: Kysely<Database>, month: string): Promise<BillableItem[]> {
  const period = monthPeriod(month);
  if (!period) return [];
  const prices = await db
    .selectFrom("lender_prices")
    .selectAll()
    .where("valid_from", "<=", period.to)
    .orderBy("valid_from")
    .execute();
  const byLender = new Map<string, typeof prices>();
  for (const price of prices) {
    byLender.set(price.lender_id, [...(byLender.get(price.lender_id) ?? []), price]);
  }
  const lenders = [...byLender.keys()];
  if (lenders.length === 0) return [];
  const { start, end } = boundsOf(period);
  // Every event of the month, of the three kinds, of a priced lender, that no item holds yet.
  const { rows } = await sql<{ model: PriceModel; source: string; lender: string; at: string }>`
    select e.model, e.source, e.lender, e.at from (
      select 'lead' as model, decision_id as source, lender_id as lender, asked_at as at
        from lender_decisions
        where answered_at is not null and asked_at >= ${start} and asked_at < ${end}
      union all
      select 'click', id, lender, created_at from clicks
        where created_at >= ${start} and created_at < ${end}
      union all
      select 'issued', v.click_id, c.lender, v.created_at
        from conversions as v join clicks as c on c.id = v.click_id
        where v.status = 'issued' and v.created_at >= ${start} and v.created_at < ${end}
    ) as e
    where e.lender in (${sql.join(lenders)})
      and not exists (select 1 from lender_invoice_items as i
        where i.model = e.model and i.source_id = e.source)`.execute(db);
  const items: BillableItem[] = [];
  for (const row of rows) {
    const day = colomboToday(new Date(row.at));
    const inForce = (byLender.get(row.lender) ?? []).filter((price) => price.valid_from <= day);
    const price = inForce[inForce.length - 1];
    if (!price || price.model !== row.model || Number(price.rupees) <= 0) continue;
    items.push({
      model: row.model,
      sourceId: row.source,
      lenderId: row.lender,
      rupees: Number(price.rupees),
      occurredAt: new Date(row.at).toISOString(),
    });
  }
  return items.sort((a, b) =>
    a.occurredAt === b.occurredAt
      ? `${a.model}:${a.sourceId}` < `${b.model}:${b.sourceId}`
        ? -1
        : 1
      : a.occurredAt < b.occurredAt
        ? -1
        : 1,
  );
}

function sumsByLender(items: readonly BillableItem[]) {
  const sums = new Map<string, { items: number; total: number }>();
  for (const item of items) {
    const sum = sums.get(item.lenderId) ?? { items: 0, total: 0 };
    sum.items += 1;
    sum.total += item.rupees;
    sums.set(item.lenderId, sum);
  }
  return sums;
}

/** What each lender would be billed for the month and no invoice has taken yet. */
export async function unbilledItems(storage: Storage, month: string): Promise<UnbilledRow[]> {
  const [items, names] = await Promise.all([
    billableItems(storage.db, month),
    lenderNames(storage.db),
  ]);
  return [...sumsByLender(items)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([lenderId, sum]) => ({
      lenderId,
      lenderName: names.get(lenderId) ?? lenderId,
      items: sum.items,
      totalRupees: sum.total,
    }));
}

/** The month's invoices as rows, by lender then time. */
export async function listInvoices(storage: Storage, month: string): Promise<InvoiceRow[]> {
  const [rows, names] = await Promise.all([
    storage.db
      .selectFrom("lender_invoices")
      .selectAll()
      .where("month", "=", month)
      .orderBy("lender_id")
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    lenderNames(storage.db),
  ]);
  return rows.map((row) => invoiceRowOf(row, names));
}

function invoiceRowOf(row: Database["lender_invoices"], names: Map<string, string>): InvoiceRow {
  return {
    id: row.id,
    lenderId: row.lender_id,
    lenderName: names.get(row.lender_id) ?? row.lender_id,
    month: row.month,
    items: Number(row.items),
    totalRupees: Number(row.total_rupees),
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** Whether the Colombo month has ended at `now`: only then is it invoiced. */
export function monthEnded(month: string, now: Date): boolean {
  const period = monthPeriod(month);
  return period !== undefined && colomboDayEnd(period.to) <= now.toISOString();
}

/**
 * Makes the month's invoices: in one transaction, takes its billable items,
 * writes an invoice per lender with its items, and the audit entry. Refused
 * before the month ends and when there is nothing to bill; a concurrent run
 * that took an item first makes this one fail on the items' primary key and
 * roll back whole.
 */
export async function createInvoices(
  storage: Storage,
  month: string,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<InvoiceRow[]> {
  if (!monthPeriod(month)) throw new InvoiceError("month", "Not a month.");
  if (!monthEnded(month, now)) {
    throw new InvoiceError("open", "A month is invoiced once it has ended (Colombo time).");
  }
  const ids: string[] = [];
  try {
    await storage.db.transaction().execute(async (trx) => {
      const items = await billableItems(trx, month);
      if (items.length === 0) throw new InvoiceError("empty", "Nothing in that month to bill.");
      const invoices = [...sumsByLender(items)].map(([lenderId, sum]) => ({
        id: newOpaqueId(),
        lender_id: lenderId,
        month,
        items: sum.items,
        total_rupees: sum.total,
        created_by: actor.label,
        created_at: now.toISOString(),
      }));
      await trx.insertInto("lender_invoices").values(invoices).execute();
      const invoiceOf = new Map(invoices.map((invoice) => [invoice.lender_id, invoice.id]));
      // In slices: SQLite takes at most 32,766 bound values in one statement.
      for (let index = 0; index < items.length; index += 1_000) {
        await trx
          .insertInto("lender_invoice_items")
          .values(
            items.slice(index, index + 1_000).map((item) => ({
              model: item.model,
              source_id: item.sourceId,
              invoice_id: invoiceOf.get(item.lenderId) ?? "",
              lender_id: item.lenderId,
              rupees: item.rupees,
              occurred_at: item.occurredAt,
            })),
          )
          .execute();
      }
      await recordAudit(
        trx,
        actor,
        {
          action: "invoice.run",
          subject: `invoices:${month}`,
          after: {
            month,
            lenders: Object.fromEntries(
              invoices.map((invoice) => [invoice.lender_id, invoice.total_rupees]),
            ),
          },
        },
        now,
      );
      ids.push(...invoices.map((invoice) => invoice.id));
    });
  } catch (error) {
    throw lostToAnotherRun(error) ? new InvoiceError("conflict", LOST_TO_ANOTHER_RUN) : error;
  }
  const made = await listInvoices(storage, month);
  return made.filter((invoice) => ids.includes(invoice.id));
}

export interface Invoice {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  /** The lender's legal name, for the document. */
  legalName: string;
}

/** An invoice with its items, oldest first. */
export async function findInvoice(storage: Storage, id: string): Promise<Invoice | undefined> {
  const row = await storage.db
    .selectFrom("lender_invoices")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [items, names, lender] = await Promise.all([
    storage.db
      .selectFrom("lender_invoice_items")
      .select(["model", "source_id", "occurred_at", "rupees"])
      .where("invoice_id", "=", id)
      .orderBy("occurred_at")
      .orderBy("model")
      .orderBy("source_id")
      .execute(),
    lenderNames(storage.db),
    storage.db
      .selectFrom("lenders")
      .select("legal_name")
      .where("id", "=", row.lender_id)
      .executeTakeFirst(),
  ]);
  return {
    invoice: invoiceRowOf(row, names),
    legalName: lender?.legal_name ?? row.lender_id,
    items: items.map((item) => ({
      model: item.model,
      sourceId: item.source_id,
      occurredAt: item.occurred_at,
      rupees: Number(item.rupees),
    })),
  };
}

/**
 * The invoice as CSV: a row per item (Colombo time, whole rupees) and a last
 * row with the total, which equals the invoice's figure.
 */
export function invoiceCsv({ invoice, items }: Invoice): string {
  const rows: (string | number)[][] = [
    ["model", "source_id", "occurred_at_colombo", "amount_lkr"],
    ...items.map((item) => [
      item.model,
      item.sourceId,
      colomboDateTime(item.occurredAt),
      item.rupees,
    ]),
    ["total", "", "", invoice.totalRupees],
  ];
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * The month's match (decision 0397): billed to lenders (invoiced and not
 * yet) beside what partners earned in it, as the payouts count it, and
 * the month's adjustments.
 */
export async function monthMatch(storage: Storage, month: string): Promise<MonthMatch> {
  const period = monthPeriod(month);
  if (!period) throw new InvoiceError("month", "Not a month.");
  const [invoiced, unbilled, figures, adjustments] = await Promise.all([
    storage.db
      .selectFrom("lender_invoices")
      .select(sql<number | null>`sum(total_rupees)`.as("total"))
      .where("month", "=", month)
      .executeTakeFirst(),
    billableItems(storage.db, month),
    partnersPeriodFigures(storage, period.from, period.to),
    storage.db
      .selectFrom("partner_adjustments")
      .select(sql<number | null>`sum(rupees)`.as("total"))
      .where("month", "=", month)
      .executeTakeFirst(),
  ]);
  const invoicedRupees = Number(invoiced?.total ?? 0);
  const unbilledRupees = unbilled.reduce((sum, item) => sum + item.rupees, 0);
  const partnersEarnedRupees = [...figures.values()].reduce(
    (sum, figure) => sum + figure.earnedRupees,
    0,
  );
  const adjustmentsRupees = Number(adjustments?.total ?? 0);
  return {
    month,
    invoicedRupees,
    unbilledRupees,
    partnersEarnedRupees,
    adjustmentsRupees,
    marginRupees: invoicedRupees + unbilledRupees - partnersEarnedRupees - adjustmentsRupees,
  };
}

/** One lender's own invoices (the lender portal, decision 0422), the newest month first. */
export async function invoicesOfLender(storage: Storage, lenderId: string): Promise<InvoiceRow[]> {
  const [rows, names] = await Promise.all([
    storage.db
      .selectFrom("lender_invoices")
      .selectAll()
      .where("lender_id", "=", lenderId)
      .orderBy("month", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    lenderNames(storage.db),
  ]);
  return rows.map((row) => invoiceRowOf(row, names));
}
