import type { PortalPayoutMethod } from "../../core/views/partner-portal";
import { hashPassword } from "../accounts/passwords";
import {
  NO_SECOND_FACTOR,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from "../accounts/second-factor";
import { tokenHash } from "../accounts/tokens";
import { recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { PARTNER_PORTAL, type PartnerAccount } from "./portal-accounts";
import type { ProfileForm } from "./portal-checks";
import { PARTNER_REALM } from "./portal-realm";

/**
 * What a partner changes on the portal's account page (issue 18, decisions
 * 0251–0255): the details given at sign-up, the payout method and account
 * (audited; the account is told by e-mail), the password, and the second
 * factor's recovery codes and switch. Every function takes the signed-in
 * account's id: nothing here reaches another account.
 */

/** Payout details as the page shows them: the last 4 characters, only when there are 8 or more. */
export function maskedPayoutDetails(details: string): string | null {
  const characters = [...details.trim()];
  if (characters.length === 0) return null;
  return characters.length >= 8 ? `•••• ${characters.slice(-4).join("")}` : "••••";
}

/** The account's name, website, traffic sources and countries, checked by portal-checks.ts. */
export async function updatePortalProfile(
  storage: Storage,
  accountId: string,
  profile: ProfileForm,
  now: Date,
): Promise<void> {
  await storage.db
    .updateTable("partner_accounts")
    .set({
      name: profile.name,
      website: profile.website,
      traffic_sources: profile.trafficSources,
      countries: JSON.stringify(profile.countries),
      updated_at: now.toISOString(),
    })
    .where("id", "=", accountId)
    .execute();
}

/**
 * New payout method and details, with an entry in the audit log (the
 * method and the masked details before and after, never the details).
 */
export async function updatePortalPayout(
  storage: Storage,
  account: PartnerAccount,
  payout: { method: PortalPayoutMethod; details: string },
  now: Date,
): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("partner_accounts")
      .select(["payout_method", "payout_details"])
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("partner_accounts")
      .set({
        payout_method: payout.method,
        payout_details: payout.details,
        updated_at: now.toISOString(),
      })
      .where("id", "=", account.id)
      .execute();
    await recordAudit(
      trx,
      PARTNER_PORTAL,
      {
        action: "partner.payout_details",
        subject: account.partner_id
          ? `partner:${account.partner_id}`
          : `partner-account:${account.id}`,
        before: {
          payout_method: before.payout_method,
          payout_account: maskedPayoutDetails(before.payout_details),
        },
        after: {
          payout_method: payout.method,
          payout_account: maskedPayoutDetails(payout.details),
        },
      },
      now,
    );
  });
}

/**
 * A new password (the caller checked the current one and the new one's
 * rules); every other session of the account ends, the one in use stays.
 */
export async function changePortalPassword(
  storage: Storage,
  accountId: string,
  password: string,
  keepSessionToken: string,
  now: Date,
): Promise<void> {
  const hash = await hashPassword(password);
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("partner_accounts")
      .set({ password_hash: hash, updated_at: now.toISOString() })
      .where("id", "=", accountId)
      .execute();
    await trx
      .deleteFrom("partner_sessions")
      .where("account_id", "=", accountId)
      .where("token_hash", "!=", tokenHash(keepSessionToken))
      .execute();
    // A reset link asked for before the change would undo it: it goes too.
    await trx
      .deleteFrom("partner_account_links")
      .where("account_id", "=", accountId)
      .where("purpose", "=", "reset")
      .execute();
  });
}

/** Ten new recovery codes in place of the account's old ones; shown once, kept as HMACs. */
export async function newPortalRecoveryCodes(
  storage: Storage,
  accountId: string,
  now: Date,
): Promise<string[]> {
  const key = await storage.keys.hashKey();
  return storage.db
    .transaction()
    .execute((trx) => replaceRecoveryCodes(trx, PARTNER_REALM, accountId, key, now));
}

/** Spends one of the account's unused recovery codes; false when it is not one. */
export const spendPortalRecoveryCode = (
  storage: Storage,
  accountId: string,
  code: string,
  now: Date,
) => spendRecoveryCode(storage, PARTNER_REALM, accountId, code, now);

export const portalRecoveryCodesLeft = (storage: Storage, accountId: string) =>
  recoveryCodesLeft(storage, PARTNER_REALM, accountId);

/** Two-step sign-in off (the caller checked the password and a code): secret and codes go. */
export async function turnOffPortalTotp(
  storage: Storage,
  accountId: string,
  now: Date,
): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("partner_accounts")
      .set({ ...NO_SECOND_FACTOR, updated_at: now.toISOString() })
      .where("id", "=", accountId)
      .execute();
    await trx.deleteFrom("partner_recovery_codes").where("account_id", "=", accountId).execute();
  });
}
