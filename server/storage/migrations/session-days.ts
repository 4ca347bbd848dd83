import type { Kysely } from "kysely";

/**
 * What migrations 0017 (visits) and 0018 (calculator uses) fill from the
 * events already stored, as those rules stood when they shipped: a
 * session's day (Colombo, UTC+05:30) with a page view, or with a
 * calculator's field event, broken down by what the dashboard shows. Their
 * own copy of server/tracking/visits.ts's rules, so that a change to the
 * live code never changes what a migration did: never edit it (decision 0392).
 */
interface EventRow {
  id: string;
  event_id: number;
  session_id: string | null;
  device_class: string | null;
  attribution: string;
  created_at: string;
}

interface SessionDayRow {
  day: string;
  session_key: string;
  device_class: string | null;
  locale: string | null;
  partner_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  sub1: string | null;
}

interface Tables {
  events: EventRow;
  visits: SessionDayRow;
  calculator_uses: SessionDayRow;
}

type Counts = (attribution: Record<string, unknown>) => boolean;

/** A page view (event 5, sub4 pageView) makes a visit (0017). */
export const pageView: Counts = (attribution) => attribution.sub4 === "pageView";

/** A calculator's field event makes a calculator use (0018). */
export const calculatorUse: Counts = (attribution) =>
  attribution.sub4 === "fieldFilled" &&
  (attribution.sub5 === "calculator.amount" || attribution.sub5 === "calculator.term");

/** The date in Colombo at that instant, "YYYY-MM-DD". */
function colomboDay(at: string): string {
  return new Date(Date.parse(at) + 330 * 60_000).toISOString().slice(0, 10);
}

function rowOf(event: EventRow, counts: Counts): SessionDayRow | undefined {
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
    day: colomboDay(event.created_at),
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
 * Fills `table` from every stored event that `counts`, a page of events at a
 * time: one row per Colombo day and session (the first); a row already
 * there changes nothing.
 */
export async function backfillSessionDays(
  db: Kysely<unknown>,
  table: "visits" | "calculator_uses",
  counts: Counts,
): Promise<void> {
  const typed = db as unknown as Kysely<Tables>;
  let after = "";
  for (;;) {
    const page = await typed
      .selectFrom("events")
      .select(["id", "event_id", "session_id", "device_class", "attribution", "created_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(5_000)
      .execute();
    if (page.length === 0) break;
    const byKey = new Map<string, SessionDayRow>();
    for (const event of page) {
      const row = rowOf(event, counts);
      if (row && !byKey.has(`${row.day} ${row.session_key}`)) {
        byKey.set(`${row.day} ${row.session_key}`, row);
      }
    }
    if (byKey.size > 0) {
      await typed
        .insertInto(table)
        .values([...byKey.values()])
        .onConflict((conflict) => conflict.columns(["day", "session_key"]).doNothing())
        .execute();
    }
    after = page[page.length - 1]?.id ?? after;
  }
}
