import { UNVERIFIED_RETENTION_MS } from "../borrowers/verification";
import { type OutboundRules, outboundGet } from "../http/outbound";
import { readApplicationDecisions, STALE_AFTER_DEADLINE_MS } from "../lenders/decisions";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { LeadPostbackEvent, PartnerLeadPostbacksTable } from "../storage/schema";
import { fillPostbackUrl, normalizedUrl, retryDelayMs, sendSignedPostback } from "./postbacks";

/**
 * The "offers ready" postback (issue 30, decision 0357): for a partner that
 * turned it on, one signed GET of its postback URL per lead it sent through
 * the partner API, once the lead's lenders' decisions are complete (all
 * answered, or the deadline passed), with {lead_id} and {status} =
 * offers_ready filled in and every other macro empty. It is signed as the
 * click postbacks are (X-Signature over the URL, X-Postback-Id
 * `{lead_id}:offers_ready`), retried with back-off, and never sent to an
 * address that is not public; it is not a click's status and counts in no
 * figure, statement or payout: its outbox is its own table.
 *
 * When: this instance hears of every decision it records (and of a lead's
 * decisions being begun) through the decision network's `subscribeAll`,
 * and checks that lead at once, and again at its deadline. A sweep every
 * poll (and at start: after a crash) finds the partners' leads of the last
 * day that have no row and whose decisions are complete: another
 * instance's, a deadline nobody here waited for, a repeat that joined an
 * application. Once per lead: the (lead, event) primary key; an instance
 * claims a row before sending it, as postbacks.ts does.
 */

export const OFFERS_READY: LeadPostbackEvent = "offers_ready";

/** How far back a sweep looks for leads without their postback. */
export const OFFERS_READY_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

export interface OffersReadyOptions {
  storage: Storage;
  log: Logger;
  /**
   * LENDER_DEADLINE_MS: a lead verified longer ago than this without a
   * lender asked was never going to ask one (its decisions were begun).
   */
  deadlineMs: number;
  /** The first retry's delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a postback is given up (failed_at set). */
  maxAttempts?: number;
  /** How long the partner's server has to answer. */
  timeoutMs?: number;
  /** How often the worker sweeps and sends what is due. */
  pollMs?: number;
  /** Which postback URLs may be called (postbacks.ts's rules, checked before every send). */
  rules?: OutboundRules;
  get?: typeof outboundGet;
  now?: () => Date;
}

export interface OffersReadyPostbacks {
  /**
   * A lead's decisions may have changed (give it to the decision network's
   * subscribeAll): records its postback once they are complete. `begun`:
   * its decisions' rows are written (the network says so), so none asked
   * means none will be. Resolves with whether a postback was recorded.
   */
  check(leadId: string, begun?: boolean): Promise<boolean>;
  /** Records the postbacks of the partners' leads complete without one; resolves with how many. */
  sweep(): Promise<number>;
  /** Sends every due postback once; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Starts the worker: a sweep and the due postbacks at once, then every pollMs. */
  start(): void;
  /** Stops the worker and its timers and waits for the pass in flight. */
  close(): Promise<void>;
}

interface Candidate {
  id: string;
  repeat_of: string | null;
  verified_at: string | null;
  partner_id: string;
  postback_url: string | null;
  disabled_at: string | null;
}

