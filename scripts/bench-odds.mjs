/**
 * Approval odds (issue 36, decision 0461): 1,000,000 stored decisions of 12
 * lenders over 90 days (20,000 with `--quick`, and the output says so),
 * written in bulk; the daily count's time (the server's background work,
 * once a day); then the read a page of offers does, its 12 lenders' odds for
 * one applicant, READS times for varied applicants, p50 and p95 beside the
 * 5 ms goal; and the back office's calibration read (median of 3). On SQLite,
 * and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server
 * (a database of its own, dropped after).
 */
import { figure, onBenchEngines } from "./bench-common.mjs";

export const ODDS_GOAL_MS = 5;

export async function oddsFigures({ quick }) {
  const library = await import("../dist/bench/odds.js");
  const decisions = quick ? 20_000 : 1_000_000;
  const reads = quick ? 200 : 1_000;
  const { results, postgres } = await onBenchEngines(
    library.openBenchStorage,
    async (engine, storage) => {
      const seedStart = performance.now();
      const seeded = await library.seedOddsBench(storage, decisions);
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const countStart = performance.now();
      const rows = await library.countOdds(storage);
      const countMs = figure(`${engine} odds count`, performance.now() - countStart);
      const calibrationStart = performance.now();
      const calibrationRows = await library.countCalibration(storage);
      const calibrationCountMs = figure(
        `${engine} calibration count`,
        performance.now() - calibrationStart,
      );
      // Warm: the first reads open the statement cache and the table's pages.
      await library.timePageReads(storage, 20);
      const { times, shown } = await library.timePageReads(storage, reads);
      const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
      const calibrations = [];
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        await library.readCalibrations(storage);
        calibrations.push(performance.now() - start);
      }
      calibrations.sort((a, b) => a - b);
      return {
        engine,
        seeded,
        seedSeconds,
        rows,
        shown,
        countMs,
        calibrationRows,
        calibrationCountMs,
        p50: figure(`${engine} odds page p50`, at(0.5)),
        p95: figure(`${engine} odds page p95`, at(0.95)),
        calibrationMs: figure(`${engine} calibration read`, calibrations[1]),
      };
    },
  );
  return { decisions, reads, results, postgres, quick };
}

export function printOdds({ decisions, reads, results, postgres, quick }) {
  console.log(
    `\nApproval odds: ${decisions.toLocaleString("en")} stored decisions of 12 lenders over 90 days${quick ? " (quick: a small seed, not the 1,000,000 of the goal)" : ""}, this machine:`,
  );
  for (const result of results) {
    const { engine, seeded, seedSeconds, rows, shown, countMs, p50, p95 } = result;
    const { calibrationRows, calibrationCountMs, calibrationMs } = result;
    console.log(
      `  ${engine}: seeded ${seeded.decisions.toLocaleString("en")} decisions (${seeded.leads.toLocaleString("en")} applicants) in ${seedSeconds.toFixed(1)} s (${Math.round(seeded.decisions / seedSeconds).toLocaleString("en")} a second)`,
    );
    console.log(
      `    daily count (the server's background work, once a day): ${countMs.toFixed(0)} ms, ${rows} rows; the calibration's beside it: ${calibrationCountMs.toFixed(0)} ms, ${calibrationRows} rows`,
    );
    console.log(
      `    a page's odds (12 lenders, one applicant), ${reads} reads: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal ≤ ${ODDS_GOAL_MS} ms: ${(p95 / ODDS_GOAL_MS).toFixed(2)} of it${p95 <= ODDS_GOAL_MS ? "" : ", not met"}); odds there to show for ${shown} of ${reads * 12} lender-reads (30 answers of a bucket at least)`,
    );
    console.log(
      `    the back office's calibration read (every lender, the daily count's rows): ${calibrationMs.toFixed(0)} ms (median of 3)`,
    );
  }
  if (!postgres) {
    console.log(
      "  PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL, or run scripts/with-postgres.sh)",
    );
  }
}
