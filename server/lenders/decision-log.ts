import {
  addDays,
  type CalendarDate,
  COLOMBO_UTC_OFFSET_MINUTES,
  colomboDayEnd,
  colomboDayStart,
  colomboToday,
  isIsoDate,
} from "../../core/helpers/dates";
import {
  DECISION_LOG_STATUSES,
  type DecisionLogEntryView,
  type DecisionLogQuery,
  type DecisionLogRow,
  type DecisionLogStatus,
  type DecisionLogView,
} from "../../core/views/lender-portal";
import { csvCell } from "../http/csv";
import { queryText } from "../http/query-text";
import type { Storage } from "../storage/database";
import { applicationSent } from "./decisions";

/**
 * The lender portal's decision log (issue 34, decision 0406): the
 * applications sent to one lender in the last DECISION_LOG_DAYS Colombo
 * days, newest first, a page at a time or as CSV, and one of them with the
 * application's fields as its request carried them (decisions.ts
 * `applicationSent`, the request's own choice of fields). Every read names
 * the lender and the window, on the lender_decisions_lender index
 * (lender_id, asked_at); rows older than the window are never read.
 */

/** How far back the log reaches: today and the 89 Colombo days before it. */
export const DECISION_LOG_DAYS = 90;
/** Rows on a page of the log. */
export const DECISION_LOG_PAGE_SIZE = 50;
/** Rows read at once for the CSV, keyset by (asked_at, decision_id). */
const CSV_BATCH = 1000;

/** The first and last Colombo day the log shows on `now`'s day. */
export function decisionLogWindow(now: Date): { from: CalendarDate; to: CalendarDate } {
  const today = colomboToday(now);
  return { from: addDays(today, -(DECISION_LOG_DAYS - 1)), to: today };
}

interface LogFilter {
  status: DecisionLogStatus | undefined;
  /** ISO instants: from the first day's start, before the last day's end. */
  since: string;
  until: string;
}

type Checked = {
  query: DecisionLogQuery;
  window: { from: string; to: string };
  /** Page asked for: 1 when absent or not a number; clamped to the last one when read. */
  page: number;
} & ({ filter: LogFilter; problem?: undefined } | { filter?: undefined; problem: Problem });

type Problem = NonNullable<DecisionLogView["problem"]>;

/**
 * A request's filters: a status ("" or absent: all) and a range of Colombo
 * days within the window (absent: the whole window). A repeated field, a
 * date that is not one, a range backwards or outside the window is a
 * problem to answer on the page, never a 500.
 */
export function decisionLogQuery(raw: Record<string, unknown>, now: Date): Checked {
  const window = decisionLogWindow(now);
  const status = queryText(raw, "status", "");
  const from = queryText(raw, "from", window.from);
  const to = queryText(raw, "to", window.to);
  const query = { status: status.text, from: from.text, to: to.text };
  const pageText = typeof raw.page === "string" && /^\d+$/.test(raw.page) ? raw.page : "1";
  const page = Math.max(1, Number(pageText));
  const base = { query, window, page };
  if (
    !status.ok ||
    (query.status !== "" && !(DECISION_LOG_STATUSES as readonly string[]).includes(query.status))
  ) {
    return { ...base, problem: "status" };
  }
  if (!from.ok || !to.ok || !isIsoDate(query.from) || !isIsoDate(query.to)) {
    return { ...base, problem: "date" };
  }
  if (query.from > query.to) return { ...base, problem: "order" };
  if (query.from < window.from || query.to > window.to) return { ...base, problem: "window" };
  return {
    ...base,
    filter: {
      status: (query.status || undefined) as DecisionLogStatus | undefined,
      since: colomboDayStart(query.from),
      until: colomboDayEnd(query.to),
    },
  };
}

/** The query string of a filter's links (status and dates only, never anything personal). */
export function decisionLogSearch(query: DecisionLogQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  params.set("from", query.from);
  params.set("to", query.to);
  return params.toString();
}

/** An ISO instant in Colombo with its offset: "2026-11-29T11:30:05+05:30". */
function colomboInstant(iso: string): string {
  const local = new Date(Date.parse(iso) + COLOMBO_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return `${local.slice(0, 19)}+05:30`;
}

const COLUMNS = [
  "decision_id",
  "status",
  "asked_at",
  "latency_ms",
  "attempts",
  "error",
  "reason",
  "broken_rule",
  "amount",
  "term_days",
] as const;

type StoredRow = {
  decision_id: string;
  status: DecisionLogStatus;
  asked_at: string;
  latency_ms: number | null;
  attempts: number;
  error: string | null;
  reason: string | null;
  broken_rule: string | null;
  amount: number | null;
  term_days: number | null;
};

function logRow(row: StoredRow): DecisionLogRow {
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    decisionId: row.decision_id,
    askedAt: colomboInstant(row.asked_at),
    status: row.status,
    latencyMs: number(row.latency_ms),
    attempts: Number(row.attempts),
    error: row.status === "failed" ? row.error : null,
    reason: row.status === "declined" ? row.reason : null,
    brokenRule: row.broken_rule,
    amount: row.status === "approved" ? number(row.amount) : null,
    termDays: row.status === "approved" ? number(row.term_days) : null,
  };
}