export function createOffersReadyPostbacks(options: OffersReadyOptions): OffersReadyPostbacks {
  const {
    storage,
    log,
    deadlineMs,
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
  /** One check per lead at its deadline: a pending lender's lead completes then, unannounced. */
  const atDeadline = new Map<string, NodeJS.Timeout>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let closed = false;

  /** A partner's leads that may get the postback and have none: verified through its API since it turned it on. */
  const candidates = () =>
    db
      .selectFrom("leads")
      .innerJoin("partners", "partners.id", "leads.partner_id")
      .leftJoin("partner_lead_postbacks", (join) =>
        join
          .onRef("partner_lead_postbacks.lead_id", "=", "leads.id")
          .on("partner_lead_postbacks.event", "=", OFFERS_READY),
      )
      .select([
        "leads.id",
        "leads.repeat_of",
        "leads.verified_at",
        "partners.id as partner_id",
        "partners.postback_url",
        "partners.disabled_at",
      ])
      .where("leads.via", "=", "partner_api")
      .where("leads.verified_at", "is not", null)
      .where("leads.erased_at", "is", null)
      .where("partners.offers_ready_since", "is not", null)
      .whereRef("leads.verified_at", ">=", "partners.offers_ready_since")
      .where("partner_lead_postbacks.lead_id", "is", null);

  function checkAtDeadline(leadId: string, deadline: string) {
    if (closed || atDeadline.has(leadId)) return;
    // Once a lender still waiting shows as failed (decisions.ts).
    const delay = Date.parse(deadline) + STALE_AFTER_DEADLINE_MS + 10 - now().getTime();
    const due = setTimeout(
      () => {
        atDeadline.delete(leadId);
        void check(leadId, true).catch((error: unknown) =>
          log.error("checking a lead's offers-ready postback failed", { error }),
        );
      },
      Math.max(0, delay),
    );
    due.unref();
    atDeadline.set(leadId, due);
  }

  /** Records the lead's postback if its application's decisions are complete. */
  async function settle(lead: Candidate, begun: boolean): Promise<boolean> {
    const at = now();
    // A repeat stands for the application it joined: that one's decisions are the applicant's.
    const decisions = await readApplicationDecisions(storage, lead.repeat_of ?? lead.id, at);
    if (!decisions.complete) {
      checkAtDeadline(lead.id, decisions.deadline);
      return false;
    }
    // None asked yet: perhaps not yet begun. The network says when it is; else, the time does.
    const verifiedAt = Date.parse(lead.verified_at ?? "");
    if (decisions.asked === 0 && lead.repeat_of === null && !begun) {
      if (!(verifiedAt <= at.getTime() - deadlineMs)) return false;
    }
    const send = lead.postback_url !== null && lead.disabled_at === null;
    // Stored as fetch requests it, so that the signature is over the address the partner gets.
    const url = send
      ? normalizedUrl(
          fillPostbackUrl(lead.postback_url ?? "", { lead_id: lead.id, status: OFFERS_READY }),
        )
      : null;
    const row: PartnerLeadPostbacksTable = {
      lead_id: lead.id,
      event: OFFERS_READY,
      partner_id: lead.partner_id,
      url,
      attempts: 0,
      next_attempt_at: url ? at.toISOString() : null,
      delivered_at: null,
      failed_at: null,
      last_error: null,
      created_at: at.toISOString(),
    };
    const inserted = await db
      .insertInto("partner_lead_postbacks")
      .values(row)
      .onConflict((conflict) => conflict.columns(["lead_id", "event"]).doNothing())
      .returning("lead_id")
      .executeTakeFirst();
    const recorded = inserted !== undefined;
    if (recorded && url && timer) void poll();
    return recorded;
  }

  async function check(leadId: string, begun = false): Promise<boolean> {
    if (closed) return false;
    const lead = await candidates().where("leads.id", "=", leadId).executeTakeFirst();
    return lead ? settle(lead, begun) : false;
  }

  async function sweep(): Promise<number> {
    const at = now().getTime();
    const partners = await db
      .selectFrom("partners")
      .select(["id", "offers_ready_since"])
      .where("offers_ready_since", "is not", null)
      .execute();
    let recorded = 0;
    for (const partner of partners) {
      const since = Math.max(
        Date.parse(partner.offers_ready_since ?? ""),
        at - OFFERS_READY_LOOK_BACK_MS,
      );
      const leads = await candidates()
        .where("leads.partner_id", "=", partner.id)
        // Verified since then: made at most UNVERIFIED_RETENTION_MS before (leads_partner's index).
        .where("leads.created_at", ">=", new Date(since - UNVERIFIED_RETENTION_MS).toISOString())
        .where("leads.verified_at", ">=", new Date(since).toISOString())
        .orderBy("leads.verified_at")
        .limit(200)
        .execute();
      for (const lead of leads) {
        if (closed) return recorded;
        if (await settle(lead, false)) recorded += 1;
      }
    }
    return recorded;
  }

  async function deliver(row: PartnerLeadPostbacksTable): Promise<void> {
    if (!row.url || !row.next_attempt_at) return;
    const startedAt = now();
    // Claim: whoever moves the due time first sends it; a crash mid-send retries after the lease.
    const lease = new Date(startedAt.getTime() + timeoutMs + 30_000).toISOString();
    const claimed = await db
      .updateTable("partner_lead_postbacks")
      .set({ next_attempt_at: lease })
      .where("lead_id", "=", row.lead_id)
      .where("event", "=", row.event)
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
          : partner.offers_ready_since === null
            ? "turned off"
            : undefined;
    const update = (values: Partial<PartnerLeadPostbacksTable>) =>
      db
        .updateTable("partner_lead_postbacks")
        .set(values)
        .where("lead_id", "=", row.lead_id)
        .where("event", "=", row.event)
        .execute();
    if (refusal || !partner) {
      // Stopped, or no postback address any more, since this was queued: recorded, never sent.
      await update({
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
        postbackId: `${row.lead_id}:${row.event}`,
        timeoutMs,
      },
      rules,
    );
    const attempts = row.attempts + 1;
    const at = now();
    if (!problem) {
      await update({
        attempts,
        delivered_at: at.toISOString(),
        next_attempt_at: null,
        last_error: null,
      });
      return;
    }
    const giveUp = attempts >= maxAttempts;
    const delay = retryDelayMs(attempts, baseDelayMs, maxDelayMs);
    await update({
      attempts,
      last_error: problem,
      next_attempt_at: giveUp ? null : new Date(at.getTime() + delay).toISOString(),
      failed_at: giveUp ? at.toISOString() : null,
    });
    // The partner and the problem, never the URL or the lead: the URL may carry the partner's codes.
    log.warn("partner postback failed", {
      partner: row.partner_id,
      status: row.event,
      attempts,
      problem,
      given_up: giveUp,
    });
  }

  async function deliverDue(): Promise<number> {
    const due = await db
      .selectFrom("partner_lead_postbacks")
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

  /** One pass of the worker; never two at once in a process (a call meanwhile asks for another). */
  function poll(): Promise<unknown> {
    if (closed) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const work = async () => {
      await sweep();
      while (!closed && (await deliverDue()) === 20) {
        // A full batch: there may be more due now.
      }
    };
    running = work()
      .catch((error: unknown) => log.error("offers-ready postbacks failed", { error }))
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
    check,
    sweep,
    deliverDue,
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
      for (const due of atDeadline.values()) clearTimeout(due);
      atDeadline.clear();
      await running;
    },
  };
}
