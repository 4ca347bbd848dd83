import type { SavedApplication } from "../../core/views/site-contract";
import type { Storage } from "../storage/database";
import { isOpaqueId } from "../storage/opaque-ids";

/**
 * How long after applying the application form starts from the visitor's
 * answers (decision 0196): long enough to go back from the offers, or to
 * follow "Edit my application", in the same sitting; short enough that the
 * next person to pick up a shared phone does not find them in the form.
 */
export const SAVED_APPLICATION_TTL_MS = 60 * 60 * 1000;

/**
 * The cookie "Start again" sets (by script, in the browser): the time the
 * application it empties was made (SavedApplication's appliedAt), in
 * milliseconds. Applications made until then are not offered to the form
 * again. No personal data: a time, for an hour.
 */
export const APPLICATION_RESET_COOKIE = "application_reset";

/**
 * The answers of the verified lead the lead cookie names, as its applicant
 * typed them, when it was made after `since` (and after the visitor's
 * "Start again"); undefined otherwise, for an unknown, unverified, repeated
 * or erased lead. Only the application page asks, and its response is not
 * stored (Cache-Control: no-store).
 */
export async function savedApplicationOf(
  storage: Storage,
  leadId: string,
  now: Date,
  resetAt?: number | undefined,
): Promise<SavedApplication | undefined> {
  if (!isOpaqueId(leadId)) return undefined;
  const since = Math.max(
    now.getTime() - SAVED_APPLICATION_TTL_MS,
    resetAt !== undefined && Number.isFinite(resetAt) ? resetAt : 0,
  );
  const sealed = await storage.db
    .selectFrom("leads")
    .select([
      "key_id",
      "created_at",
      "amount",
      "term_days",
      "purpose",
      "full_name",
      "nic",
      "birth_date",
      "phone",
      "email",
      "monthly_income",
      "employment",
      "bank",
      "district",
    ])
    .where("id", "=", leadId)
    .where("verified_at", "is not", null)
    .where("repeat_of", "is", null)
    .where("erased_at", "is", null)
    .where("created_at", ">", new Date(since).toISOString())
    .executeTakeFirst();
  if (!sealed) return undefined;
  const [row] = await storage.keys.openRows(storage.db, "leads", [sealed]);
  if (!row?.full_name || !row.nic || !row.birth_date || !row.phone || !row.email) return undefined;
  return {
    appliedAt: row.created_at,
    amount: row.amount,
    termDays: row.term_days,
    purpose: row.purpose,
    fullName: row.full_name,
    nic: row.nic,
    birthDate: row.birth_date,
    phone: row.phone,
    email: row.email,
    monthlyIncome: row.monthly_income,
    employment: row.employment,
    bank: row.bank,
    district: row.district,
  };
}
