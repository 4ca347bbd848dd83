import { type Kysely, sql } from "kysely";
import type { AuditEntry } from "../../core/views/back-office";
import { newOpaqueId } from "../storage/opaque-ids";
import type { Database } from "../storage/schema";

/**
 * The audit log (issue 16): who changed what, when, with the before and
 * after. Every feature records its changes through `recordAudit`, inside
 * the transaction of the change where there is one, so that a change and its
 * entry are committed together. Entries are never changed or deleted.
 */

/** Who made a change: a member of staff, a partner in its portal, or the command line. */
export interface AuditActor {
  /**
   * The member's id; `partner:<account id>` or `lender:<account id>` for a
   * portal's account; null for the command line.
   */
  id: string | null;
  /** Their e-mail; "partner <id>" or "lender <id>" for a portal's account (never its e-mail); or "command line". */
  label: string;
}

export const COMMAND_LINE: AuditActor = { id: null, label: "command line" };

/** A partner's own change in the partner portal (issue 18): its account, and whose partner. */
export function partnerAccountActor(accountId: string, partnerId: string): AuditActor {
  return { id: `partner:${accountId}`, label: `partner ${partnerId}` };
}

/** A lender's own change in the lender portal (issue 34): its member's account, and whose lender. */
export function lenderAccountActor(accountId: string, lenderId: string): AuditActor {
  return { id: `lender:${accountId}`, label: `lender ${lenderId}` };
}

/** The actions the log holds today; a feature adds its own here. */
export const AUDIT_ACTIONS = [
  "moderation.approve",
  "moderation.reject",
  "moderation.delete",
  "staff.create",
  "staff.role",
  "staff.disable",
  "staff.enable",
  "staff.link",
  "staff.enrol",
  "staff.two_factor",
  "staff.recovery_code_used",
  "staff.sign_out_everywhere",
  "partner.create",
  "partner.update",
  "partner.approve",
  "partner.reject",
  "partner.disable",
  "partner.enable",
  "partner.rotate",
  "partner.payout_details",
  "payout.run",
  "payout.paid",
  "payout.adjust",
  "lender.create",
  "lender.update",
  "lender.live",
  "lender.pause",
  "lender.secret",
  "lender.price",
  "invoice.run",
  "card.create",
  "card.update",
  "card.remove",
  "data_key.rotate",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditChange {
  action: AuditAction;
  /** kind:id, e.g. comment:…, staff:… */
  subject: string;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
}

/**
 * Fields that hold a person's data (a borrower's, or a secret of anyone's):
 * never written to the log, whatever a feature hands in.
 */
const PERSONAL_KEYS =
  /^(name|first_?name|last_?name|full_?name|e_?mail|phone|mobile|nic|birth_?date|date_?of_?birth|address|text|message|comment|contact|ip|ip_?address|password|password_?hash|secret|totp_?secret|token|code|api_?secret)$/i;
/** Values that look like an e-mail, a Sri Lankan mobile number or an NIC, wherever they are. */
const PERSONAL_VALUES = [
  /[^\s@]+@[^\s@]+\.[^\s@]+/,
  /(?:\+94|0)7\d[\s-]?\d{3}[\s-]?\d{4}/,
  /\b(?:\d{9}[vVxX]|\d{12})\b/,
];
const REMOVED = "[removed]";

/** A copy of a value without personal data: such keys dropped, such strings replaced. */
export function withoutPersonalData(value: unknown): unknown {
  if (typeof value === "string") {
    return PERSONAL_VALUES.some((pattern) => pattern.test(value)) ? REMOVED : value;
  }
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PERSONAL_KEYS.test(key))
        .map(([key, inner]) => [key, withoutPersonalData(inner)]),
    );
  }
  return value;
}

const asJson = (value: Record<string, unknown> | null | undefined) =>
  value === null || value === undefined ? null : JSON.stringify(withoutPersonalData(value));

/** Writes one entry; `db` may be a transaction, so that the change and its entry commit together. */
export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  change: AuditChange,
  at: Date,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newOpaqueId(),
      at: at.toISOString(),
      actor_id: actor.id,
      actor: actor.label,
      action: change.action,
      subject: change.subject,
      before: asJson(change.before),
      after: asJson(change.after),
    })
    .execute();
}

export interface AuditFilter {
  /** A member's id, or "command-line". */
  actor?: string | undefined;
  action?: string | undefined;
  /** Inclusive ISO times. */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

/** Entries newest first, filtered; one more than `limit` tells whether there are more. */
export async function auditEntries(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let query = db.selectFrom("audit_log").selectAll();
  if (filter.actor === "command-line") query = query.where("actor_id", "is", null);
  else if (filter.actor) query = query.where("actor_id", "=", filter.actor);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.to) query = query.where("at", "<=", filter.to);
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit + 1)
    .offset(filter.offset)
    .execute();
  return {
    entries: rows.slice(0, filter.limit).map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      before: row.before,
      after: row.after,
    })),
    more: rows.length > filter.limit,
  };
}

/** The actions that occur in the log, with those known today, for the filter. */
export async function auditActionsInUse(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(sql<string>`distinct action`.as("action"))
    .execute();
  return [...new Set([...AUDIT_ACTIONS, ...rows.map((row) => row.action)])].sort();
}
