import { UNVERIFIED_RETENTION_MS } from "../borrowers/verification";
import { readApplicationDecisions, STALE_AFTER_DEADLINE_MS } from "../lenders/decisions";
import type { LeadPostbackEvent, PartnerLeadPostbacksTable } from "../storage/schema";
import {
  fillPostbackUrl,
  normalizedUrl,
  outboxWorker,
  type PostbackDeliveryOptions,
} from "./postback-delivery";

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
 * claims a row before sending it (postback-delivery.ts).
 */

export const OFFERS_READY: LeadPostbackEvent = "offers_ready";

/** How far back a sweep looks for leads without their postback. */
export const OFFERS_READY_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

export interface OffersReadyOptions extends PostbackDeliveryOptions {
  /**
   * LENDER_DEADLINE_MS: a lead verified longer ago than this without a
   * lender asked was never going to ask one (its decisions were begun).
   */
  deadlineMs: number;
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
  const { storage, log, deadlineMs, now = () => new Date() } = options;
  const { db } = storage;
  /** One check per lead at its deadline: a pending lender's lead completes then, unannounced. */
  const atDeadline = new Map<string, NodeJS.Timeout>();
  const worker = outboxWorker<PartnerLeadPostbacksTable>(
    {
      table: "partner_lead_postbacks",
      key: (row) => ({ lead_id: row.lead_id, event: row.event }),
      postbackId: (row) => `${row.lead_id}:${row.event}`,
      status: (row) => row.event,
      refusal: (partner) => (partner.offers_ready_since === null ? "turned off" : undefined),
      beforeSending: () => sweep(),
      failure: "offers-ready postbacks failed",
    },
    options,
  );

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
    if (worker.closed() || atDeadline.has(leadId)) return;
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
    if (recorded && url && worker.started()) void worker.poll();
    return recorded;
  }

  async function check(leadId: string, begun = false): Promise<boolean> {
    if (worker.closed()) return false;
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
        if (worker.closed()) return recorded;
        if (await settle(lead, false)) recorded += 1;
      }
    }
    return recorded;
  }

  return {
    check,
    sweep,
    deliverDue: worker.deliverDue,
    start: worker.start,
    async close() {
      const closing = worker.close();
      for (const due of atDeadline.values()) clearTimeout(due);
      atDeadline.clear();
      await closing;
    },
  };
}
