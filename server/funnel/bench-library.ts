/**
 * What `npm run bench` takes for the dashboard (issue 16): a throwaway
 * storage on either engine, a large seed written in bulk through the same
 * inserts the server uses (events and their visits; leads, decisions,
 * click-outs, issued loans and payouts as rows), and the dashboard's
 * queries to time. Built alone into dist/bench/funnel.js.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Insertable, sql } from "kysely";
import { addDays, type CalendarDate, colomboToday } from "../../core/helpers/dates";
import { FUNNEL_BREAKDOWNS } from "../../core/views/back-office";
import { NO_ANSWER } from "../lenders/decisions";
import { openStorage, type Storage } from "../storage/database";
import type {
  ClicksTable,
  ConversionsTable,
  LeadsTable,
  LenderDecisionsTable,
  PartnerPostbacksTable,
} from "../storage/schema";
import { openScratchPostgres } from "../storage/scratch-database";
import { insertEvents } from "../tracking/event-rows";
import { eventRow } from "../tracking/events";
import { countClosedDays, type FunnelGrouping, funnelReport, funnelTable } from "./funnel";
import { seedLeadRow } from "./seed-lead-row";

export { foldOldEvents } from "./event-retention";
export { countStep } from "./funnel";
export { FUNNEL_BREAKDOWNS };

export interface BenchStorage {
  storage: Storage;
  close(): Promise<void>;
}

/** A fresh SQLite file, or a fresh database on the PostgreSQL server at `serverUrl`. */
export async function openBenchStorage(serverUrl?: string): Promise<BenchStorage> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-"));
    const storage = openStorage({ dataDir });
    await storage.migrate();
    // A throwaway file: the seed need not wait for the disk at each commit.
    await sql`pragma synchronous = off`.execute(storage.db);
    return {
      storage,
      async close() {
        await storage.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await openScratchPostgres(serverUrl, { prefix: "nayacompare_bench" });
  return { storage: scratch.storage, close: scratch.drop };
}

/** A small deterministic generator, so that every run seeds the same records. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const SOURCES = ["google", "facebook", "tiktok", "newsletter", "partner-site", "direct"];
const MEDIUMS = ["cpc", "social", "email"];
const CAMPAIGNS = ["nov", "dec", "avurudu", "vesak", "back-to-school", "salary-day"];
const DEVICES = ["mobile", "mobile", "mobile", "desktop", "tablet", "bot"] as const;
const LENDERS = ["bench-lanka", "bench-ceylon", "bench-kandy", "bench-galle", "bench-jaffna"];
const PARTNERS = ["bench-p1", "bench-p2", "bench-p3", null, null, null];

export interface SeedCounts {
  events: number;
  leads: number;
  /** Days back from today that the records spread over. */
  days: number;
  /**
   * Events written in the order of their time, as the server writes them
   * (the retention bench: deleting old days then frees whole pages), rather
   * than at random times.
   */
  inOrder?: boolean;
}