/** The lender's rows the filter admits, on the (lender_id, asked_at) index. */
function filtered(storage: Storage, lenderId: string, filter: LogFilter) {
  let query = storage.db
    .selectFrom("lender_decisions")
    .where("lender_id", "=", lenderId)
    .where("asked_at", ">=", filter.since)
    .where("asked_at", "<", filter.until);
  if (filter.status) query = query.where("status", "=", filter.status);
  return query;
}

/** A page of the log, newest first; a page past the last is the last. */
export async function decisionLogPage(
  storage: Storage,
  lenderId: string,
  filter: LogFilter,
  page: number,
): Promise<{ rows: DecisionLogRow[]; paging: DecisionLogView["paging"] }> {
  const { total } = await filtered(storage, lenderId, filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const count = Math.max(1, Math.ceil(Number(total) / DECISION_LOG_PAGE_SIZE));
  const number = Math.min(page, count);
  const rows = await filtered(storage, lenderId, filter)
    .select(COLUMNS)
    .orderBy("asked_at", "desc")
    .orderBy("decision_id", "desc")
    .limit(DECISION_LOG_PAGE_SIZE)
    .offset((number - 1) * DECISION_LOG_PAGE_SIZE)
    .execute();
  return { rows: rows.map(logRow), paging: { number, count, total: Number(total) } };
}

/** The filtered log as CSV: the list's columns only, newest first, every cell formula-safe. */
export async function decisionLogCsv(
  storage: Storage,
  lenderId: string,
  filter: LogFilter,
): Promise<string> {
  const lines = [COLUMNS.join(",")];
  let after: { asked_at: string; decision_id: string } | undefined;
  for (;;) {
    let query = filtered(storage, lenderId, filter).select(COLUMNS);
    if (after) {
      const last = after;
      query = query.where((eb) =>
        eb.or([
          eb("asked_at", "<", last.asked_at),
          eb.and([eb("asked_at", "=", last.asked_at), eb("decision_id", "<", last.decision_id)]),
        ]),
      );
    }
    const batch = await query
      .orderBy("asked_at", "desc")
      .orderBy("decision_id", "desc")
      .limit(CSV_BATCH)
      .execute();
    for (const stored of batch) {
      const row = logRow(stored);
      const cells = [
        row.decisionId,
        row.status,
        row.askedAt,
        row.latencyMs ?? "",
        row.attempts,
        row.error ?? "",
        row.reason ?? "",
        row.brokenRule ?? "",
        row.amount ?? "",
        row.termDays ?? "",
      ];
      lines.push(cells.map(csvCell).join(","));
    }
    after = batch.at(-1);
    if (batch.length < CSV_BATCH) break;
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * One decision of the lender's, asked within the window, with the
 * application's fields its request carried (undefined: not the lender's,
 * unknown, or older than the window, alike). An erased lead's are not read.
 */
export async function decisionLogEntry(
  storage: Storage,
  lenderId: string,
  decisionId: string,
  now: Date,
): Promise<Omit<DecisionLogEntryView, "page" | "csrf" | "role"> | undefined> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(decisionId)) return undefined;
  const stored = await storage.db
    .selectFrom("lender_decisions")
    .select([...COLUMNS, "lead_id", "sent_fields"])
    .where("decision_id", "=", decisionId)
    .where("lender_id", "=", lenderId)
    .where("asked_at", ">=", colomboDayStart(decisionLogWindow(now).from))
    .executeTakeFirst();
  if (!stored) return undefined;
  const row = logRow(stored);
  const sealed = await storage.db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", stored.lead_id)
    .executeTakeFirst();
  if (!sealed || sealed.erased_at !== null || sealed.key_id === null) return { row, erased: true };
  const [lead] = await storage.keys.openRows(storage.db, "leads", [sealed]);
  if (!lead) return { row, erased: true };
  // The fields this request carried, not the lender's list as it is today (decision 0407).
  return { row, erased: false, sent: applicationSent(lead, stored.sent_fields) };
}
