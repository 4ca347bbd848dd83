/**
 * Approval odds' test data, for the tests of what counts and reads them (not
 * imported by any shipped module): a history of decisions to count
 * (seedOddsDecisions), or the day's approval_odds rows of one stored
 * application's bucket written directly, as countApprovalOdds would have
 * (seedOddsForLead).
 */
import type { Insertable } from "kysely";
import { bucketKey, bucketOf, oddsProfileOf } from "../../core/domain/approval-odds";
import { colomboToday } from "../../core/helpers/dates";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { NO_ANSWER } from "../lenders/decisions";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import type { Storage } from "../storage/database";
import type { LeadsTable, StoredDecisionStatus } from "../storage/schema";
import { ALL_PROFILES } from "./approval-odds";

let seq = 0;

/**
 * One verified lead per status, of the given loan and person, each with a
 * decision of `lenderId` asked at `askedAt`: the history approval odds count.
 */
export async function seedOddsDecisions(
  storage: Storage,
  lenderId: string,
  statuses: readonly StoredDecisionStatus[],
  askedAt: string,
  lead: Partial<Insertable<LeadsTable>>,
): Promise<void> {
  const leads = statuses.map(() => {
    seq += 1;
    return seedLeadRow(`odds-lead-${seq}`, askedAt, { verified_at: askedAt, ...lead });
  });
  await storage.db.insertInto("leads").values(leads).execute();
  await storage.db
    .insertInto("lender_decisions")
    .values(
      statuses.map((status, at) => ({
        decision_id: `odds-decision-${leads[at]?.id}`,
        lead_id: leads[at]?.id ?? "",
        lender_id: lenderId,
        status,
        ...NO_ANSWER,
        sent_fields: null,
        attempts: 1,
        latency_ms: 100,
        asked_at: askedAt,
        deadline_at: askedAt,
        answered_at: status === "waiting" ? null : askedAt,
        decided_at: status === "approved" || status === "declined" ? askedAt : null,
        predicted_permille: null,
      })),
    )
    .execute();
}

export const times = (count: number, status: StoredDecisionStatus): StoredDecisionStatus[] =>
  Array.from({ length: count }, () => status);

/** Lenders with a decision API in storage (never called: their hosts stand for public addresses). */
export function registerOddsLenders(
  storage: Storage,
  ids: readonly string[],
  firstOfferId: number,
) {
  return registerApiLenders(
    storage,
    ids.map((id, at) => lenderSpec(id, `https://${id}.lender.example/decide`, [firstOfferId + at])),
    { now: new Date(), urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
  );
}

/** Answered decisions and approvals, of the lead's bucket and of the lender as a whole. */
export interface SeededOdds {
  bucket: [answered: number, approved: number];
  all: [answered: number, approved: number];
}

export async function seedOddsForLead(
  storage: Storage,
  leadId: string,
  lenders: Readonly<Record<string, SeededOdds>>,
  now = new Date(),
): Promise<string> {
  const lead = await storage.db
    .selectFrom("leads")
    .select(["amount", "term_days", "monthly_income", "age", "employment"])
    .where("id", "=", leadId)
    .executeTakeFirstOrThrow();
  const profile = oddsProfileOf({
    ...lead,
    termDays: lead.term_days,
    monthlyIncome: lead.monthly_income,
  });
  if (!profile) throw new Error("the lead's employment is not one of ours");
  const bucket = bucketKey(bucketOf(profile));
  const row = (lenderId: string, of: string, [answered, approved]: [number, number]) => ({
    lender_id: lenderId,
    bucket: of,
    answered,
    approved,
    counted_on: colomboToday(now),
  });
  await storage.db
    .insertInto("approval_odds")
    .values(
      Object.entries(lenders).flatMap(([lenderId, odds]) => [
        row(lenderId, bucket, odds.bucket),
        row(lenderId, ALL_PROFILES, odds.all),
      ]),
    )
    .onConflict((conflict) =>
      conflict.columns(["lender_id", "bucket"]).doUpdateSet((eb) => ({
        answered: eb.ref("excluded.answered"),
        approved: eb.ref("excluded.approved"),
      })),
    )
    .execute();
  return bucket;
}
