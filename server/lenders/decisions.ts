import { sql } from "kysely";
import type { ApprovalRule, PublishedProduct } from "../../core/domain/approval-check";
import { type OddsEstimate, oddsProfileOf, sharePermille } from "../../core/domain/approval-odds";
import type {
  ApplicationDecisions,
  ApprovedOffer,
  DecisionStatus,
  LenderDecision,
} from "../../core/domain/decisions";
import type { EligibilityProfile } from "../../core/domain/lender-eligibility";
import { lenderDeadlineMs } from "../../core/domain/lender-limits";
import { offerMatchesLead } from "../../core/domain/matching";
import { type LoanTerms, loanTermsSchema, type Offer } from "../../core/domain/schemas/offer";
import { colomboToday } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import type { LeadsTable, LenderDecisionsTable } from "../storage/schema";
import {
  type ApprovedAnswer,
  type DecisionRequest,
  LENDER_API_FIELDS,
  type LenderApiField,
} from "./decision-api";
import { signingSecrets } from "./lender-secrets";

/**
 * Lenders' decisions in storage (issue 15, migration 0013): which lenders
 * an application is sent to (and the row that counts it against the daily
 * cap), what each answered, and what the offers page, its API and the
 * click-out read back. The HTTP side is decision-network.ts.
 */

/**
 * A `waiting` row this long past its deadline is shown as failed: the
 * instance that asked has gone (a crash) and will never record an answer.
 * The instance that asks records its timeouts at the deadline itself.
 */
export const STALE_AFTER_DEADLINE_MS = 500;

/** A decision's answer columns before its lender answers: all empty (SPEC §7's fields). */
export const NO_ANSWER = {
  offer_id: null,
  amount: null,
  term_days: null,
  terms: null,
  expires_at: null,
  apply_url: null,
  reason: null,
  error: null,
  broken_rule: null,
} as const;

/** How long after the deadline a pending lender may still call back with its decision. */
export const CALLBACK_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One lender to ask: where, with what, and how to sign it. */
export interface DecisionTarget {
  decisionId: string;
  leadId: string;
  lenderId: string;
  url: string;
  /** What signs X-Signature: the live secret, or the old one during a rotation's grace. */
  secret: string;
  /** During a rotation's grace, the new secret: it signs X-Signature-Next (decision 0412). */
  nextSecret?: string | undefined;
  /** A sandbox lender (lenders.sandbox = 1): its URL may be on loopback outside production. */
  sandbox: boolean;
  /** Every product of the lender: an approval must name one of them and stay inside it. */
  products: PublishedProduct[];
  askedAmount: number;
  /** This lender's deadline: its own (decision 0351), at most the server's; from the verification. */
  deadlineMs: number;
  deadline: Date;
  /** Requests in flight to it at once; null: the server's LENDER_CONCURRENCY. */
  concurrency: number | null;
  request: DecisionRequest;
}

export interface BeginOptions {
  leadId: string;
  /** The language the applicant applied in: the consent's words are sent in it. */
  locale: Locale;
  now: Date;
  /** LENDER_DEADLINE_MS: the longest any lender is waited for (a lender's own may be shorter). */
  deadlineMs: number;
  callbackUrl: string;
  /** The consent to share with lenders, as the application page showed it. */
  consentText: (locale: Locale) => string;
  /** Whether sandbox lenders are asked: outside production only, whatever storage holds. */
  withSandbox: boolean;
  /**
   * The day's odds of the lenders asked (server/offers/approval-odds.ts
   * approvalOddsFor, given by server/app.ts and server/start.ts: lenders do
   * not import offers, 0393), kept on each decision as predicted_permille
   * for the back office's calibration; without it none is kept.
   */
  approvalOdds?: ApprovalOddsLookup | undefined;
}

/** Each lender's odds for a profile, in one read; a lender missing has none (below 30 answers). */
export type ApprovalOddsLookup = (
  profile: EligibilityProfile,
  lenderIds: readonly string[],
) => Promise<ReadonlyMap<string, Pick<OddsEstimate, "share">>>;

interface ProductRow {
  lender_id: string;
  offer_id: number;
  offer: string;
}

type StoredProduct = PublishedProduct & Pick<Offer, "criteria">;

/**
 * The product's id, ranges, price and criteria, read from its stored JSON
 * (core/domain/schemas/offer.ts); undefined for a row that does not hold them.
 */