/** Seeds `counts` events and leads (and what follows from leads) over the last `days` days. */
export async function seedDashboard(
  storage: Storage,
  counts: SeedCounts,
  now = new Date(),
): Promise<{ decisions: number; clicks: number; issued: number; payouts: number }> {
  const random = generator(16);
  const spanMs = counts.days * 86_400_000;
  const instant = () => new Date(now.getTime() - Math.floor(random.next() * spanMs));
  const attribution = () => {
    const value: Record<string, string> = {};
    if (random.next() < 0.7) {
      value.utm_source = random.pick(SOURCES);
      value.utm_medium = random.pick(MEDIUMS);
      value.utm_campaign = random.pick(CAMPAIGNS);
    }
    if (random.next() < 0.3) value.sub1 = `aff-${Math.floor(random.next() * 40)}`;
    return value;
  };

  // Events: sessions of about three, four in five of them page views.
  const batch = 2_000;
  let session = randomUUID();
  let sessionAttribution = attribution();
  let sessionDevice = random.pick(DEVICES);
  let sessionLocale = random.next() < 0.7 ? "si" : "en";
  let sessionPartner = random.pick(PARTNERS);
  let sessionStart = instant();
  for (let written = 0; written < counts.events; written += batch) {
    const rows = [];
    for (let index = 0; index < Math.min(batch, counts.events - written); index++) {
      if (random.next() < 0.33) {
        session = randomUUID();
        sessionAttribution = attribution();
        sessionDevice = random.pick(DEVICES);
        sessionLocale = random.next() < 0.7 ? "si" : "en";
        sessionPartner = random.pick(PARTNERS);
        sessionStart = counts.inOrder
          ? new Date(
              now.getTime() - spanMs + Math.floor(((written + index) / counts.events) * spanMs),
            )
          : instant();
      }
      const pageView = random.next() < 0.8;
      rows.push(
        eventRow(
          {
            event_id: 5,
            session_id: session,
            sub4: pageView ? "pageView" : "fieldFocus",
            sub5: pageView ? "home" : "phone",
            sub6: sessionLocale,
            ...sessionAttribution,
            ...(sessionPartner ? { partner: sessionPartner } : {}),
            device: sessionDevice,
          },
          new Date(sessionStart.getTime() + Math.floor(random.next() * 600_000)),
        ),
      );
    }
    await insertEvents(storage.db, rows);
  }

  // Leads, and for the verified ones two lenders asked, approvals, click-outs, loans, payouts.
  let decisions = 0;
  let clicks = 0;
  let issued = 0;
  let payouts = 0;
  for (let written = 0; written < counts.leads; written += batch) {
    const leads: Insertable<LeadsTable>[] = [];
    const decisionRows: LenderDecisionsTable[] = [];
    const clickRows: ClicksTable[] = [];
    const conversionRows: ConversionsTable[] = [];
    const postbackRows: PartnerPostbacksTable[] = [];
    for (let index = 0; index < Math.min(batch, counts.leads - written); index++) {
      const id = `bench-lead-${written + index}`;
      const created = instant();
      const partner = random.pick(PARTNERS);
      const lead = JSON.stringify({ ...attribution(), ...(partner ? { partner } : {}) });
      const verified = random.next() < 0.7;
      const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000).toISOString();
      leads.push(
        seedLeadRow(id, created.toISOString(), {
          attribution: lead,
          partner_id: partner,
          verified_at: verified ? at(2) : null,
          via: "site",
        }),
      );
      if (!verified) continue;
      // Two different lenders (one decision per lead and lender).
      const first = Math.floor(random.next() * LENDERS.length);
      const second =
        (first + 1 + Math.floor(random.next() * (LENDERS.length - 1))) % LENDERS.length;
      for (const lender of [LENDERS[first] ?? "", LENDERS[second] ?? ""]) {
        const approved = random.next() < 0.5;
        decisions++;
        decisionRows.push({
          decision_id: `${id}-${lender}-${decisions}`,
          lead_id: id,
          lender_id: lender,
          status: approved ? ("approved" as const) : ("declined" as const),
          ...NO_ANSWER,
          sent_fields: null,
          predicted_permille: null,
          attempts: 1,
          latency_ms: 200,
          asked_at: at(3),
          deadline_at: at(4),
          answered_at: at(3),
          decided_at: at(3),
        });
        if (!approved || random.next() < 0.5) continue;
        clicks++;
        const clickId = `bench-click-${clicks}`;
        clickRows.push({
          id: clickId,
          lead_id: id,
          offer_id: 1,
          lender,
          attribution: lead,
          created_at: at(5),
          partner_id: partner,
        });
        if (random.next() < 0.4) {
          issued++;
          conversionRows.push({
            click_id: clickId,
            status: "issued" as const,
            amount: 50_000,
            created_at: at(60),
          });
          if (partner) {
            payouts++;
            postbackRows.push({
              click_id: clickId,
              status: "issued" as const,
              partner_id: partner,
              lead_id: id,
              payout_rupees: 1_500,
              url: null,
              attempts: 0,
              next_attempt_at: null,
              delivered_at: null,
              failed_at: null,
              last_error: null,
              created_at: at(60),
            });
          }
        }
      }
    }
    await storage.db.transaction().execute(async (trx) => {
      // Under SQLite's limit of 32,766 parameters a statement (leads have 27 columns).
      for (let start = 0; start < leads.length; start += 1_000) {
        await trx
          .insertInto("leads")
          .values(leads.slice(start, start + 1_000))
          .execute();
      }
      for (let start = 0; start < decisionRows.length; start += 1_000) {
        await trx
          .insertInto("lender_decisions")
          .values(decisionRows.slice(start, start + 1_000))
          .execute();
      }
      if (clickRows.length) await trx.insertInto("clicks").values(clickRows).execute();
      if (conversionRows.length)
        await trx.insertInto("conversions").values(conversionRows).execute();
      if (postbackRows.length)
        await trx.insertInto("partner_postbacks").values(postbackRows).execute();
    });
  }
  return { decisions, clicks, issued, payouts };
}

