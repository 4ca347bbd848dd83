/**
 * What `npm run bench` takes for approval odds (issue 36, decision 0461): a
 * throwaway storage on either engine (the funnel bench's), twelve lenders
 * and a synthetic history of their decisions written in bulk
 * (server/sandbox/decision-history.ts), the daily count, the read a page
 * does (its twelve lenders' odds for one profile) and the back office's
 * calibration read. Built alone into dist/bench/odds.js.
 */
import type { EmploymentType } from "../../core/domain/application";
import { randomInt, seededRandom } from "../../core/helpers/random";
import { countOddsCalibration, oddsCalibrations } from "../lenders/odds-calibration";
import { seedDecisionHistory } from "../sandbox/decision-history";
import { registerApiLenders } from "../sandbox/register";
import type { Storage } from "../storage/database";
import { approvalOddsFor, countApprovalOdds } from "./approval-odds";

export { openBenchStorage } from "../funnel/bench-library";

/** A page of offers: twelve lenders. */
export const PAGE_LENDERS = 12;
const DAYS = 90;
const LENDER_IDS = Array.from({ length: PAGE_LENDERS }, (_, index) => `bench-odds-${index + 1}`);

/** Registers the twelve lenders (licensed, not sandbox: as production counts them) and seeds. */
export async function seedOddsBench(
  storage: Storage,
  decisions: number,
  now = new Date(),
): Promise<{ leads: number; decisions: number }> {
  await registerApiLenders(
    storage,
    LENDER_IDS.map((id, index) => ({
      id,
      names: { en: `Bench odds ${index + 1}`, si: `Bench odds ${index + 1}` },
      apiUrl: `https://${id}.lender.example/decide`,
      apiSecret: `${id}-secret-0123456789abcdef0123456789abcdef`,
      apiFields: ["age", "monthlyIncome", "employment"],
      sandbox: false,
      licence: { category: "licensed_finance_company", number: `LFC-${id}` },
      products: [],
    })),
    // Never called: their hosts stand for public addresses (TEST-NET, no lookup made).
    { now, urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
  );
  return seedDecisionHistory(storage, {
    lenders: LENDER_IDS.map((id, index) => ({
      id,
      leaning: (index % 5) * 0.3 - 0.6,
      ...(index === 3 ? { optimism: 0.2 } : {}),
    })),
    applicantsPerDay: Math.max(1, Math.round(decisions / (PAGE_LENDERS * DAYS))),
    days: DAYS,
    now,
    seed: "bench-odds",
  });
}

/** The daily count, as the server's background work runs it. */
export function countOdds(storage: Storage, now = new Date()): Promise<number> {
  return countApprovalOdds(storage, now, { withSandbox: false });
}

const EMPLOYMENT: readonly EmploymentType[] = ["salaried", "self-employed", "business-owner"];

/**
 * A page's read, `runs` times, each for another applicant: the twelve lenders'
 * odds for one profile (one indexed query of approval_odds): the times in
 * milliseconds, sorted, and how many of the lenders' odds were there to show.
 */
export async function timePageReads(
  storage: Storage,
  runs: number,
): Promise<{ times: number[]; shown: number }> {
  const random = seededRandom("bench-odds-profiles");
  const times: number[] = [];
  let shown = 0;
  for (let run = 0; run < runs; run++) {
    const profile = {
      amount: randomInt(random, 20, 200) * 1_000,
      termDays: randomInt(random, 61, 360),
      monthlyIncome: randomInt(random, 30, 200) * 1_000,
      employment: EMPLOYMENT[run % EMPLOYMENT.length] ?? "salaried",
      age: randomInt(random, 21, 62),
    };
    const started = performance.now();
    const odds = await approvalOddsFor(storage, profile, LENDER_IDS);
    times.push(performance.now() - started);
    shown += odds.size;
  }
  return { times: times.sort((a, b) => a - b), shown };
}

/** The calibration's daily count (beside the odds' own), as the server's background work runs it. */
export function countCalibration(storage: Storage, now = new Date()): Promise<number> {
  return countOddsCalibration(storage, now, { withSandbox: false });
}

/** The back office's read of every lender's calibration (the daily count's rows). */
export function readCalibrations(storage: Storage): Promise<unknown> {
  return oddsCalibrations(storage);
}
