import { createHmac } from "node:crypto";
import { sql } from "kysely";
import type { LeadStatusChange, LeadStatusListener } from "../borrowers/clicks";
import { OutboundRefused, type OutboundRules, outboundGet } from "../http/outbound";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { ConversionStatus, PartnerPostbacksTable } from "../storage/schema";

/**
 * Postbacks to partners (issue 8). When a lender's postback gives one of a
 * partner's clicks a new status, we record one row per (click, status) in
 * partner_postbacks (the outbox, and the record the partner's stats are
 * counted from), then a small worker in each server process delivers due
 * rows: a GET of the partner's URL template with its macros filled in and
 * URL-encoded, signed with HMAC-SHA256 under the partner's postback secret,
 * retried with exponential back-off until a 2xx or the last attempt.
 *
 * Durable: the row is committed before any delivery; a crash between the
 * lender's answer and the listener is caught up at start (conversions of
 * partners' clicks without a row). Idempotent: the (click, status) primary
 * key makes a second lender postback, or a second instance, add nothing;
 * an instance claims a row (moves its due time past the delivery's
 * timeout) before sending it, so two instances do not send it twice.
 */

export interface PostbackDeliveryOptions {
  storage: Storage;
  log: Logger;
  /** The first retry's delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a postback is given up (failed_at set). */
  maxAttempts?: number;
  /** How long the partner's server has to answer. */
  timeoutMs?: number;
  /** How often the worker looks for due postbacks. */
  pollMs?: number;
  /**
   * Which postback URLs may be called, checked again before every send (the
   * host's addresses may have changed since the URL was saved): https only,
   * to public addresses over the system's DNS, unless given. start.ts allows
   * http outside production; a test may resolve a host name of its own.
   */
  rules?: OutboundRules;
  /** Sends a postback: outboundGet (checked, connected to the checked address) unless given. */
  get?: typeof outboundGet;
  now?: () => Date;
}

export interface PartnerPostbacks {
  /** Register with createApp's statusListeners. */
  listener: LeadStatusListener;
  /** Records the postback of a status change (no-op for a click without a partner). */
  enqueue(change: LeadStatusChange): Promise<void>;
  /** Sends every due postback once; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Records postbacks for conversions that have none (after a crash); resolves with how many. */
  catchUp(): Promise<number>;
  /** Starts the worker (catch-up, then a poll every pollMs). */
  start(): void;
  /** Stops the worker and waits for a delivery in flight. */
  close(): Promise<void>;
}

/** The signature partners check: hex HMAC-SHA256 of the exact URL we request. */
export function postbackUrlSignature(secret: string, url: string): string {
  return createHmac("sha256", secret).update(url).digest("hex");
}

/** The headers of a postback: the same for a real one and the portal's test. */
export function postbackHeaders(
  secret: string,
  url: string,
  postbackId: string,
): Record<string, string> {
  return {
    "User-Agent": "NayaCompare-Postback/1",
    "X-Signature": postbackUrlSignature(secret, url),
    "X-Postback-Id": postbackId,
  };
}

/**
 * Sends one signed postback through the outbound checks: undefined for a
 * 2xx, else what went wrong as the outboxes record it ("HTTP 500",
 * "timeout", "network error", "refused (address)"), never a body.
 */
export async function sendSignedPostback(
  get: typeof outboundGet,
  request: { url: string; secret: string; postbackId: string; timeoutMs: number },
  rules: OutboundRules,
): Promise<string | undefined> {
  try {
    const status = await get(
      request.url,
      {
        headers: postbackHeaders(request.secret, request.url, request.postbackId),
        timeoutMs: request.timeoutMs,
      },
      rules,
    );
    return status < 200 || status > 299 ? `HTTP ${status}` : undefined;
  } catch (error) {
    return error instanceof OutboundRefused
      ? `refused (${error.reason})`
      : error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? "timeout"
        : "network error";
  }
}

/** The wait before the next attempt after `attempts` failed ones: doubling, up to a cap. */
export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
}

const MACRO = /\{([a-z0-9_]+)\}/g;

/**
 * The address as fetch requests it, which the signature covers; an
 * unparsable one is left as it is (it will fail and be retried).
 */
