import { sql } from "kysely";
import type { LeadStatusChange, LeadStatusListener } from "../borrowers/clicks";
import type { ConversionStatus, PartnerPostbacksTable } from "../storage/schema";
import {
  fillPostbackUrl,
  normalizedUrl,
  outboxWorker,
  type PostbackDeliveryOptions,
} from "./postback-delivery";

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
  const { storage, now = () => new Date() } = options;
  const { db } = storage;
  const worker = outboxWorker<PartnerPostbacksTable>(
    {
      table: "partner_postbacks",
      key: (row) => ({ click_id: row.click_id, status: row.status }),
      postbackId: (row) => `${row.click_id}:${row.status}`,
      status: (row) => row.status,
      // Catch up at start and every hundredth pass (about every 8 minutes by default).
      beforeSending: (pass) => (pass % 100 === 1 ? catchUp() : Promise.resolve()),
      failure: "partner postbacks failed",
    },
    options,
  );

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

  return {
    enqueue,
    deliverDue: worker.deliverDue,
    catchUp,
    listener: async (change) => {
      await enqueue(change);
      if (worker.started()) void worker.poll();
    },
    start: worker.start,
    close: worker.close,
  };
}
