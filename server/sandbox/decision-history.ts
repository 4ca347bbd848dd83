import { type Insertable, sql } from "kysely";
import type { EmploymentType } from "../../core/domain/application";
import { addDays, colomboDayStart, colomboToday } from "../../core/helpers/dates";
import { randomInt, seededRandom } from "../../core/helpers/random";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { NO_ANSWER } from "../lenders/decisions";
import type { Storage } from "../storage/database";
import type { LeadsTable, LenderDecisionsTable } from "../storage/schema";

/**
 * A synthetic history of lenders' decisions (issue 36, decision 0460): the
 * demo's (`npm run sandbox -- seed-history`) and the benchmark's. Applicants
 * of a realistic spread (amounts, terms, incomes, ages, employment), each
 * answered by every lender with a chance that rises with the income and
 * falls with the amount and the term, so buckets differ; each decision keeps
 * the odds "shown" when it was asked (`predicted_permille`), near the true
 * chance, or above it for a lender told to be over-optimistic (the
 * calibration chart's flag). Written in batches of multi-row inserts.
 * Labelled: every lead's id starts `synthetic-`, its `lead_form` is
 * "synthetic" and its attribution names the sample.
 */

/** What marks a synthetic lead: its id's start and its lead_form. */
export const SYNTHETIC = "synthetic";

/** A lender of the history: how readily it approves, and how far its odds were off. */
export interface HistoryLender {
  id: string;
  /** Added to every applicant's log-odds: above 0 approves more, below fewer. */
  leaning: number;
  /** Never approves below this monthly income (rupees); none when absent. */
  minIncome?: number | undefined;
  /** Added to the true chance to make the odds it was shown with (0.2: 20 points too hopeful). */
  optimism?: number | undefined;
}

export interface HistoryOptions {
  lenders: readonly HistoryLender[];
  /** Applicants a day; each is answered by every lender. */
  applicantsPerDay: number;
  /** Colombo days before today, today not included. */
  days: number;
  now: Date;
  /** The generator's seed: the same history for the same options. */
  seed?: string | undefined;
  /** Leads per statement batch (their decisions follow them). */
  batch?: number | undefined;
}

const AMOUNTS = [20_000, 35_000, 50_000, 75_000, 100_000, 150_000, 200_000];
const TERMS = [61, 91, 120, 150, 180, 270, 360];
const EMPLOYMENT: readonly EmploymentType[] = [
  "salaried",
  "salaried",
  "salaried",
  "salaried",
  "self-employed",
  "self-employed",
  "business-owner",
  "pensioner",
  "other",
];
const EMPLOYMENT_LEANING: Record<EmploymentType, number> = {
  salaried: 0.4,
  "self-employed": -0.1,
  "business-owner": 0,
  pensioner: 0.2,
  other: -0.6,
};

/** The chance a lender approves an applicant: logistic in income, amount and term. */
export function approvalChance(
  lender: HistoryLender,
  applicant: {
    amount: number;
    termDays: number;
    monthlyIncome: number;
    employment: EmploymentType;
  },
): number {
  if (lender.minIncome !== undefined && applicant.monthlyIncome < lender.minIncome) return 0;
  const logOdds =
    lender.leaning +
    1.4 * Math.log(applicant.monthlyIncome / 80_000) -
    0.9 * Math.log(applicant.amount / 80_000) -
    0.4 * Math.log(applicant.termDays / 150) +
    EMPLOYMENT_LEANING[applicant.employment];
  return 1 / (1 + Math.exp(-logOdds));
}

/** Rows a multi-row VALUES statement of SQLite may carry: under its limit of 32,766 parameters. */
const SQLITE_PARAMETERS = 32_000;

/**
 * Inserts rows in bulk. PostgreSQL: one JSON parameter a batch, expanded by
 * json_populate_recordset (no query building nor binding of tens of
 * thousands of values: twice as fast as multi-row VALUES here). SQLite:
 * multi-row VALUES (its json_each would parse each row once per column).
 */
