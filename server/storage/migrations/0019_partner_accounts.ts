import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * The partner portal's accounts (issue 18, decision 0211): who signs in to
 * the portal, what they told us at sign-up, their one-time e-mail links
 * (verification, claim, reset) and their sessions, each link and session
 * stored as the SHA-256 of what the partner holds. An account becomes a
 * partner (partners.id) once its e-mail is verified; the partner is active
 * once an operator approves it.
 */
export async function up(db: Kysely<unknown>, { text, bigint, timestamp }: Columns) {
  const account = text.notNull.references("partner_accounts.id");
  await createTable(db, "partner_accounts", {
    id: text.primaryKey,
    // Lower case; the sign-in name and where the links go.
    email: text.notNull.unique,
    // The partner the account is: null until the e-mail is verified.
    partner_id: text.unique,
    // argon2id (PHC string); null for a CLI partner until it claims the account.
    password_hash: text,
    // company | person
    kind: text.notNull,
    name: text.notNull,
    website: text.notNull,
    traffic_sources: text.notNull,
    // JSON array of country codes (SPEC §1).
    countries: text.notNull,
    // wire | stablecoin | ewallet | paypal, and the account to pay to (free text); a partner
    // made by the command line that claims its account has none ("" details, [] countries).
    payout_method: text,
    payout_details: text.notNull,
    locale: text.notNull,
    terms_accepted_at: timestamp,
    email_verified_at: timestamp,
    // The optional second factor: base32 secret once on, the pending one while the partner
    // scans it, and the last time step accepted (a code is never accepted twice).
    totp_secret: text,
    totp_pending_secret: text,
    totp_last_step: bigint,
    created_at: timestamp.notNull,
    updated_at: timestamp.notNull,
  });

  await createTable(db, "partner_account_links", {
    // SHA-256 of the link's token: the token is only in the e-mail.
    token_hash: text.primaryKey,
    account_id: account,
    // verify | claim | reset
    purpose: text.notNull,
    created_at: timestamp.notNull,
    expires_at: timestamp.notNull,
  });
  await createIndexes(db, "partner_account_links", {
    partner_account_links_account: ["account_id"],
  });

  await createTable(db, "partner_sessions", {
    // SHA-256 of the cookie's token.
    token_hash: text.primaryKey,
    account_id: account,
    // second_factor: the password was right, the code is awaited; signed_in: all done.
    stage: text.notNull,
    created_at: timestamp.notNull,
    last_seen_at: timestamp.notNull,
    expires_at: timestamp.notNull,
  });
  await createIndexes(db, "partner_sessions", { partner_sessions_account: ["account_id"] });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["partner_sessions", "partner_account_links", "partner_accounts"]);
}
