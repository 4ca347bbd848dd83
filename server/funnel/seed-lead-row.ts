import type { Insertable } from "kysely";
import type { LeadsTable } from "../storage/schema";

/**
 * A lead's row as the funnel's seeds write it (its tests and the bench):
 * Rs. 50,000 over 91 days, nothing personal, unverified, without partner,
 * what `extra` says besides.
 */
export function seedLeadRow(
  id: string,
  createdAt: string,
  extra: Partial<Insertable<LeadsTable>> = {},
): Insertable<LeadsTable> {
  return {
    id,
    created_at: createdAt,
    dedupe_key: null,
    status: "new",
    amount: 50_000,
    term_days: 91,
    purpose: "medical",
    employment: "salaried",
    bank: "boc",
    district: "colombo",
    monthly_income: 90_000,
    age: 30,
    consent_marketing: 0,
    attribution: "{}",
    offer_ids: "[]",
    full_name: null,
    nic: null,
    birth_date: null,
    phone: null,
    email: null,
    erased_at: null,
    promo_code: null,
    experiment_flow: null,
    lead_form: null,
    partner_id: null,
    verified_at: null,
    repeat_of: null,
    via: null,
    channel: null,
    page_domain: null,
    ...extra,
  };
}
