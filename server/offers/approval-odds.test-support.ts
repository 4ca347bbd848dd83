import type { Insertable } from "kysely";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { NO_ANSWER } from "../lenders/decisions";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import type { Storage } from "../storage/database";
import type { LeadsTable, StoredDecisionStatus } from "../storage/schema";

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