export function productOf(row: Pick<ProductRow, "offer_id" | "offer">): StoredProduct | undefined {
  try {
    const offer = JSON.parse(row.offer) as Partial<StoredProduct>;
    return offer.amount && offer.termDays && offer.criteria && offer.terms
      ? {
          offer_id: row.offer_id,
          amount: offer.amount,
          termDays: offer.termDays,
          terms: offer.terms,
          criteria: offer.criteria,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function sharePermilleOf(odds: Pick<OddsEstimate, "share"> | undefined): number | null {
  return odds ? sharePermille(odds.share) : null;
}

/** Midnight in Colombo, as an ISO instant: where a daily cap's day starts. */
function startOfColomboDay(now: Date): string {
  return new Date(`${colomboToday(now)}T00:00:00+05:30`).toISOString();
}

function listedFields(json: string | null): Set<LenderApiField> {
  if (!json) return new Set();
  try {
    const list = JSON.parse(json) as unknown;
    return new Set(
      Array.isArray(list)
        ? LENDER_API_FIELDS.filter((field) => (list as unknown[]).includes(field))
        : [],
    );
  } catch {
    return new Set();
  }
}

/** The lead's columns a decision request is built from (opened: decision 0335). */
export type SentLead = Pick<
  LeadsTable,
  | "amount"
  | "term_days"
  | "purpose"
  | "full_name"
  | "nic"
  | "birth_date"
  | "age"
  | "phone"
  | "email"
  | "monthly_income"
  | "employment"
  | "bank"
  | "district"
>;

/**
 * The application's part of the decision request a lender is sent: the loan,
 * and of the applicant only the fields the lender lists (its api_fields),
 * those the lead holds. The one place that choice is made: the request
 * (beginDecisions) and the lender portal's decision log (decision 0406).
 */
export function applicationSent(
  lead: SentLead,
  apiFields: string | null,
): Pick<DecisionRequest, "loan" | "applicant"> {
  const everything: Record<LenderApiField, unknown> = {
    fullName: lead.full_name,
    nic: lead.nic,
    birthDate: lead.birth_date,
    age: lead.age,
    phone: lead.phone,
    email: lead.email,
    monthlyIncome: lead.monthly_income,
    employment: lead.employment,
    bank: lead.bank,
    district: lead.district,
  };
  const fields = listedFields(apiFields);
  return {
    loan: {
      amount: lead.amount,
      termDays: lead.term_days,
      purpose: lead.purpose as DecisionRequest["loan"]["purpose"],
    },
    applicant: Object.fromEntries(
      LENDER_API_FIELDS.filter((field) => fields.has(field) && everything[field] !== null).map(
        (field) => [field, everything[field]],
      ),
    ) as DecisionRequest["applicant"],
  };
}

/**
 * After a lead is verified: the live `api` lenders whose products admit
 * the application (amount, term, age, income, employment) and that are
 * under their daily lead cap, each with a `waiting` row written now (one
 * transaction; on PostgreSQL each lender's cap under its advisory lock, so
 * two instances cannot both take its last lead). Answers what to send; a
 * lead already sent (a second call) gets nothing new.
 */
export async function beginDecisions(
  storage: Storage,
  options: BeginOptions,
): Promise<DecisionTarget[]> {
  const { leadId, locale, now, deadlineMs, callbackUrl } = options;
  const sealed = await storage.db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .where("verified_at", "is not", null)
    .where("repeat_of", "is", null)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  if (!sealed) return [];
  // The applicant's fields, opened with the lead's data key (decision 0335).
  const [lead] = await storage.keys.openRows(storage.db, "leads", [sealed]);
  if (!lead) return [];
  let lenderQuery = storage.db
    .selectFrom("lenders")
    .select([
      "id",
      "api_url",
      "api_secret",
      "api_secret_previous",
      "api_secret_previous_until",
      "api_fields",
      "api_concurrency",
      "api_deadline_ms",
      "daily_lead_cap",
      "sandbox",
    ])
    .where("status", "=", "live")
    .where("decision_mode", "=", "api")
    .where("api_url", "is not", null)
    .where("api_secret", "is not", null);
  if (!options.withSandbox) lenderQuery = lenderQuery.where("sandbox", "=", 0);
  const lenders = await lenderQuery.orderBy("id").execute();
  if (lenders.length === 0) return [];
  const products = await storage.db
    .selectFrom("lender_products")
    .select(["lender_id", "offer_id", "offer"])
    .where(
      "lender_id",
      "in",
      lenders.map((lender) => lender.id),
    )
    .orderBy("position")
    .execute();
  const profile = {
    amount: lead.amount,
    termDays: lead.term_days,
    age: lead.age,
    monthlyIncome: lead.monthly_income,
    employment: lead.employment,
  };
  const consent = {
    shareWithLenders: true as const,
    text: options.consentText(locale),
    language: locale,
    givenAt: lead.created_at,
  };
  const candidates = lenders.flatMap((lender) => {
    const own = products
      .filter((product) => product.lender_id === lender.id)
      .flatMap((row) => productOf(row) ?? []);
    const admitting = own.filter((product) => offerMatchesLead(product, profile));
    // The old secret signs while its grace lasts, the new one beside it (decision 0412).
    const signing = signingSecrets(lender, now);
    if (admitting.length === 0 || !lender.api_url || !signing) return [];
    const sent = applicationSent(lead, lender.api_fields);
    const decisionId = newOpaqueId();
    const ownDeadlineMs = lenderDeadlineMs(lender.api_deadline_ms, deadlineMs);
    const deadline = new Date(now.getTime() + ownDeadlineMs);
    const target: DecisionTarget = {
      decisionId,
      leadId,
      lenderId: lender.id,
      url: lender.api_url,
      secret: signing.secret,
      ...(signing.next !== undefined && { nextSecret: signing.next }),
      sandbox: lender.sandbox === 1,
      products: own,
      askedAmount: lead.amount,
      deadlineMs: ownDeadlineMs,
      deadline,
      concurrency: lender.api_concurrency,
      request: {
        decisionId,
        lenderId: lender.id,
        sentAt: now.toISOString(),
        answerBy: deadline.toISOString(),
        callbackUrl,
        loan: sent.loan,
        productIds: admitting.map((product) => product.offer_id),
        applicant: sent.applicant,
        consent,
      },
    };
    return [{ target, cap: lender.daily_lead_cap }];
  });
  if (candidates.length === 0) return [];
  // The odds the applicant's bucket had with each lender asked, as the day's count gives them.
  const oddsProfile = oddsProfileOf(profile);
  const odds =
    options.approvalOdds && oddsProfile
      ? await options.approvalOdds(
          oddsProfile,
          candidates.map(({ target }) => target.lenderId),
        )
      : new Map<string, Pick<OddsEstimate, "share">>();

  const dayStart = startOfColomboDay(now);
  return storage.db.transaction().execute(async (trx) => {
    const sent: DecisionTarget[] = [];
    for (const { target, cap } of candidates) {
      if (cap !== null) {
        if (storage.engine === "postgres") {
          await sql`select pg_advisory_xact_lock(hashtext(${`lender-cap:${target.lenderId}`}))`.execute(
            trx,
          );
        }
        const { count } = await trx
          .selectFrom("lender_decisions")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("lender_id", "=", target.lenderId)
          .where("asked_at", ">=", dayStart)
          .executeTakeFirstOrThrow();
        if (Number(count) >= cap) continue;
      }
      const inserted = await trx
        .insertInto("lender_decisions")
        .values({
          decision_id: target.decisionId,
          lead_id: leadId,
          lender_id: target.lenderId,
          status: "waiting",
          ...NO_ANSWER,
          attempts: 0,
          latency_ms: null,
          asked_at: now.toISOString(),
          deadline_at: target.deadline.toISOString(),
          // What the lender's decision log may show of this application (decision 0407).
          sent_fields: JSON.stringify(Object.keys(target.request.applicant)),
          // Null: no odds were shown for this lender and bucket (fewer than 30 answers).
          predicted_permille: sharePermilleOf(odds.get(target.lenderId)),
          answered_at: null,
          decided_at: null,
        })
        .onConflict((conflict) => conflict.columns(["lead_id", "lender_id"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) sent.push(target);
    }
    return sent;
  });
}

/** What became of one request to a lender, as recorded. */
export type DecisionResult =
  | { status: "approved"; answer: ApprovedAnswer }
  | { status: "declined"; reason: string }
  | { status: "pending" }
  | {
      status: "failed";
      error: string;
      /** With error `invalid_answer` for a refused approval: the rule it broke. */
      rule?: ApprovalRule | undefined;
    };

/** The columns a result sets: the approval's loan and terms, the reason, or the error. */
function resultColumns(result: DecisionResult, at: string): Partial<LenderDecisionsTable> {
  switch (result.status) {
    case "approved": {
      const { answer } = result;
      return {
        status: "approved",
        offer_id: answer.offerId,
        amount: answer.amount,
        term_days: answer.termDays,
        terms: JSON.stringify(answer.terms),
        expires_at: new Date(answer.expiresAt).toISOString(),
        apply_url: answer.applyUrl,
        decided_at: at,
      };
    }
    case "declined":
      return { status: "declined", reason: result.reason, decided_at: at };
    case "pending":
      return { status: "pending" };
    case "failed":
      return { status: "failed", error: result.error, broken_rule: result.rule ?? null };
  }
}

/** What a request to a lender came to, and its figures: one row's update. */
export interface DecisionRecord {
  decisionId: string;
  result: DecisionResult;
  details: { attempts: number; latencyMs: number; at: Date };
}

/**
 * Records lenders' answers in one transaction (decision 0352): a burst's
 * answers, which come together, are one commit (on SQLite one sync to
 * disk) rather than one each. Answers, in order, whether each changed its
 * row (recordDecision).
 */
export async function recordDecisions(
  storage: Storage,
  records: readonly DecisionRecord[],
): Promise<boolean[]> {
  if (records.length === 0) return [];
  return storage.db.transaction().execute(async (trx) => {
    const changed: boolean[] = [];
    for (const { decisionId, result, details } of records) {
      changed.push(await recordDecision({ db: trx }, decisionId, result, details));
    }
    return changed;
  });
}

/**
 * Records a lender's answer to our request (or why there is none): only
 * while the row still waits, so a callback that came first stands.
 * Answers whether it changed the row.
 */
export async function recordDecision(
  storage: Pick<Storage, "db">,
  decisionId: string,
  result: DecisionResult,
  details: { attempts: number; latencyMs: number; at: Date },
): Promise<boolean> {
  const at = details.at.toISOString();
  const updated = await storage.db
    .updateTable("lender_decisions")
    .set({
      ...resultColumns(result, at),
      attempts: details.attempts,
      latency_ms: Math.round(details.latencyMs),
      answered_at: at,
    })
    .where("decision_id", "=", decisionId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A stored decision as a callback sees it: whose it is and where it stands. */
export async function findDecision(storage: Storage, decisionId: string) {
  return storage.db
    .selectFrom("lender_decisions")
    .innerJoin("leads", "leads.id", "lender_decisions.lead_id")
    .leftJoin("lenders", "lenders.id", "lender_decisions.lender_id")
    .select([
      "lender_decisions.decision_id",
      "lender_decisions.lead_id",
      "lender_decisions.lender_id",
      "lender_decisions.status",
      "lender_decisions.offer_id",
      "lender_decisions.amount",
      "lender_decisions.reason",
      "lender_decisions.deadline_at",
      "leads.amount as asked_amount",
      "lenders.api_secret",
      "lenders.api_secret_previous",
      "lenders.api_secret_previous_until",
      "lenders.sandbox",
    ])
    .where("lender_decisions.decision_id", "=", decisionId)
    .executeTakeFirst();
}

export type CallbackOutcome =
  | { kind: "recorded"; duplicate: boolean; late: boolean; leadId: string }
  | { kind: "conflict"; status: string }
  | { kind: "closed" };

/**
 * A pending lender's decision, by callback: taken while the row waits or
 * is pending, up to CALLBACK_WINDOW_MS after the deadline (a late one is
 * recorded too: the applicant sees it on the offers page later). The same
 * decision again is a duplicate; a different one after a decision, a conflict.
 * An approval refused by its checks is recorded as `failed` like a direct
 * answer's, and ends the decision.
 */
export async function recordCallback(
  storage: Storage,
  decisionId: string,
  result: Extract<DecisionResult, { status: "approved" | "declined" | "failed" }>,
  now: Date,
): Promise<CallbackOutcome> {
  const row = await findDecision(storage, decisionId);
  if (!row) return { kind: "closed" };
  const late = now.getTime() > Date.parse(row.deadline_at);
  if (row.status === "approved" || row.status === "declined") {
    const same =
      row.status === result.status &&
      (result.status === "approved"
        ? row.offer_id === result.answer.offerId && row.amount === result.answer.amount
        : row.reason === result.reason);
    return same
      ? { kind: "recorded", duplicate: true, late, leadId: row.lead_id }
      : { kind: "conflict", status: row.status };
  }
  if (row.status === "failed") return { kind: "conflict", status: row.status };
  if (now.getTime() > Date.parse(row.deadline_at) + CALLBACK_WINDOW_MS) return { kind: "closed" };
  const at = now.toISOString();
  const updated = await storage.db
    .updateTable("lender_decisions")
    .set(resultColumns(result, at))
    .where("decision_id", "=", decisionId)
    .where("status", "in", ["waiting", "pending"])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return recordCallback(storage, decisionId, result, now);
  return { kind: "recorded", duplicate: false, late, leadId: row.lead_id };
}

function termsOf(json: string | null): LoanTerms | undefined {
  if (!json) return undefined;
  try {
    const parsed = loanTermsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An application's decisions so far (core/domain/decisions.ts), from storage, so
 * that any instance shows what another recorded. A row still waiting past
 * its deadline (and STALE_AFTER_DEADLINE_MS) shows as failed. Complete
 * when no lender is waiting and, before the deadline, none is pending
 * either: a pending lender may still call back in time.
 */
export async function readApplicationDecisions(
  storage: Storage,
  leadId: string,
  now: Date,
): Promise<ApplicationDecisions> {
  const rows = await storage.db
    .selectFrom("lender_decisions")
    .select([
      "lender_id",
      "status",
      "offer_id",
      "amount",
      "term_days",
      "terms",
      "expires_at",
      "deadline_at",
    ])
    .where("lead_id", "=", leadId)
    .orderBy("lender_id")
    .execute();
  if (rows.length === 0) {
    return { asked: 0, answered: 0, deadline: now.toISOString(), complete: true, decisions: [] };
  }
  // The page waits for the latest: a lender's own deadline may be shorter than others' (0351).
  const deadline =
    rows
      .map((row) => row.deadline_at)
      .sort()
      .at(-1) ?? now.toISOString();
  const pastDeadline = now.getTime() >= Date.parse(deadline);
  const decisions: LenderDecision[] = rows.map((row) => {
    let status = row.status as DecisionStatus;
    if (
      status === "waiting" &&
      now.getTime() >= Date.parse(row.deadline_at) + STALE_AFTER_DEADLINE_MS
    ) {
      status = "failed";
    }
    const terms = termsOf(row.terms);
    const offer: ApprovedOffer | undefined =
      status === "approved" &&
      terms &&
      row.offer_id !== null &&
      row.amount !== null &&
      row.term_days !== null &&
      row.expires_at !== null
        ? {
            offerId: row.offer_id,
            amount: row.amount,
            termDays: row.term_days,
            terms,
            expiresAt: row.expires_at,
          }
        : undefined;
    return { lenderId: row.lender_id, status, ...(offer ? { offer } : {}) };
  });
  const waiting = decisions.filter((decision) => decision.status === "waiting").length;
  const pending = decisions.filter((decision) => decision.status === "pending").length;
  return {
    asked: decisions.length,
    answered: decisions.length - waiting,
    deadline,
    complete: waiting === 0 && (pending === 0 || pastDeadline),
    decisions,
  };
}

/** A lead's approval for an offer that has not lapsed: where to send the applicant. */
export async function approvalFor(
  storage: Storage,
  leadId: string,
  offerId: number,
  now: Date,
): Promise<{ applyUrl: string; lenderId: string } | undefined> {
  const row = await storage.db
    .selectFrom("lender_decisions")
    .select(["apply_url", "lender_id"])
    .where("lead_id", "=", leadId)
    .where("offer_id", "=", offerId)
    .where("status", "=", "approved")
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.apply_url ? { applyUrl: row.apply_url, lenderId: row.lender_id } : undefined;
}

/** A lead's approvals in force, as offer ids, in the order they came. */
export async function approvedOfferIds(
  storage: Storage,
  leadId: string,
  now: Date,
): Promise<number[]> {
  const rows = await storage.db
    .selectFrom("lender_decisions")
    .select("offer_id")
    .where("lead_id", "=", leadId)
    .where("status", "=", "approved")
    .where("expires_at", ">", now.toISOString())
    .orderBy("decided_at")
    .orderBy("lender_id")
    .execute();
  const ids: number[] = [];
  for (const { offer_id: id } of rows) if (id !== null && !ids.includes(id)) ids.push(id);
  return ids;
}

/** The live lenders that decide through their API: their products are offered only as approvals. */
export async function apiLenderIds(storage: Storage): Promise<Set<string>> {
  const rows = await storage.db
    .selectFrom("lenders")
    .select("id")
    .where("decision_mode", "=", "api")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Every product of a lender, as published: an approval must name one and stay inside it. */
export async function lenderProducts(
  storage: Storage,
  lenderId: string,
): Promise<PublishedProduct[]> {
  const rows = await storage.db
    .selectFrom("lender_products")
    .select(["offer_id", "offer"])
    .where("lender_id", "=", lenderId)
    .orderBy("position")
    .execute();
  return rows.flatMap((row) => productOf(row) ?? []);
}
