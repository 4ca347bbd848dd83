import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { ATTRIBUTION_FIELDS } from "../../core/application";
import { type CalendarDate, colomboToday } from "../../core/dates";
import { type LeadProfile, matchLead } from "../../core/matching";
import { ageOn } from "../../core/nic";
import type { Application } from "../../core/schemas/application";
import type { Offer } from "../../core/schemas/offer";
import { activePartnerId } from "../partners/partners";
import type { Storage } from "../storage/database";
import { installationKey } from "../storage/installation-key";
import { isOpaqueId, newOpaqueId } from "../storage/opaque-ids";
import type { LeadStatus } from "../storage/schema";

/** SPEC-less but issue 5's rule: the same NIC and phone within a day are the same application. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface LeadOutcome {
  leadId: string;
  /** False when an application of the last 24 hours was found instead. */
  created: boolean;
  /** The partner the (new or found) lead belongs to, if any. */
  partnerId: string | null;
}

/** What pages and feeds may know of a lead: never who it is. */
export interface LeadSummary {
  leadId: string;
  amount: number;
  termDays: number;
  status: LeadStatus;
  profile: LeadProfile;
  attribution: Record<string, string>;
  partnerId: string | null;
}

function dedupeKey(key: string, application: Application): string {
  return createHmac("sha256", key)
    .update(`lead:${application.nic}:${application.phone}`)
    .digest("hex");
}

function attributionOf(application: Application): Record<string, string> {
  const attribution: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = application[field];
    if (value !== undefined) attribution[field] = value;
  }
  return attribution;
}

/**
 * Stores an application and matches it against the catalogue, or returns
 * the lead of the same NIC and phone made within REPEAT_WINDOW_MS. The
 * check and the insert happen in one transaction (on PostgreSQL under an
 * advisory lock on the key), so two quick submissions make one lead.
 */
export async function createLead(
  storage: Storage,
  application: Application,
  offers: readonly Offer[],
  now: Date = new Date(),
  leadForm: string | null = null,
): Promise<LeadOutcome> {
  return storage.db.transaction().execute(async (trx) => {
    const key = dedupeKey(await installationKey(trx), application);
    if (storage.engine === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    }
    const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
    const repeat = await trx
      .selectFrom("leads")
      .select(["id", "partner_id"])
      .where("dedupe_key", "=", key)
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (repeat) return { leadId: repeat.id, created: false, partnerId: repeat.partner_id };

    const today: CalendarDate = colomboToday(now);
    const profile: LeadProfile = {
      amount: application.amount,
      termDays: application.term,
      age: ageOn(application.birthDate as CalendarDate, today),
      monthlyIncome: application.monthlyIncome,
      employment: application.employment,
    };
    const offerIds = matchLead(offers, profile);
    const leadId = newOpaqueId();
    const partnerId = await activePartnerId(trx, application.partner);
    await trx
      .insertInto("leads")
      .values({
        id: leadId,
        created_at: now.toISOString(),
        dedupe_key: key,
        status: offerIds.length > 0 ? "matched" : "new",
        amount: application.amount,
        term_days: application.term,
        purpose: application.purpose,
        employment: application.employment,
        bank: application.bank,
        district: application.district,
        monthly_income: application.monthlyIncome,
        age: profile.age,
        consent_marketing: application.consents.marketing ? 1 : 0,
        attribution: JSON.stringify(attributionOf(application)),
        offer_ids: JSON.stringify(offerIds),
        full_name: application.fullName,
        nic: application.nic,
        birth_date: application.birthDate,
        phone: application.phone,
        email: application.email,
        erased_at: null,
        promo_code: application.promo_code ?? null,
        experiment_flow: application.experiment_flow ?? null,
        lead_form: leadForm,
        partner_id: partnerId,
      })
      .execute();
    return { leadId, created: true, partnerId };
  });
}

/** A lead without its personal data, or undefined for an unknown id. */
export async function findLead(storage: Storage, leadId: string): Promise<LeadSummary | undefined> {
  if (!isOpaqueId(leadId)) return undefined;
  const row = await storage.db
    .selectFrom("leads")
    .select([
      "id",
      "amount",
      "term_days",
      "status",
      "age",
      "monthly_income",
      "employment",
      "attribution",
      "partner_id",
    ])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    leadId: row.id,
    amount: row.amount,
    termDays: row.term_days,
    status: row.status,
    profile: {
      amount: row.amount,
      termDays: row.term_days,
      age: row.age,
      monthlyIncome: row.monthly_income,
      employment: row.employment,
    },
    attribution: JSON.parse(row.attribution) as Record<string, string>,
    partnerId: row.partner_id,
  };
}
