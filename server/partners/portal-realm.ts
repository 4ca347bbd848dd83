import type { Realm } from "../accounts/realm";
import * as secondFactor from "../accounts/second-factor";
import * as sessions from "../accounts/sessions";
import type { Storage } from "../storage/database";
import type { StaffSessionStage } from "../storage/schema";
import { accountByEmail, type PartnerAccount } from "./portal-accounts";

/**
 * The partner portal's realm (accounts/realm.ts): partners' accounts,
 * signed in at /partner/portal/ in each language (portal-routes.ts). One
 * cookie for every language's portal; a session ends after an hour without
 * a request and 12 hours after sign-in; every attempt counts against the
 * address's limit; a second-factor code that makes the throttle wait ends
 * the session waiting for it.
 */
export const PORTAL_SESSION_COOKIE = "partner_session";
export const PORTAL_SESSION_IDLE_MS = 60 * 60 * 1000;
export const PORTAL_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Sign-in attempts per address per 15 minutes. */
export const PORTAL_SIGN_IN_PER_ADDRESS = { limit: 50, windowMs: 15 * 60 * 1000 };

export const PARTNER_REALM: Realm<PartnerAccount> = {
  name: "partner",
  accountsTable: "partner_accounts",
  sessions: {
    table: "partner_sessions",
    accountColumn: "account_id",
    idleMs: PORTAL_SESSION_IDLE_MS,
    absoluteMs: PORTAL_SESSION_ABSOLUTE_MS,
  },
  recoveryCodes: { table: "partner_recovery_codes", accountColumn: "account_id", scope: "partner" },
  // Every language's portal (/partner/portal/, /en/…, /ta/…) shares the session.
  cookies: { session: PORTAL_SESSION_COOKIE, path: "/" },
  throttle: {
    keyPrefix: "partner-",
    perAddress: { name: "partner sign-in", ...PORTAL_SIGN_IN_PER_ADDRESS },
  },
  secondFactor: { codeMaxLength: 20, tries: "throttle" },
  accounts: {
    byEmail: accountByEmail,
    isDisabled: () => false,
    hasSecondFactor: (account) => account.totp_secret !== null,
  },
};

export type PortalSession = sessions.AccountSession<PartnerAccount>;

/** A new session (signed in, or waiting 5 minutes for the second factor); answers its token. */
export const startPortalSession = (
  storage: Storage,
  accountId: string,
  now: Date,
  stage: StaffSessionStage = "signed_in",
) => sessions.startSession(storage, PARTNER_REALM, accountId, stage, now);

/** The live session of a cookie's token, its idle time restarted; ended ones are deleted. */
export const livePortalSession = (storage: Storage, token: string | undefined, now: Date) =>
  sessions.liveSession(storage, PARTNER_REALM, token, now);

export const endPortalSession = (storage: Storage, token: string) =>
  sessions.endSession(storage, PARTNER_REALM, token);

/** The secret a partner is scanning to turn the second factor on; made once, kept until used. */
export const pendingPortalTotpSecret = (storage: Storage, account: PartnerAccount) =>
  secondFactor.pendingTotpSecret(storage, PARTNER_REALM, account);

/** Moves the last accepted step forward; false when the code's step was used already. */
export const spendPortalTotpStep = (storage: Storage, accountId: string, step: number) =>
  secondFactor.spendTotpStep(storage, PARTNER_REALM, accountId, step);
