import type { Storage } from "../storage/database";
import { seedDecisionHistory } from "./decision-history";
import { lenderSpec } from "./lender.test-support";
import { registerApiLenders } from "./register";

/**
 * The calibration tests' lenders: odds-right (odds near the truth),
 * odds-hopeful (30 points too hopeful: flagged), odds-quiet (no decision),
 * odds-sandbox (a sandbox lender, as hopeful); 150 decisions each but the
 * quiet one's, over the 6 days before `now`.
 */
export async function seedCalibrationLenders(storage: Storage, now: Date): Promise<void> {
  await registerApiLenders(
    storage,
    [
      lenderSpec("odds-right", "https://right.lender.example/decide", [973_001]),
      lenderSpec("odds-hopeful", "https://hopeful.lender.example/decide", [973_002]),
      lenderSpec("odds-quiet", "https://quiet.lender.example/decide", [973_003]),
      lenderSpec("odds-sandbox", "http://127.0.0.1:9/decide", [973_004], { sandbox: true }),
    ],
    // Never called here: their hosts stand for public addresses.
    { now, urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
  );
  await seedDecisionHistory(storage, {
    lenders: [
      { id: "odds-right", leaning: 0.3 },
      { id: "odds-hopeful", leaning: -0.5, optimism: 0.3 },
      { id: "odds-sandbox", leaning: 0, optimism: 0.3 },
    ],
    applicantsPerDay: 25,
    days: 6,
    now,
    batch: 40,
  });
}