async function insertAll<Table extends "leads" | "lender_decisions">(
  storage: Storage,
  table: Table,
  rows: readonly (Table extends "leads" ? Insertable<LeadsTable> : LenderDecisionsTable)[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  if (storage.engine === "postgres") {
    const json = JSON.stringify(rows);
    await sql`insert into ${sql.table(table)} select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      storage.db,
    );
    return;
  }
  const perStatement = Math.floor(SQLITE_PARAMETERS / Object.keys(first).length);
  for (let at = 0; at < rows.length; at += perStatement) {
    await storage.db
      .insertInto(table)
      .values(rows.slice(at, at + perStatement) as never)
      .execute();
  }
}

/** Writes the history; answers how many leads and decisions it wrote. */
export async function seedDecisionHistory(
  storage: Storage,
  options: HistoryOptions,
): Promise<{ leads: number; decisions: number }> {
  const { lenders, applicantsPerDay, days, now } = options;
  const random = seededRandom(options.seed ?? SYNTHETIC);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const today = colomboToday(now);
  const total = applicantsPerDay * days;
  const batch = options.batch ?? 2_000;
  let decisions = 0;
  for (let written = 0; written < total; written += batch) {
    const leads: Insertable<LeadsTable>[] = [];
    const rows: LenderDecisionsTable[] = [];
    for (let index = written; index < Math.min(total, written + batch); index++) {
      const day = addDays(today, -1 - Math.floor(index / applicantsPerDay));
      const asked = new Date(
        Date.parse(colomboDayStart(day)) + Math.floor(random() * 86_400_000),
      ).toISOString();
      // Incomes spread as a log-normal around Rs. 80,000 a month.
      const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const applicant = {
        amount: pick(AMOUNTS),
        termDays: pick(TERMS),
        monthlyIncome: Math.max(
          15_000,
          Math.round((80_000 * Math.exp(0.6 * normal)) / 1000) * 1000,
        ),
        employment: pick(EMPLOYMENT),
        age: randomInt(random, 21, 62),
      };
      const id = `${SYNTHETIC}-${index}`;
      leads.push(syntheticLead(id, asked, applicant));
      for (const lender of lenders) {
        const chance = approvalChance(lender, applicant);
        const shown = Math.min(0.95, Math.max(0.05, chance + (lender.optimism ?? 0)));
        const jitter = (random() - 0.5) * 0.06;
        rows.push({
          decision_id: `${id}-${lender.id}`,
          lead_id: id,
          lender_id: lender.id,
          status: random() < chance ? "approved" : "declined",
          ...NO_ANSWER,
          sent_fields: null,
          predicted_permille: Math.round(Math.min(1, Math.max(0, shown + jitter)) * 1000),
          attempts: 1,
          latency_ms: 150,
          asked_at: asked,
          deadline_at: asked,
          answered_at: asked,
          decided_at: asked,
        });
      }
    }
    await storage.db.transaction().execute(async (trx) => {
      const inTransaction = { ...storage, db: trx };
      await insertAll(inTransaction, "leads", leads);
      await insertAll(inTransaction, "lender_decisions", rows);
    });
    decisions += rows.length;
  }
  return { leads: total, decisions };
}

function syntheticLead(
  id: string,
  createdAt: string,
  applicant: {
    amount: number;
    termDays: number;
    monthlyIncome: number;
    employment: EmploymentType;
    age: number;
  },
): Insertable<LeadsTable> {
  return seedLeadRow(id, createdAt, {
    amount: applicant.amount,
    term_days: applicant.termDays,
    employment: applicant.employment,
    monthly_income: applicant.monthlyIncome,
    age: applicant.age,
    attribution: JSON.stringify({ utm_source: `${SYNTHETIC}-sample` }),
    lead_form: SYNTHETIC,
    verified_at: createdAt,
    via: "site",
  });
}

/** Deletes a synthetic history (its decisions, then its leads) and what was counted from it. */
export async function deleteDecisionHistory(storage: Storage): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("lender_decisions").where("lead_id", "like", `${SYNTHETIC}-%`).execute();
    await trx.deleteFrom("leads").where("lead_form", "=", SYNTHETIC).execute();
    // The next counts (at the server's start, then daily) read what is stored now.
    await trx.deleteFrom("approval_odds").execute();
    await trx.deleteFrom("odds_calibration").execute();
  });
}
