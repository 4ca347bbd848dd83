/**
 * The back office's partner and payout pages (issue 16): what the server
 * hands the site's server entry to render, and the one schema of the
 * payout-terms form, so the page and the route agree on its fields.
 */
import { z } from "zod";

export type PartnerStatus = "pending" | "active" | "rejected";
export type PayoutModelName = "lead" | "sale";

/** A partner as the list and its page show it: never a key, only the publishable key's end. */
export interface PartnerRow {
  id: string;
  name: string;
  status: PartnerStatus;
  disabled: boolean;
  payoutModel: PayoutModelName;
  payoutRupees: number;
  /** The last four characters of the publishable key. */
  keyEnd: string;
  origins: number;
  postback: boolean;
  createdAt: string;
  /** What a partner portal sign-up said (decision 0211), for the operator who approves it. */
  signUp?: PortalSignUpFacts | undefined;
}

/** A portal sign-up as the back office shows it: no e-mail, no payout details. */
export interface PortalSignUpFacts {
  kind: string;
  website: string;
  trafficSources: string;
  countries: string[];
  payoutMethod: string | null;
}

/** A partner's figures for the listed period (the partner API's stats, for every partner). */
export interface PartnerFigures {
  leads: number;
  sales: number;
  earnedRupees: number;
}

/** Inclusive Colombo dates, YYYY-MM-DD. */
export interface DatePeriod {
  from: string;
  to: string;
}

export type PartnerDone = "approved" | "rejected" | "disabled" | "enabled" | "terms";
export type PartnerProblem = "not_pending" | "not_found";

/** The programme's default rupees per lead and per issued loan (PARTNER_LEAD_RUPEES, PARTNER_LOAN_RUPEES). */
export interface ProgrammeDefaults {
  leadRupees?: number | undefined;
  loanRupees?: number | undefined;
}

/** An approval's terms as sent, kept after a problem, and the fields refused. */
export interface ApprovalAnswer {
  form: { payoutModel: string; payoutRupees: string };
  errors: Partial<Record<PayoutTermsField, PayoutTermsProblem>>;
}

export interface PartnersView {
  page: "partners";
  /** Prefilled in each sign-up's approval form. */
  defaults?: ProgrammeDefaults | undefined;
  period: DatePeriod;
  /** The period asked for could not be read; the default one is shown. */
  periodProblem?: boolean | undefined;
  partners: readonly (PartnerRow & { figures: PartnerFigures })[];
  done?: { what: PartnerDone; partner: string } | undefined;
  problem?: PartnerProblem | undefined;
}

/** The keys just made by a rotation: shown on this one answer, never again. */
export interface IssuedPartnerKeys {
  publishableKey?: string | undefined;
  secretKey?: string | undefined;
  postbackSecret?: string | undefined;
}

export type PayoutTermsField = "payoutModel" | "payoutRupees";
/** Why a field of the terms form is refused: keys of the back office's catalog. */
export type PayoutTermsProblem = "model" | "rupees";

export interface PartnerView {
  page: "partner";
  partner: PartnerRow;
  /** Prefilled in a sign-up's approval form. */
  defaults?: ProgrammeDefaults | undefined;
  /** An approval refused for its terms (decision 0429). */
  approval?: ApprovalAnswer | undefined;
  /** The terms form's values as sent, kept after a problem. */
  form?: { payoutModel: string; payoutRupees: string } | undefined;
  errors?: Partial<Record<PayoutTermsField, PayoutTermsProblem>> | undefined;
  issued?: IssuedPartnerKeys | undefined;
  done?: PartnerDone | undefined;
  /** The rotation form named no key. */
  noKeyChosen?: boolean | undefined;
}

/** The payout-terms form: the model, and whole rupees from 0 to 1,000,000. */
export const payoutTermsFormSchema = z.object({
  payoutModel: z.enum(["lead", "sale"], { error: "model" }),
  payoutRupees: z
    .string({ error: "rupees" })
    .trim()
    .regex(/^\d{1,7}$/, { error: "rupees" })
    .transform(Number)
    .pipe(z.number().max(1_000_000, { error: "rupees" })),
});

/**
 * Approving a sign-up sets its terms (issue 35, decision 0429): the same
 * fields, and at least one rupee: no partner starts at Rs. 0 by accident.
 */
export const approvalFormSchema = z.object({
  payoutModel: payoutTermsFormSchema.shape.payoutModel,
  payoutRupees: payoutTermsFormSchema.shape.payoutRupees.pipe(
    z.number().min(1, { error: "rupees" }),
  ),
});

export interface PayoutRunPartnerRow {
  partnerId: string;
  partnerName: string;
  items: number;
  totalRupees: number;
  paidAt: string | null;
  paidReference: string | null;
  paidBy: string | null;
}

export interface PayoutRunRow {
  id: string;
  from: string;
  to: string;
  totalRupees: number;
  createdBy: string;
  createdAt: string;
  partners: readonly PayoutRunPartnerRow[];
}

export type PayoutProblem = "period" | "empty" | "conflict" | "paid" | "reference" | "not_found";

/** An operator's adjustment to what a partner is owed for a month (decision 0245). */
export interface AdjustmentRow {
  id: string;
  partnerId: string;
  partnerName: string;
  month: string;
  rupees: number;
  reason: string;
  createdBy: string;
  createdAt: string;
  /** Taken by a payout run (its id), or null while waiting for one. */
  runId: string | null;
}

export type AdjustmentField = "partner" | "month" | "rupees" | "reason";

export interface PayoutsView {
  page: "payouts";
  period: DatePeriod;
  periodProblem?: boolean | undefined;
  /** What each partner earned in the period that no run has paid, with its adjustments: what a run would take. */
  unpaid: readonly { partnerId: string; partnerName: string; items: number; totalRupees: number }[];
  runs: readonly PayoutRunRow[];
  problem?: PayoutProblem | undefined;
  /** The partners an adjustment may be for, and the latest adjustments. */
  partners: readonly { id: string; name: string }[];
  adjustments: readonly AdjustmentRow[];
  /** The adjustment form as typed, with the fields that are wrong; or the one just made. */
  adjustment?:
    | {
        form: Record<AdjustmentField, string>;
        problems: readonly AdjustmentField[];
      }
    | undefined;
  adjusted?: boolean | undefined;
}

export interface PayoutRunView {
  page: "payout-run";
  run: PayoutRunRow;
  done?: { paid: string } | undefined;
  problem?: { partner: string; problem: PayoutProblem; reference: string } | undefined;
  created?: boolean | undefined;
}

export interface PayoutStatementView {
  page: "payout-statement";
  run: Pick<PayoutRunRow, "id" | "from" | "to">;
  partner: PayoutRunPartnerRow;
  payoutModel: string;
  items: readonly {
    clickId: string;
    leadId: string | null;
    status: string;
    reportedAt: string;
    payoutRupees: number;
  }[];
  /** The adjustments the run took for the partner (decision 0245). */
  adjustments: readonly {
    id: string;
    month: string;
    rupees: number;
    reason: string;
    createdAt: string;
  }[];
}

export type PartnerPagesView =
  | PartnersView
  | PartnerView
  | PayoutsView
  | PayoutRunView
  | PayoutStatementView;
