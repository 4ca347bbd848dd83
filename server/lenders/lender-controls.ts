import {
  LENDER_CONCURRENCY_RANGE,
  LENDER_DAILY_CAP_RANGE,
  LENDER_DEADLINE_RANGE_MS,
} from "../../core/domain/lender-limits";
import type { ControlsLimit, SecretGraceHours } from "../../core/views/lender-portal";
import type { AuditActor } from "../staff/audit";
import type { Storage } from "../storage/database";
import { newLenderSecret } from "./lender-admin";
import { changeLender } from "./lenders";

/**
 * The lender portal's controls (issue 34, decisions 0410–0412): a lender
 * pauses and resumes itself, sets its daily cap, concurrency and deadline
 * within the operator's limits, and rotates its live secret with a grace
 * period. Each change is one transaction with its audit entry, the lender's
 * member as the actor; the decision network reads them from storage at each
 * application, so they take effect on the next one.
 */

/** The three limits as the form names them. */
export const LIMIT_FIELDS = ["dailyLeadCap", "concurrency", "deadlineMs"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/**
 * What each limit may be: the ranges of core/domain/lender-limits.ts, and
 * at most the server's own LENDER_CONCURRENCY and LENDER_DEADLINE_MS (a
 * lender lowers them, never raises them above the operator's).
 */
export function limitRanges(server: {
  concurrency: number;
  deadlineMs: number;
}): Record<LimitField, { min: number; max: number }> {
  return {
    dailyLeadCap: LENDER_DAILY_CAP_RANGE,
    concurrency: {
      min: LENDER_CONCURRENCY_RANGE.min,
      max: Math.min(LENDER_CONCURRENCY_RANGE.max, server.concurrency),
    },
    deadlineMs: {
      min: LENDER_DEADLINE_RANGE_MS.min,
      max: Math.min(LENDER_DEADLINE_RANGE_MS.max, server.deadlineMs),
    },
  };
}

/** A lender's controls as stored. */
export async function controlsOf(storage: Storage, lenderId: string) {
  return storage.db
    .selectFrom("lenders")
    .select([
      "status",
      "paused_by",
      "decision_mode",
      "daily_lead_cap",
      "api_concurrency",
      "api_deadline_ms",
      "api_secret",
      "api_secret_previous",
      "api_secret_previous_until",
    ])
    .where("id", "=", lenderId)
    .executeTakeFirstOrThrow();
}

/**
 * The form's limits, each checked against its range: the values to store
 * (null: none, the server's) or, for each refused field, what was typed and why.
 */
export function limitsFrom(
  form: Record<string, unknown>,
  ranges: Record<LimitField, { min: number; max: number }>,
):
  | { ok: true; values: Record<LimitField, number | null> }
  | { ok: false; fields: Record<LimitField, ControlsLimit> } {
  const values = {} as Record<LimitField, number | null>;
  const fields = {} as Record<LimitField, ControlsLimit>;
  let ok = true;
  for (const field of LIMIT_FIELDS) {
    const typed =
      typeof form[field] === "string" ? (form[field] as string).slice(0, 20).trim() : "";
    const range = ranges[field];
    const number = /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN;
    const problem =
      typed === ""
        ? undefined
        : Number.isNaN(number)
          ? ("not_number" as const)
          : number < range.min || number > range.max
            ? ("out_of_range" as const)
            : undefined;
    if (problem) ok = false;
    values[field] = typed === "" ? null : number;
    fields[field] = { value: typed, ...range, ...(problem && { problem }) };
  }
  return ok ? { ok: true, values } : { ok: false, fields };
}

/** Stores the limits, audited; the next application the network begins reads them. */
export async function saveLimits(
  storage: Storage,
  lenderId: string,
  values: Record<LimitField, number | null>,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const after = {
    daily_lead_cap: values.dailyLeadCap,
    api_concurrency: values.concurrency,
    api_deadline_ms: values.deadlineMs,
  };
  await changeLender(storage, lenderId, actor, now, (row) => ({
    set: after,
    audit: {
      action: "lender.update",
      before: {
        daily_lead_cap: row.daily_lead_cap,
        api_concurrency: row.api_concurrency,
        api_deadline_ms: row.api_deadline_ms,
      },
      after,
    },
    result: undefined,
  }));
}

export type PauseOutcome = "paused" | "resumed" | "operator_paused" | "not_live";

/**
 * Pauses a live lender (`paused_by` lender) or resumes one it paused itself.
 * A draft lender stays a draft and a lender the operator paused stays paused
 * (only the operator makes a lender live, decision 0410).
 */
export async function setPaused(
  storage: Storage,
  lenderId: string,
  paused: boolean,
  actor: AuditActor,
  now: Date,
): Promise<PauseOutcome> {
  return changeLender<PauseOutcome>(storage, lenderId, actor, now, (row) => {
    if (paused ? row.status !== "live" : row.status !== "paused") return { result: "not_live" };
    if (!paused && row.paused_by !== "lender") return { result: "operator_paused" };
    const after = {
      status: paused ? "paused" : "live",
      paused_by: paused ? "lender" : null,
    } as const;
    return {
      set: after,
      audit: {
        action: paused ? "lender.pause" : "lender.live",
        before: { status: row.status, paused_by: row.paused_by },
        after,
      },
      pages: true,
      result: paused ? "paused" : "resumed",
    };
  });
}

/**
 * A new live secret, answered to be shown once. The one it replaces is
 * accepted, and signs X-Signature beside X-Signature-Next, for `grace`
 * hours; a rotation during a grace replaces the older one at once (only
 * two secrets at a time). The audit entry says when the grace ends, never
 * a secret. Undefined for a lender that decides by criteria.
 */
export async function rotateLiveSecret(
  storage: Storage,
  lenderId: string,
  grace: SecretGraceHours,
  actor: AuditActor,
  now: Date,
): Promise<string | undefined> {
  const secret = newLenderSecret();
  return changeLender(storage, lenderId, actor, now, (row) => {
    if (row.decision_mode !== "api") return { result: undefined };
    const until =
      row.api_secret === null ? null : new Date(now.getTime() + grace * 3_600_000).toISOString();
    return {
      set: {
        api_secret: secret,
        api_secret_previous: row.api_secret,
        api_secret_previous_until: until,
      },
      audit: {
        action: "lender.secret",
        before: { secret_set: row.api_secret !== null },
        after: { secret_set: true, rotated: true, grace_hours: grace, previous_until: until },
      },
      result: secret,
    };
  });
}
