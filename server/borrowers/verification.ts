import { DEFAULT_LOCALE, isLocale, type Locale } from "../../core/locale";
import type { PendingVerification } from "../../core/views/site-contract";
import type { Storage } from "../storage/database";
import { isOpaqueId } from "../storage/opaque-ids";
import type { LeadVerificationsTable, VerificationVia } from "../storage/schema";
import { sweepIdempotencyKeys } from "./idempotency";
import { lockApplicant, verifiedLeadOf } from "./leads";
import {
  CODE_TTL_MS,
  codeHash,
  MAX_TRIES,
  newCode,
  resendWaitMs,
  sameHash,
  type VerificationState,
  verificationState,
} from "./one-time-codes";

/**
 * Verifying an applicant (issue 14): a lead stays unverified until the
 * code sent to its phone comes back, and is deleted 24 hours after it was
 * made if it never does. Codes of leads made on our pages are entered
 * there; codes of the partner API's leads only through the partner API,
 * by the partner that made them.
 */

/** How long an unverified lead (and everything it holds) is kept. */
export const UNVERIFIED_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * What starts lenders' decisions on a newly verified lead (issue 15:
 * server/lenders/decision-network.ts), called by the routes that verify.
 */
export interface LenderDecisionsStarter {
  begin(leadId: string, locale: Locale): Promise<number>;
}

/** Who may enter or ask again for a lead's code. */
export type VerificationScope = { via: "site" } | { via: "partner_api"; partnerId: string };

export type VerifyOutcome =
  | {
      kind: "verified";
      /** The lead the applicant now holds: theirs, or the earlier one a repeat joined. */
      leadId: string;
      /** True when a repeat joined an earlier verified lead (a partner is not paid twice). */
      joined: boolean;
      /** The e-mail typed in this application, for the confirmation. */
      email: string | null;
      locale: Locale;
    }
  | { kind: "wrong_code"; verification: VerificationState }
  | { kind: "too_many_tries"; verification: VerificationState }
  | { kind: "code_expired"; verification: VerificationState }
  | { kind: "already_verified" }
  | { kind: "unknown" };

export type ResendOutcome =
  | { kind: "sent"; code: string; phone: string; locale: Locale; verification: VerificationState }
  | { kind: "too_soon"; verification: VerificationState }
  /** A send limit said no (and answered). */
  | { kind: "limited" }
  | { kind: "already_verified" }
  | { kind: "unknown" };

/** A pending code and its lead's phone, still sealed (only a resend opens it). */
type Pending = LeadVerificationsTable & { phone: string | null; key_id: string | null };

type Found = { kind: "pending"; row: Pending } | { kind: "already_verified" } | { kind: "unknown" };

/** A lead's pending code as this scope may see it. */
async function findPending(
  storage: Storage,
  leadId: string,
  scope: VerificationScope,
  now: Date,
): Promise<Found> {
  if (!isOpaqueId(leadId)) return { kind: "unknown" };
  let query = storage.db
    .selectFrom("leads")
    .leftJoin("lead_verifications", "lead_verifications.lead_id", "leads.id")
    .select([
      "leads.verified_at",
      "leads.created_at as lead_created_at",
      "leads.phone",
      "leads.key_id",
      "lead_verifications.lead_id",
      "lead_verifications.via",
      "lead_verifications.locale",
      "lead_verifications.code_hash",
      "lead_verifications.expires_at",
      "lead_verifications.tries",
      "lead_verifications.sends",
      "lead_verifications.resend_at",
      "lead_verifications.created_at",
    ])
    .where("leads.id", "=", leadId);
  // A partner sees its own leads only; another's answer as unknown ones do.
  if (scope.via === "partner_api") query = query.where("leads.partner_id", "=", scope.partnerId);
  const row = await query.executeTakeFirst();
  if (!row) return { kind: "unknown" };
  if (row.verified_at !== null) return { kind: "already_verified" };
  const expired = Date.parse(row.lead_created_at) + UNVERIFIED_RETENTION_MS <= now.getTime();
  if (
    expired ||
    row.lead_id === null ||
    row.via !== scope.via ||
    row.code_hash === null ||
    row.expires_at === null ||
    row.resend_at === null ||
    row.created_at === null ||
    row.locale === null
  ) {
    return { kind: "unknown" };
  }
  return {
    kind: "pending",
    row: {
      lead_id: row.lead_id,
      via: row.via as VerificationVia,
      locale: row.locale,
      code_hash: row.code_hash,
      expires_at: row.expires_at,
      tries: Number(row.tries),
      sends: Number(row.sends),
      resend_at: row.resend_at,
      created_at: row.created_at,
      phone: row.phone,
      key_id: row.key_id,
    },
  };
}

