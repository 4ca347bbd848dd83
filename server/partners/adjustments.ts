import { z } from "zod";
import { colomboToday } from "../../core/helpers/dates";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import { findPartner, PARTNER_ID_PATTERN } from "./partners";
import { adjustmentOf, type StatementAdjustment } from "./payouts";

/**
 * An operator's adjustment to what a partner is owed for a Colombo month
 * (issue 18, decision 0245): signed whole rupees (a correction, a bonus, a
 * lender's chargeback) with its reason, audited, made in the back office's
 * payouts page by an admin as payout runs are. It counts in the partner's
 * statement of its month, and the next payout run takes it (payouts.ts).
 * An adjustment is never edited or deleted: a mistake is undone by another.
 */

/** At most a million rupees either way, never zero: the same bound as a payout term. */
export const MAX_ADJUSTMENT_RUPEES = 1_000_000;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The back office's form, as typed: the problem of each field is named by its code. */
export const adjustmentFormSchema = z.object({
  partner: z.string({ error: "partner" }).regex(PARTNER_ID_PATTERN, { error: "partner" }),
  month: z.string({ error: "month" }).trim().regex(MONTH_PATTERN, { error: "month" }),
  rupees: z
    .string({ error: "rupees" })
    .trim()
    .regex(/^[+-]?\d{1,7}$/, { error: "rupees" })
    .transform(Number)
    .pipe(
      z.number().refine((value) => value !== 0 && Math.abs(value) <= MAX_ADJUSTMENT_RUPEES, {
        error: "rupees",
      }),
    ),
  // Printable text: letters, digits, spaces and common punctuation; no control characters.
  reason: z
    .string({ error: "reason" })
    .trim()
    .regex(/^[^\p{C}]{3,200}$/u, { error: "reason" }),
});
export type AdjustmentInput = z.output<typeof adjustmentFormSchema>;
export type AdjustmentField = keyof AdjustmentInput;

export class AdjustmentError extends Error {
  constructor(
    readonly field: AdjustmentField,
    message: string,
  ) {
    super(message);
    this.name = "AdjustmentError";
  }
}

export interface PartnerAdjustment extends StatementAdjustment {
  partnerId: string;
  partnerName: string;
  createdBy: string;
  runId: string | null;
}

/**
 * Records an adjustment and its audit entry in one transaction. Refused for
 * a partner that does not exist and for a month after this one (Colombo):
 * an adjustment corrects what was, or is, earned.
 */
export async function addAdjustment(
  storage: Storage,
  input: AdjustmentInput,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<PartnerAdjustment> {
  const partner = await findPartner(storage, input.partner);
  if (!partner) throw new AdjustmentError("partner", "There is no such partner.");
  if (input.month > colomboToday(now).slice(0, 7) || input.month < "2000-01") {
    throw new AdjustmentError("month", "The month must be this one or an earlier one.");
  }
  const row = {
    id: newOpaqueId(),
    partner_id: partner.id,
    month: input.month,
    rupees: input.rupees,
    reason: input.reason,
    created_by: actor.label,
    created_at: now.toISOString(),
    run_id: null,
  };
  await storage.db.transaction().execute(async (trx) => {
    await trx.insertInto("partner_adjustments").values(row).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "payout.adjust",
        subject: `partner:${partner.id}`,
        after: { adjustment: row.id, month: row.month, rupees: row.rupees, reason: row.reason },
      },
      now,
    );
  });
  return {
    ...adjustmentOf(row),
    partnerId: partner.id,
    partnerName: partner.name,
    createdBy: row.created_by,
    runId: null,
  };
}

/** The latest adjustments of every partner, newest first, for the back office. */
export async function recentAdjustments(
  storage: Storage,
  limit = 20,
): Promise<PartnerAdjustment[]> {
  const rows = await storage.db
    .selectFrom("partner_adjustments as a")
    .innerJoin("partners", "partners.id", "a.partner_id")
    .select([
      "a.id",
      "a.partner_id",
      "partners.name",
      "a.month",
      "a.rupees",
      "a.reason",
      "a.created_by",
      "a.created_at",
      "a.run_id",
    ])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...adjustmentOf(row),
    partnerId: row.partner_id,
    partnerName: row.name,
    createdBy: row.created_by,
    runId: row.run_id,
  }));
}
