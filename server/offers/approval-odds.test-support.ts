/**
 * The day's approval_odds rows for one stored application's bucket, written
 * directly (what countApprovalOdds would have counted): for the tests of
 * what reads them (decisions asked, a lead's offers, the pages). Not
 * imported by any shipped module.
 */
import { bucketKey, bucketOf, oddsProfileOf } from "../../core/domain/approval-odds";
import { colomboToday } from "../../core/helpers/dates";
import type { Storage } from "../storage/database";
import { ALL_PROFILES } from "./approval-odds";

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
