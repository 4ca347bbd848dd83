import type { Kysely, Transaction } from "kysely";
import { isCalculatorField } from "../../core/domain/calculator-event";
import { colomboToday } from "../../core/helpers/dates";
import type { Database, EventsTable, VisitsTable } from "../storage/schema";

type SessionDayTable = "visits" | "calculator_uses";

/**
 * A session's day with what the dashboard breaks it down by, from the
 * event's attribution, when `counts` says the event makes one.
 */
function sessionDayOf(
  event: EventsTable,
  counts: (attribution: Record<string, unknown>) => boolean,
): VisitsTable | undefined {
  if (event.event_id !== 5) return undefined;
  let attribution: Record<string, unknown>;
  try {
    attribution = JSON.parse(event.attribution) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!counts(attribution)) return undefined;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    day: colomboToday(new Date(event.created_at)),
    session_key: event.session_id ?? `event:${event.id}`,
    device_class: event.device_class,
    locale: text(attribution.sub6),
    partner_id: text(attribution.partner),
    utm_source: text(attribution.utm_source),
    utm_medium: text(attribution.utm_medium),
    utm_campaign: text(attribution.utm_campaign),
    sub1: text(attribution.sub1),
  };
}

/**
 * Visits: one row per session and Colombo day with a page view (event 5,
 * sub4 pageView), with what the dashboard breaks visits down by. Written in
 * the same transaction as the events (event-rows.ts), so the funnel counts
 * visits from a table a few rows per visit long instead of scanning every
 * event (decision 0161). A page view without a session id (cookies refused)
 * is a visit of its own.
 */
export function visitRowOf(event: EventsTable): VisitsTable | undefined {
  return sessionDayOf(event, (attribution) => attribution.sub4 === "pageView");
}

/**
 * Calculator uses (decision 0164): one row per session and Colombo day with
 * a calculator's field event (event 5, sub4 fieldFilled, sub5
 * `calculator.amount` or `calculator.term`), broken down as visits are.
 */
export function calculatorUseRowOf(event: EventsTable): VisitsTable | undefined {
  return sessionDayOf(
    event,
    (attribution) => attribution.sub4 === "fieldFilled" && isCalculatorField(attribution.sub5),
  );
}

/** The rows `rowOf` makes of `events`, one per Colombo day and session (the first). */
function sessionDayRows(
  rowOf: (event: EventsTable) => VisitsTable | undefined,
  events: readonly EventsTable[],
): VisitsTable[] {
  const byKey = new Map<string, VisitsTable>();
  for (const event of events) {
    const row = rowOf(event);
    if (row && !byKey.has(`${row.day} ${row.session_key}`)) {
      byKey.set(`${row.day} ${row.session_key}`, row);
    }
  }
  return [...byKey.values()];
}

/**
 * The visits and calculator uses a batch of events makes, for a writer
 * that inserts them itself (sqlite-event-writer.ts); a row whose day and
 * session are already stored changes nothing there either.
 */
export function sessionDaysOf(events: readonly EventsTable[]): {
  visits: VisitsTable[];
  calculatorUses: VisitsTable[];
} {
  return {
    visits: sessionDayRows(visitRowOf, events),
    calculatorUses: sessionDayRows(calculatorUseRowOf, events),
  };
}

async function insertSessionDays(
  db: Kysely<Database> | Transaction<Database>,
  table: SessionDayTable,
  rowOf: (event: EventsTable) => VisitsTable | undefined,
  events: readonly EventsTable[],
): Promise<void> {
  const rows = sessionDayRows(rowOf, events);
  // 10 columns a row: well under PostgreSQL's 65,535 parameters a statement.
  for (let start = 0; start < rows.length; start += 5_000) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 5_000))
      .onConflict((conflict) => conflict.columns(["day", "session_key"]).doNothing())
      .execute();
  }
}

/** The first page view of a session on a day makes the visit; later ones change nothing. */
export async function insertVisits(
  db: Kysely<Database> | Transaction<Database>,
  events: readonly EventsTable[],
): Promise<void> {
  await insertSessionDays(db, "visits", visitRowOf, events);
}

/** The first calculator event of a session on a day makes the use; later ones change nothing. */
export async function insertCalculatorUses(
  db: Kysely<Database> | Transaction<Database>,
  events: readonly EventsTable[],
): Promise<void> {
  await insertSessionDays(db, "calculator_uses", calculatorUseRowOf, events);
}