/** The code state the offers page shows a visitor whose application waits for its code. */
export async function pendingVerificationOf(
  storage: Storage,
  leadId: string,
  now: Date = new Date(),
): Promise<PendingVerification | undefined> {
  const found = await findPending(storage, leadId, { via: "site" }, now);
  if (found.kind !== "pending") return undefined;
  const { expiresAt, resendAt, triesLeft } = verificationState(found.row);
  return { leadId, expiresAt, resendAt, triesLeft };
}

/**
 * Checks a code. Five tries per code, each reserved before the comparison
 * so that parallel guesses cannot take more; a code past its ten minutes
 * is expired whatever is typed. The right code verifies the lead (or
 * joins the repeated one) and the code is gone.
 */
export async function verifyCode(
  storage: Storage,
  leadId: string,
  code: string,
  scope: VerificationScope,
  now: Date = new Date(),
): Promise<VerifyOutcome> {
  const found = await findPending(storage, leadId, scope, now);
  if (found.kind !== "pending") return found;
  const { row } = found;
  if (Date.parse(row.expires_at) <= now.getTime()) {
    return { kind: "code_expired", verification: verificationState(row) };
  }
  if (row.tries >= MAX_TRIES) {
    return { kind: "too_many_tries", verification: verificationState(row) };
  }
  const reserved = await storage.db
    .updateTable("lead_verifications")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("lead_id", "=", leadId)
    .where("code_hash", "=", row.code_hash)
    .where("tries", "<", MAX_TRIES)
    .returning("tries")
    .executeTakeFirst();
  if (!reserved) {
    // Used up by a parallel guess, or replaced by a new code meanwhile.
    const again = await findPending(storage, leadId, scope, now);
    if (again.kind !== "pending") return again;
    return {
      kind: again.row.tries >= MAX_TRIES ? "too_many_tries" : "wrong_code",
      verification: verificationState(again.row),
    };
  }
  const key = await storage.keys.hashKey();
  if (!sameHash(codeHash(key, leadId, code), row.code_hash)) {
    const state = verificationState({ ...row, tries: Number(reserved.tries) });
    return { kind: state.triesLeft > 0 ? "wrong_code" : "too_many_tries", verification: state };
  }
  return completeVerification(
    storage,
    leadId,
    isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    now,
  );
}

/**
 * Marks a lead verified, in one transaction under the applicant's lock. A
 * repeat joins the verified lead it repeats (or, if that one is gone, any
 * verified lead of the same NIC and phone made within a day, which also
 * catches two applications verified one after the other): the repeat
 * keeps nothing personal and is not a lead in its own right.
 */
async function completeVerification(
  storage: Storage,
  leadId: string,
  locale: Locale,
  now: Date,
): Promise<VerifyOutcome> {
  return storage.db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "dedupe_key", "repeat_of", "email", "key_id", "verified_at", "created_at"])
      .where("id", "=", leadId)
      .executeTakeFirst()
      .then(async (row) => row && (await storage.keys.openRows(trx, "leads", [row]))[0]);
    if (!lead) return { kind: "unknown" } as const;
    if (lead.verified_at !== null) return { kind: "already_verified" } as const;
    if (lead.dedupe_key) {
      await lockApplicant(trx, storage.engine, lead.dedupe_key);
      // The same code sent twice at once (a double submit, two instances): the other verified
      // it while this waited for the lock. Read before the lock, this lead would be found as
      // the verified lead it repeats, and made a repeat of itself (decision 0285).
      const after = await trx
        .selectFrom("leads")
        .select("verified_at")
        .where("id", "=", leadId)
        .executeTakeFirst();
      if (!after) return { kind: "unknown" } as const;
      if (after.verified_at !== null) return { kind: "already_verified" } as const;
    }
    const repeated = lead.repeat_of
      ? await trx
          .selectFrom("leads")
          .select("id")
          .where("id", "=", lead.repeat_of)
          .where("verified_at", "is not", null)
          .where("repeat_of", "is", null)
          .where("erased_at", "is", null)
          .executeTakeFirst()
      : undefined;
    const target =
      repeated ??
      (lead.dedupe_key ? await verifiedLeadOf(storage, trx, lead.dedupe_key, now) : undefined);
    const verifiedAt = now.toISOString();
    if (target) {
      await trx
        .updateTable("leads")
        .set({
          verified_at: verifiedAt,
          repeat_of: target.id,
          dedupe_key: null,
          full_name: null,
          nic: null,
          birth_date: null,
          phone: null,
          email: null,
          key_id: null,
          phone_hash: null,
          email_hash: null,
        })
        .where("id", "=", leadId)
        .execute();
      // Its own copy of the applicant's data is gone: so is the key that sealed it.
      await storage.keys.destroy(trx, [lead.key_id]);
    } else {
      await trx
        .updateTable("leads")
        .set({ verified_at: verifiedAt, repeat_of: null })
        .where("id", "=", leadId)
        .execute();
    }
    await trx.deleteFrom("lead_verifications").where("lead_id", "=", leadId).execute();
    return {
      kind: "verified",
      leadId: target?.id ?? leadId,
      joined: target !== undefined,
      email: lead.email,
      locale,
    } as const;
  });
}

