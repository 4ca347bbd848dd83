import { timingSafeEqual } from "node:crypto";
import { lenderSlug } from "../../core/domain/matching";
import type { Offer } from "../../core/domain/schemas/offer";
import { acceptedSecrets } from "../lenders/lender-secrets";
import { type Postback, postbackSignature } from "../lenders/postback-api";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import type { ConversionStatus, LeadStatus } from "../storage/schema";
import { findLead } from "./leads";

/** The macros a lender link may hold (server/lenders/catalogues/*.json). */
const MACRO = /\{(click_id|sub[1-8])\}/g;
const ANY_MACRO = /\{[a-z0-9_]+\}/gi;

/**
 * The lender's address for a click: {click_id} and {sub1}…{sub8} filled in
 * (URL-encoded), any other macro emptied so that no brace reaches the lender.
 */
export function lenderUrl(
  link: string,
  clickId: string,
  attribution: Record<string, string>,
): string {
  return link
    .replace(MACRO, (_macro, name: string) =>
      encodeURIComponent(name === "click_id" ? clickId : (attribution[name] ?? "")),
    )
    .replace(ANY_MACRO, "");
}

/**
 * Records a click-out: the click id, the visitor's lead (when they applied),
 * the offer and the attribution the lead came with, or else the visitor's
 * marketing cookies' (issue 6). Moves the lead to "clicked" unless a lender
 * already answered for it. The visitor goes to `link` (a lender's approval's
 * apply URL, issue 15) or else the offer's lender link, macros filled in.
 */
export async function recordClick(
  storage: Storage,
  offer: Offer,
  leadId: string | undefined,
  now: Date = new Date(),
  visitorAttribution: Record<string, string> = {},
  link: string | undefined = offer.lender_link,
): Promise<{ clickId: string; location: string }> {
  const lead = leadId ? await findLead(storage, leadId) : undefined;
  const attribution = lead?.attribution ?? visitorAttribution;
  const clickId = newOpaqueId();
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("clicks")
      .values({
        id: clickId,
        lead_id: lead?.leadId ?? null,
        offer_id: offer.offer_id,
        lender: lenderSlug(offer),
        attribution: JSON.stringify(attribution),
        created_at: now.toISOString(),
        // A click belongs to its lead's partner (issue 8).
        partner_id: lead?.partnerId ?? null,
      })
      .execute();
    if (lead) {
      await trx
        .updateTable("leads")
        .set({ status: "clicked" })
        .where("id", "=", lead.leadId)
        .where("status", "in", ["new", "matched"])
        .execute();
    }
  });
  if (!link) throw new Error(`Offer ${offer.offer_id} has no lender link`);
  return { clickId, location: lenderUrl(link, clickId, attribution) };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A lead's status changed because a lender posted back: what push and partner postbacks act on. */
export interface LeadStatusChange {
  clickId: string;
  /** Undefined for a click made without an application. */
  leadId: string | undefined;
  status: ConversionStatus;
  amount: number | undefined;
  at: string;
}

/**
 * Acts on a status change after the lender has been answered (a push
 * notification, a partner's postback). It handles its own failures and
 * retries; a rejection is only logged.
 */
export type LeadStatusListener = (change: LeadStatusChange) => Promise<void>;

export type PostbackOutcome =
  | { kind: "recorded"; duplicate: true }
  | { kind: "recorded"; duplicate: false; change: LeadStatusChange }
  | { kind: "unknown_click" }
  | { kind: "unauthorized" };

/** An issued loan is final; a rejection does not undo an approval already paid out. */
const FINAL: readonly LeadStatus[] = ["issued"];

/**
 * A lender's conversion for one of our clicks, authenticated by that
 * lender's secret: an HMAC signature of the postback, or the secret itself
 * as a token (for lenders that can only call a fixed URL). The secret is
 * the lender's API secret in storage (lenders.api_secret, issue 15), or
 * else the one configured for it (LENDER_POSTBACK_SECRETS, `secrets`).
 * Idempotent on (click, status); the lead takes the status. Nothing
 * changes on a bad signature.
 */
export async function recordPostback(
  storage: Storage,
  secrets: ReadonlyMap<string, string>,
  postback: Postback,
  auth: { signature?: string | undefined; token?: string | undefined },
  now: Date = new Date(),
): Promise<PostbackOutcome> {
  const click = await storage.db
    .selectFrom("clicks")
    .select(["id", "lead_id", "lender"])
    .where("id", "=", postback.click_id)
    .executeTakeFirst();
  const stored = click
    ? await storage.db
        .selectFrom("lenders")
        .select(["api_secret", "api_secret_previous", "api_secret_previous_until"])
        .where("id", "=", click.lender)
        .executeTakeFirst()
    : undefined;
  // A lender without a secret, stored or configured, cannot post back at all. After the
  // lender rotated its secret, the old one too while its grace lasts (decision 0412).
  const configured = click ? secrets.get(click.lender) : undefined;
  const accepted = stored?.api_secret
    ? acceptedSecrets(stored, now)
    : configured !== undefined
      ? [configured]
      : [];
  if (!click || accepted.length === 0) return { kind: click ? "unauthorized" : "unknown_click" };
  const authorized = accepted.some(
    (secret) =>
      (auth.signature !== undefined &&
        sameSecret(auth.signature.toLowerCase(), postbackSignature(secret, postback))) ||
      (auth.token !== undefined && sameSecret(auth.token, secret)),
  );
  if (!authorized) return { kind: "unauthorized" };

  return storage.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("conversions")
      .values({
        click_id: click.id,
        status: postback.status,
        amount: postback.amount ?? null,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["click_id", "status"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      return { kind: "recorded", duplicate: true } as const;
    }
    if (click.lead_id) {
      await trx
        .updateTable("leads")
        .set({ status: postback.status })
        .where("id", "=", click.lead_id)
        .where("status", "not in", FINAL)
        .execute();
    }
    const change: LeadStatusChange = {
      clickId: click.id,
      leadId: click.lead_id ?? undefined,
      status: postback.status,
      amount: postback.amount,
      at: now.toISOString(),
    };
    return { kind: "recorded", duplicate: false, change } as const;
  });
}
