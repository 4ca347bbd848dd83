import type { CliOutcome } from "../command-line";
import type { Storage } from "../storage/database";
import {
  deleteDecisionHistory,
  type HistoryLender,
  SYNTHETIC,
  seedDecisionHistory,
} from "./decision-history";

/**
 * `npm run sandbox -- seed-history` (issue 36, decision 0460): 90 days of
 * synthetic decisions of the sandbox lenders that answer, so that a demo
 * shows approval odds and the back office's calibration chart. Each run
 * replaces the last one's history. Refused in production: the history is a
 * sample, and a production server never counts a sandbox lender's
 * decisions anyway (server/offers/approval-odds.ts).
 */
export const SEED_HISTORY_USAGE = `Usage: npm run sandbox -- seed-history

Writes 90 days of synthetic decisions (a labelled sample: leads "${SYNTHETIC}-…") for the
sandbox lenders that answer, replacing an earlier sample. Run \`npm run sandbox\` once
first (it registers them). Outside production only (NODE_ENV=development).`;

/** The sandbox lenders that answer, each with its own leaning; Flaky's odds were too hopeful. */
export const HISTORY_LENDERS: readonly HistoryLender[] = [
  { id: "sandbox-swift", leaning: 1.2 },
  { id: "sandbox-steady", leaning: 0.3 },
  { id: "sandbox-careful", leaning: 0.2, minIncome: 75_000 },
  { id: "sandbox-modest", leaning: 0.6 },
  { id: "sandbox-later", leaning: -0.3 },
  { id: "sandbox-flaky", leaning: -0.2, optimism: 0.25 },
];
export const HISTORY_DAYS = 90;
export const HISTORY_APPLICANTS_PER_DAY = 80;

export async function runSeedHistory(
  storage: Storage,
  args: readonly string[],
  {
    production,
    now,
    applicantsPerDay = HISTORY_APPLICANTS_PER_DAY,
  }: { production: boolean; now: Date; applicantsPerDay?: number },
): Promise<CliOutcome> {
  if (args.length > 0) {
    return {
      exitCode: 2,
      out: [],
      err: [`seed-history takes no ${args[0]}`, "", SEED_HISTORY_USAGE],
    };
  }
  if (production) {
    return {
      exitCode: 1,
      out: [],
      err: [
        "seed-history refused: this is a production configuration (NODE_ENV is production, or unset).",
        "A synthetic history is for demos and development: run it with NODE_ENV=development.",
      ],
    };
  }
  const registered = await storage.db
    .selectFrom("lenders")
    .select("id")
    .where(
      "id",
      "in",
      HISTORY_LENDERS.map((lender) => lender.id),
    )
    .where("sandbox", "=", 1)
    .execute();
  const ids = new Set(registered.map((row) => row.id));
  const lenders = HISTORY_LENDERS.filter((lender) => ids.has(lender.id));
  if (lenders.length === 0) {
    return {
      exitCode: 1,
      out: [],
      err: ["No sandbox lender is registered here: run `npm run sandbox` once first."],
    };
  }
  const started = performance.now();
  await deleteDecisionHistory(storage);
  const written = await seedDecisionHistory(storage, {
    lenders,
    applicantsPerDay,
    days: HISTORY_DAYS,
    now,
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    exitCode: 0,
    out: [
      `Seeded a synthetic sample: ${written.leads.toLocaleString("en")} applicants over the ${HISTORY_DAYS} days before today, ${written.decisions.toLocaleString("en")} decisions of ${lenders.map((lender) => lender.id).join(", ")}, in ${seconds.toFixed(1)} s.`,
      "The server counts the odds at its start, then daily; a production server never shows a sandbox lender's.",
    ],
    err: [],
  };
}
