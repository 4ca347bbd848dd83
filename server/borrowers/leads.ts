import { createHmac } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { ATTRIBUTION_FIELDS } from "../../core/domain/application";
import { type LeadProfile, matchLead } from "../../core/domain/matching";
import { ageOn } from "../../core/domain/nic";
import type { Application } from "../../core/domain/schemas/application";
import type { Offer } from "../../core/domain/schemas/offer";
import { type CalendarDate, colomboToday } from "../../core/helpers/dates";
import { DEFAULT_LOCALE, type Locale } from "../../core/locale";
import type { Storage } from "../storage/database";
import { isOpaqueId, newOpaqueId } from "../storage/opaque-ids";
import { lookupHash } from "../storage/personal-crypto";
import type { Database, LeadChannel, LeadStatus, VerificationVia } from "../storage/schema";
import {
  CODE_TTL_MS,
  codeHash,
  newCode,
  resendWaitMs,
  type VerificationState,
  verificationState,
} from "./one-time-codes";

/** Issue 5's rule, narrowed by issue 14: the same NIC and phone within a day of a verified lead repeat it. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface LeadOutcome {
  /** Always a new, unverified lead: a repeat gets an id of its own too. */
  leadId: string;
  /** The partner the lead belongs to, if any. */
  partnerId: string | null;
  /** The verified lead this application repeats, if any (never told to the applicant). */
  repeatOf: string | null;
  /** Where the code goes: the phone on file (the repeated lead's, or the one just typed). */
  phone: string;
  /** The code to send; storage holds only its hash. */
  code: string;
  verification: VerificationState;
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

/** The keyed hash of an applicant's NIC and phone, for the repeat check. */
function dedupeKey(key: string, application: Application): string {
  return createHmac("sha256", key)
    .update(`lead:${application.nic}:${application.phone}`)
    .digest("hex");
}

/**
 * On PostgreSQL, holds the applicant's advisory lock until the transaction
 * ends: the repeat check and the insert, or a verification and its join,
 * of one NIC and phone happen one at a time. SQLite runs one write
 * transaction at a time anyway.
 */
export async function lockApplicant(
  trx: Transaction<Database>,
  engine: Storage["engine"],
  key: string,
): Promise<void> {
  if (engine === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}

/**
 * The verified lead of this applicant (keyed hash of NIC and phone) made
 * within REPEAT_WINDOW_MS before `now`, which a new application of theirs
 * repeats: only a lead its applicant verified counts, so nobody can claim
 * an application by typing its NIC and phone first.
 */
export async function verifiedLeadOf(
  storage: Storage,
  trx: Kysely<Database>,
  key: string,
  now: Date,
): Promise<{ id: string; phone: string | null } | undefined> {
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
  const row = await trx
    .selectFrom("leads")
    .select(["id", "phone", "key_id"])
    .where("dedupe_key", "=", key)
    .where("created_at", ">", since)
    .where("verified_at", "is not", null)
    .where("repeat_of", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!row) return undefined;
  const [lead] = await storage.keys.openRows(trx, "leads", [row]);
  return lead && { id: lead.id, phone: lead.phone };
}

function attributionOf(application: Application): Record<string, string> {
  const attribution: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = application[field];
    if (value !== undefined) attribution[field] = value;
  }
  return attribution;
}

/** A host name as the widget gives it (lower case letters, digits, dots, dashes); else undefined. */
export function pageDomainOf(value: string | undefined): string | undefined {
  const host = value?.toLowerCase();
  return host && /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host) && host.length <= 100
    ? host
    : undefined;
}

/**
 * How a lead came (decision 0256): the partner API, a partner's widget (its
 * links carry the page's host name, `widget_domain`), or else a link to our
 * form; with the widget's page's host name, never more.
 */
export function leadChannelOf(
  via: VerificationVia,
  application: Pick<Application, "widget_domain">,
): { channel: LeadChannel; page_domain: string | null } {
  if (via === "partner_api") return { channel: "partner_api", page_domain: null };
  if (application.widget_domain === undefined) return { channel: "link", page_domain: null };
  return { channel: "widget", page_domain: pageDomainOf(application.widget_domain) ?? null };
}

export interface CreateLeadOptions {
  now?: Date;
  /** The country config's lead id, stored on the lead (issue 6). */
  leadForm?: string | null | undefined;
  /** Where the code may be entered: our pages, or the partner API. */
  via?: VerificationVia;
  /** The language of the SMS. */
  locale?: Locale;
  /**
   * The active partner an application's `partner` attribution names, or null
   * (server/partners/partners.ts activePartnerId, given by server/app.ts and
   * the partner API); without it the lead is attributed to none.
   */
  partnerOf?: PartnerOf;
}