export function normalizedUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** The partner's template with every macro URL-encoded; unknown macros emptied. */
export function fillPostbackUrl(template: string, values: Record<string, string>): string {
  return template.replace(MACRO, (_macro, name: string) => encodeURIComponent(values[name] ?? ""));
}

/**
 * What the partner earns for this status, in whole rupees: a per-lead
 * partner once per lead, on the first status a lender reports for it
 * (approved, rejected or issued: the application reached a lender); a
 * per-sale partner on each issued loan. Otherwise 0.
 */
function payoutFor(
  model: "lead" | "sale",
  rupees: number,
  status: ConversionStatus,
  leadAlreadyPaid: boolean,
): number {
  if (model === "sale") return status === "issued" ? rupees : 0;
  return leadAlreadyPaid ? 0 : rupees;
}

export function createPartnerPostbacks(options: PostbackDeliveryOptions): PartnerPostbacks {
  const {
    storage,
    log,
    baseDelayMs = 60_000,
    maxDelayMs = 6 * 60 * 60_000,
    maxAttempts = 10,
    timeoutMs = 10_000,
    pollMs = 5_000,
    rules = { allowHttp: false },
    get = outboundGet,
    now = () => new Date(),
  } = options;
  const { db } = storage;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closed = false;
  let again = false;
  let polls = 0;

  async function enqueue(change: LeadStatusChange): Promise<void> {
    const click = await db
      .selectFrom("clicks")
      .innerJoin("partners", "partners.id", "clicks.partner_id")
      .select([
        "clicks.id",
        "clicks.lead_id",
        "clicks.attribution",
        "partners.id as partner_id",
        "partners.payout_model",
        "partners.payout_rupees",
        "partners.postback_url",
        "partners.disabled_at",
      ])
      .where("clicks.id", "=", change.clickId)
      .executeTakeFirst();
    if (!click) return;
    await db.transaction().execute(async (trx) => {
      if (storage.engine === "postgres" && click.lead_id) {
        // Two statuses of one lead at once must not both take the lead's payout.
        await sql`select pg_advisory_xact_lock(hashtext(${`partner-payout:${click.lead_id}`}))`.execute(
          trx,
        );
      }
      // Paid for this lead already, or for this click (whose lead link an erasure removed).
      const leadId = click.lead_id;
      const paid = await trx
        .selectFrom("partner_postbacks")
        .select("click_id")
        .where((where) =>
          where.or([
            where("click_id", "=", click.id),
            ...(leadId ? [where("lead_id", "=", leadId)] : []),
          ]),
        )
        .where("payout_rupees", ">", 0)
        .executeTakeFirst();
      const payout = payoutFor(
        click.payout_model,
        click.payout_rupees,
        change.status,
        paid !== undefined,
      );
      const attribution = JSON.parse(click.attribution) as Record<string, string>;
      const deliver = click.postback_url !== null && click.disabled_at === null;
      // Stored as fetch will request it (new URL normalises "https://p.lk?x" to "https://p.lk/?x"),
      // so that the signature is over the address the partner receives.
      const url = deliver
        ? normalizedUrl(
            fillPostbackUrl(click.postback_url ?? "", {
              ...attribution,
              click_id: click.id,
              lead_id: click.lead_id ?? "",
              status: change.status,
              payout: String(payout),
            }),
          )
        : null;
      const row: PartnerPostbacksTable = {
        click_id: click.id,
        status: change.status,
        partner_id: click.partner_id,
        lead_id: click.lead_id,
        payout_rupees: payout,
        url,
        attempts: 0,
        next_attempt_at: url ? now().toISOString() : null,
        delivered_at: null,
        failed_at: null,
        last_error: null,
        created_at: change.at,
      };
      await trx
        .insertInto("partner_postbacks")
        .values(row)
        .onConflict((conflict) => conflict.columns(["click_id", "status"]).doNothing())
        .execute();
    });
  }

  async function deliver(row: PartnerPostbacksTable): Promise<void> {
    if (!row.url || !row.next_attempt_at) return;
    const startedAt = now();
    // Claim: whoever moves the due time first sends it; a crash mid-send retries after the lease.
    const lease = new Date(startedAt.getTime() + timeoutMs + 30_000).toISOString();
    const claimed = await db
      .updateTable("partner_postbacks")
      .set({ next_attempt_at: lease })
      .where("click_id", "=", row.click_id)
      .where("status", "=", row.status)
      .where("next_attempt_at", "=", row.next_attempt_at)
      .where("delivered_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const partner = await db
      .selectFrom("partners")
      .select(["postback_secret", "disabled_at", "postback_url"])
      .where("id", "=", row.partner_id)
      .executeTakeFirst();
    if (!partner || partner.disabled_at !== null || partner.postback_url === null) {
      // Disabled, or no postback address any more, since this was queued: recorded, never sent.
      await db
        .updateTable("partner_postbacks")
        .set({
          next_attempt_at: null,
          failed_at: now().toISOString(),
          last_error: partner?.disabled_at ? "partner disabled" : "no postback URL",
        })
        .where("click_id", "=", row.click_id)
        .where("status", "=", row.status)
        .execute();
      return;
    }
    const problem = await sendSignedPostback(
      get,
      {
        url: row.url,
        secret: partner.postback_secret,
        postbackId: `${row.click_id}:${row.status}`,
        timeoutMs,
      },
      rules,
    );
    const attempts = row.attempts + 1;
    const at = now();
    if (!problem) {
      await db
        .updateTable("partner_postbacks")
        .set({ attempts, delivered_at: at.toISOString(), next_attempt_at: null, last_error: null })
        .where("click_id", "=", row.click_id)
        .where("status", "=", row.status)
        .execute();
      return;
    }
    const giveUp = attempts >= maxAttempts;
    const delay = retryDelayMs(attempts, baseDelayMs, maxDelayMs);
    await db
      .updateTable("partner_postbacks")
      .set({
        attempts,
        last_error: problem,
        next_attempt_at: giveUp ? null : new Date(at.getTime() + delay).toISOString(),
        failed_at: giveUp ? at.toISOString() : null,
      })
      .where("click_id", "=", row.click_id)
      .where("status", "=", row.status)
      .execute();
    // The partner and the click, never the URL: it may carry the partner's own codes.
    log.warn("partner postback failed", {
      partner: row.partner_id,
      status: row.status,
      attempts,
      problem,
      given_up: giveUp,
    });
  }

  async function deliverDue(): Promise<number> {
    const due = await db
      .selectFrom("partner_postbacks")
      .selectAll()
      .where("next_attempt_at", "<=", now().toISOString())
      .where("delivered_at", "is", null)
      .where("failed_at", "is", null)
      .orderBy("next_attempt_at")
      .limit(20)
      .execute();
    for (const row of due) {
      if (closed) break;
      await deliver(row);
    }
    return due.length;
  }

  async function catchUp(): Promise<number> {
    const missing = await db
      .selectFrom("conversions")
      .innerJoin("clicks", "clicks.id", "conversions.click_id")
      .leftJoin("partner_postbacks", (join) =>
        join
          .onRef("partner_postbacks.click_id", "=", "conversions.click_id")
          .onRef("partner_postbacks.status", "=", "conversions.status"),
      )
      .select([
        "conversions.click_id",
        "conversions.status",
        "conversions.amount",
        "conversions.created_at",
        "clicks.lead_id",
      ])
      .where("clicks.partner_id", "is not", null)
      .where("partner_postbacks.click_id", "is", null)
      .orderBy("conversions.created_at")
      .limit(500)
      .execute();
    for (const conversion of missing) {
      await enqueue({
        clickId: conversion.click_id,
        leadId: conversion.lead_id ?? undefined,
        status: conversion.status,
        amount: conversion.amount ?? undefined,
        at: conversion.created_at,
      });
    }
    return missing.length;
  }

  /** One pass of the worker; never two at once in a process (a call meanwhile asks for another). */
  function poll(): Promise<unknown> {
    if (closed) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    polls += 1;
    // Catch up at start and every hundredth poll (about every 8 minutes by default).
    const work = async () => {
      if (polls % 100 === 1) await catchUp();
      while (!closed && (await deliverDue()) === 20) {
        // A full batch: there may be more due now.
      }
    };
    running = work()
      .catch((error: unknown) => log.error("partner postbacks failed", { error }))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void poll();
        }
      });
    return running;
  }

  return {
    enqueue,
    deliverDue,
    catchUp,
    listener: async (change) => {
      await enqueue(change);
      if (timer) void poll();
    },
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
      void poll();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