export interface TimedQuery {
  name: string;
  run(): Promise<unknown>;
}

/** Counting the default range's 29 closed days, once, as the server does in the background (decision 0163). */
export function closedDaysQuery(storage: Storage, now = new Date()): TimedQuery {
  const to: CalendarDate = colomboToday(now);
  return {
    name: "count 29 closed days (once)",
    run: () => countClosedDays(storage, addDays(to, -29), addDays(to, -1)),
  };
}

/**
 * The dashboard's queries for the default range (the last 30 Colombo days,
 * today counted from the records): each table, and the whole page.
 */
export function dashboardQueries(storage: Storage, now = new Date()): TimedQuery[] {
  const to: CalendarDate = colomboToday(now);
  const from = addDays(to, -29);
  const groupings: FunnelGrouping[] = ["day", ...FUNNEL_BREAKDOWNS];
  return [
    ...groupings.map((grouping) => ({
      name: `table by ${grouping}`,
      run: () => funnelTable(storage, grouping, from, to, to),
    })),
    { name: "whole page (all tables)", run: () => funnelReport(storage, from, to, to) },
  ];
}

/** How much of the database the events' tables take, and what the whole takes on disk. */
export interface StorageBytes {
  /** SQLite: the file (its WAL checkpointed into it); PostgreSQL: the database. */
  database: number;
  /** SQLite: pages free for new rows inside the file; PostgreSQL: not told (0). */
  free: number;
  /** PostgreSQL: events, visits and calculator uses with their indexes; SQLite: not told. */
  eventTables?: number;
}

/** The bytes the bench prints before and after the retention rule (decision 0343). */
export async function storageBytes(storage: Storage): Promise<StorageBytes> {
  if (storage.engine === "sqlite") {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(storage.db);
    const pragma = async (name: string) =>
      Number(Object.values((await sql.raw(`pragma ${name}`).execute(storage.db)).rows[0] ?? {})[0]);
    const pageSize = await pragma("page_size");
    return {
      database: (await pragma("page_count")) * pageSize,
      free: (await pragma("freelist_count")) * pageSize,
    };
  }
  const { rows } = await sql<{ database: string; events: string }>`select
      pg_database_size(current_database()) as database,
      pg_total_relation_size('events') + pg_total_relation_size('visits')
        + pg_total_relation_size('calculator_uses') as events`.execute(storage.db);
  return { database: Number(rows[0]?.database), free: 0, eventTables: Number(rows[0]?.events) };
}

/** VACUUM (SQLite: the file rewritten without its free pages; PostgreSQL: space marked reusable). */
export async function vacuum(storage: Storage): Promise<void> {
  await sql`vacuum`.execute(storage.db);
}