/** Which active partner a code names, read in the lead's transaction. */
export type PartnerOf = (db: Kysely<Database>, code: string | undefined) => Promise<string | null>;

/**
 * Stores an application as a new, unverified lead with a one-time code
 * for its phone, and matches it against the catalogue. When the same NIC
 * and phone made a verified lead within REPEAT_WINDOW_MS, the new lead
 * points at it (repeat_of) and the code goes to the phone on file: the
 * answer is the same as for anyone else, and only the code joins the two.
 * The check and the insert happen in one transaction (on PostgreSQL under
 * an advisory lock on the key).
 */
export async function createLead(
  storage: Storage,
  application: Application,
  offers: readonly Offer[],
  options: CreateLeadOptions = {},
): Promise<LeadOutcome> {
  const {
    now = new Date(),
    leadForm = null,
    via = "site",
    locale = DEFAULT_LOCALE,
    partnerOf,
  } = options;
  return storage.db.transaction().execute(async (trx) => {
    const installation = await storage.keys.hashKey(trx);
    const key = dedupeKey(installation, application);
    await lockApplicant(trx, storage.engine, key);
    const repeated = await verifiedLeadOf(storage, trx, key, now);

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
    const partnerId = partnerOf ? await partnerOf(trx, application.partner) : null;
    // The applicant's personal data, sealed under a data key of the lead's own (decision 0335).
    const dataKey = await storage.keys.create(trx);
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
        ...dataKey.seal("leads", {
          full_name: application.fullName,
          nic: application.nic,
          birth_date: application.birthDate,
          phone: application.phone,
          email: application.email,
        }),
        key_id: dataKey.id,
        phone_hash: lookupHash(installation, "phone", application.phone),
        email_hash: lookupHash(installation, "email", application.email),
        erased_at: null,
        promo_code: application.promo_code ?? null,
        experiment_flow: application.experiment_flow ?? null,
        lead_form: leadForm,
        partner_id: partnerId,
        verified_at: null,
        repeat_of: repeated?.id ?? null,
        via,
        ...leadChannelOf(via, application),
      })
      .execute();
    const code = newCode();
    const row = {
      lead_id: leadId,
      via,
      locale,
      code_hash: codeHash(installation, leadId, code),
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      tries: 0,
      sends: 1,
      resend_at: new Date(now.getTime() + resendWaitMs(1)).toISOString(),
      created_at: now.toISOString(),
    };
    await trx.insertInto("lead_verifications").values(row).execute();
    return {
      leadId,
      partnerId,
      repeatOf: repeated?.id ?? null,
      // The same number (the key is of NIC and phone), as we hold it for the lead applied to.
      phone: repeated?.phone ?? application.phone,
      code,
      verification: verificationState(row),
    };
  });
}

/** Forgets a lead whose code could not be sent (its data key too): the applicant will try again. */
export async function deleteUnverifiedLead(storage: Storage, leadId: string): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("leads")
      .where("id", "=", leadId)
      .where("verified_at", "is", null)
      .returning("key_id")
      .execute();
    await storage.keys.destroy(
      trx,
      deleted.map((row) => row.key_id),
    );
  });
}

/**
 * What a lead's applicant typed, opened (decision 0335): for the lenders'
 * decision requests, the form's answers and the links sent to the
 * applicant. Nulls once erased or joined to another lead.
 */
export interface LeadApplicant {
  fullName: string | null;
  nic: string | null;
  birthDate: string | null;
  phone: string | null;
  email: string | null;
}

/** The applicant of a lead, or undefined for an unknown id. */
export async function leadApplicant(
  storage: Storage,
  leadId: string,
  db: Kysely<Database> = storage.db,
): Promise<LeadApplicant | undefined> {
  const row = await db
    .selectFrom("leads")
    .select(["key_id", "full_name", "nic", "birth_date", "phone", "email"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [lead] = await storage.keys.openRows(db, "leads", [row]);
  if (!lead) return undefined;
  return {
    fullName: lead.full_name,
    nic: lead.nic,
    birthDate: lead.birth_date,
    phone: lead.phone,
    email: lead.email,
  };
}

/**
 * A verified lead without its personal data, or undefined for an unknown
 * id, an unverified lead, or a repeat that joined another: the offers page,
 * the click-out, push and the lead feed know only leads whose applicant
 * proved the phone.
 */
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
    .where("verified_at", "is not", null)
    .where("repeat_of", "is", null)
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