/**
 * A new code for a lead, once its wait is over and the send limits
 * (`mayProceed`, which answers the request itself when it says no) allow
 * it. The new code replaces the old one, with five tries of its own; the
 * wait before the next doubles.
 */
export async function resendCode(
  storage: Storage,
  leadId: string,
  scope: VerificationScope,
  mayProceed: (phone: string) => Promise<boolean>,
  now: Date = new Date(),
): Promise<ResendOutcome> {
  const found = await findPending(storage, leadId, scope, now);
  if (found.kind !== "pending") return found;
  const { row } = found;
  if (Date.parse(row.resend_at) > now.getTime()) {
    return { kind: "too_soon", verification: verificationState(row) };
  }
  const [lead] = await storage.keys.openRows(storage.db, "leads", [row]);
  const phone = lead?.phone;
  if (!phone) return { kind: "unknown" };
  if (!(await mayProceed(phone))) return { kind: "limited" };
  const code = newCode();
  const key = await storage.keys.hashKey();
  const sends = row.sends + 1;
  const next = {
    code_hash: codeHash(key, leadId, code),
    expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    tries: 0,
    sends,
    resend_at: new Date(now.getTime() + resendWaitMs(sends)).toISOString(),
  };
  // Only if no parallel resend got there first: one code per wait.
  const updated = await storage.db
    .updateTable("lead_verifications")
    .set(next)
    .where("lead_id", "=", leadId)
    .where("resend_at", "=", row.resend_at)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const again = await findPending(storage, leadId, scope, now);
    if (again.kind !== "pending") return again;
    return { kind: "too_soon", verification: verificationState(again.row) };
  }
  return {
    kind: "sent",
    code,
    phone,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    verification: verificationState(next),
  };
}

/** After a code could not be sent: the applicant may ask again at once (the send limits still hold). */
export async function allowResendNow(storage: Storage, leadId: string, now: Date): Promise<void> {
  await storage.db
    .updateTable("lead_verifications")
    .set({ resend_at: now.toISOString() })
    .where("lead_id", "=", leadId)
    .execute();
}

/**
 * Deletes the leads left unverified for UNVERIFIED_RETENTION_MS, with
 * everything they hold (their codes go with them), and the landing tokens
 * and idempotency keys past their expiry; purges storage when a lead went.
 * Run by start.ts.
 */
export async function sweepUnverifiedLeads(
  storage: Storage,
  now: Date = new Date(),
): Promise<{ leads: number; tokens: number }> {
  const cutoff = new Date(now.getTime() - UNVERIFIED_RETENTION_MS).toISOString();
  const leads = await storage.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("leads")
      .where("verified_at", "is", null)
      .where("created_at", "<=", cutoff)
      .returning("key_id")
      .execute();
    await storage.keys.destroy(
      trx,
      deleted.map((row) => row.key_id),
    );
    return deleted.length;
  });
  const tokens = await storage.db
    .deleteFrom("landing_tokens")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  await sweepIdempotencyKeys(storage, now);
  const counts = { leads, tokens: Number(tokens.numDeletedRows) };
  if (counts.leads > 0) await storage.purge();
  return counts;
}
