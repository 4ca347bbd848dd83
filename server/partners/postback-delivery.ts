import { createHmac } from "node:crypto";
import { OutboundRefused, type OutboundRules, outboundGet } from "../http/outbound";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { PartnerPostbacksTable } from "../storage/schema";

/**
 * Signed postbacks to partners and the outbox worker that sends them, for both outboxes: a
 * click's statuses (partner_postbacks, postbacks.ts) and a lead's "offers ready"
 * (partner_lead_postbacks, offers-ready.ts). A row is committed before any delivery; the worker
 * claims a due row (moves its due time past the delivery's timeout, so two instances do not send
 * it twice), checks its partner again, sends it signed, and records the answer: delivered, or
 * retried with exponential back-off until the last attempt.
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

/** The outboxes' tables: one row a postback, with the same delivery columns. */
type OutboxTable = "partner_postbacks" | "partner_lead_postbacks";

type DeliveryState = Partial<
  Pick<
    PartnerPostbacksTable,
    "attempts" | "next_attempt_at" | "delivered_at" | "failed_at" | "last_error"
  >
>;

/** A row of either outbox, as the worker reads it. */
export interface OutboxRow {
  partner_id: string;
  url: string | null;
  attempts: number;
  next_attempt_at: string | null;
}

/** The partner of a postback, read again before each send. */
export interface PostbackPartner {
  postback_secret: string;
  disabled_at: string | null;
  postback_url: string | null;
  offers_ready_since: string | null;
}

/** What tells one outbox from the other. */
export interface Outbox<Row extends OutboxRow> {
  table: OutboxTable;
  /** The row's primary key, as a filter of its table. */
  key(row: Row): Record<string, string>;
  /** X-Postback-Id: the row's key, `{click_id}:{status}` or `{lead_id}:{event}`. */
  postbackId(row: Row): string;
  /** What a failure's log names besides the partner: the click's status or the lead's event. */
  status(row: Row): string;
  /** Why a partner that may get postbacks still must not get this one, if it must not. */
  refusal?(partner: PostbackPartner): string | undefined;
  /** What each pass does before it sends what is due (catch up, sweep); `pass` counts from 1. */
  beforeSending(pass: number): Promise<unknown>;
  /** The worker's error log. */
  failure: string;
}

export interface OutboxWorker {
  /** Sends every due postback once; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** One pass; never two at once in a process (a call meanwhile asks for another). */
  poll(): Promise<unknown>;
  /** Whether the worker is started and not closed. */
  started(): boolean;
  closed(): boolean;
  /** Starts the worker: a pass at once, then one every pollMs. */
  start(): void;
  /** Stops the worker and waits for the pass in flight. */
  close(): Promise<void>;
}

/** How many due rows a pass reads at a time. */
const BATCH = 20;

/** The outbox worker of `outbox`: claims, checks, signs, sends and records each due postback. */
export function outboxWorker<Row extends OutboxRow>(
  outbox: Outbox<Row>,
  options: PostbackDeliveryOptions,
): OutboxWorker {
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
  let passes = 0;

  const update = (row: Row, values: DeliveryState) =>
    db
      .updateTable(outbox.table)
      .set(values)
      .where((where) => where.and(outbox.key(row)))
      .executeTakeFirst();

  async function deliver(row: Row): Promise<void> {
    if (!row.url || !row.next_attempt_at) return;
    const startedAt = now();
    // Claim: whoever moves the due time first sends it; a crash mid-send retries after the lease.
    const lease = new Date(startedAt.getTime() + timeoutMs + 30_000).toISOString();
    const claimed = await db
      .updateTable(outbox.table)
      .set({ next_attempt_at: lease })
      .where((where) => where.and(outbox.key(row)))
      .where("next_attempt_at", "=", row.next_attempt_at)
      .where("delivered_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const partner = await db
      .selectFrom("partners")
      .select(["postback_secret", "disabled_at", "postback_url", "offers_ready_since"])
      .where("id", "=", row.partner_id)
      .executeTakeFirst();
    const refusal = !partner
      ? "no postback URL"
      : partner.disabled_at !== null
        ? "partner disabled"
        : partner.postback_url === null
          ? "no postback URL"
          : outbox.refusal?.(partner);
    if (refusal !== undefined || !partner) {
      // Stopped, or no postback address any more, since this was queued: recorded, never sent.
      await update(row, {
        next_attempt_at: null,
        failed_at: now().toISOString(),
        last_error: refusal ?? "no postback URL",
      });
      return;
    }
    const problem = await sendSignedPostback(
      get,
      {
        url: row.url,
        secret: partner.postback_secret,
        postbackId: outbox.postbackId(row),
        timeoutMs,
      },
      rules,
    );
    const attempts = row.attempts + 1;
    const at = now();
    if (!problem) {
      await update(row, {
        attempts,
        delivered_at: at.toISOString(),
        next_attempt_at: null,
        last_error: null,
      });
      return;
    }
    const giveUp = attempts >= maxAttempts;
    const delay = retryDelayMs(attempts, baseDelayMs, maxDelayMs);
    await update(row, {
      attempts,
      last_error: problem,
      next_attempt_at: giveUp ? null : new Date(at.getTime() + delay).toISOString(),
      failed_at: giveUp ? at.toISOString() : null,
    });
    // The partner and the problem, never the URL or the lead: the URL may carry the partner's codes.
    log.warn("partner postback failed", {
      partner: row.partner_id,
      status: outbox.status(row),
      attempts,
      problem,
      given_up: giveUp,
    });
  }

  async function deliverDue(): Promise<number> {
    // Rows of the outbox's table, whose type is Row (the compiler cannot tie a generic to it).
    const due = (await db
      .selectFrom(outbox.table)
      .selectAll()
      .where("next_attempt_at", "<=", now().toISOString())
      .where("delivered_at", "is", null)
      .where("failed_at", "is", null)
      .orderBy("next_attempt_at")
      .limit(BATCH)
      .execute()) as Row[];
    for (const row of due) {
      if (closed) break;
      await deliver(row);
    }
    return due.length;
  }

  function poll(): Promise<unknown> {
    if (closed) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    passes += 1;
    const pass = passes;
    const work = async () => {
      await outbox.beforeSending(pass);
      while (!closed && (await deliverDue()) === BATCH) {
        // A full batch: there may be more due now.
      }
    };
    running = work()
      .catch((error: unknown) => log.error(outbox.failure, { error }))
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
    deliverDue,
    poll,
    started: () => timer !== undefined,
    closed: () => closed,
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
