import type { Realm } from "../accounts/realm";
import { type LenderAccount, lenderAccountByEmail } from "./lender-accounts";

/**
 * The lender portal's realm (accounts/realm.ts, decision 0382): a lender's
 * staff, signed in at /lender/portal/ in each language
 * (lender-portal-routes.ts). One cookie for every language's portal; a
 * session ends after an hour without a request and 12 hours after sign-in;
 * every attempt counts against the address's limit; a second-factor code
 * that makes the throttle wait ends the session waiting for it. The second
 * factor is required: an account without it signs in only to turn it on.
 */
export const LENDER_SESSION_COOKIE = "lender_session";

export const LENDER_REALM: Realm<LenderAccount> = {
  name: "lender",
  accountsTable: "lender_accounts",
  sessions: {
    table: "lender_sessions",
    accountColumn: "account_id",
    idleMs: 60 * 60 * 1000,
    absoluteMs: 12 * 60 * 60 * 1000,
  },
  recoveryCodes: { table: "lender_recovery_codes", accountColumn: "account_id", scope: "lender" },
  // Every language's portal (/lender/portal/, /en/…, /ta/…) shares the session.
  cookies: { session: LENDER_SESSION_COOKIE, path: "/" },
  throttle: {
    keyPrefix: "lender-",
    perAddress: { name: "lender sign-in", limit: 50, windowMs: 15 * 60 * 1000 },
  },
  secondFactor: { codeMaxLength: 20, tries: "throttle" },
  accounts: {
    byEmail: (storage, email) => lenderAccountByEmail(storage, email),
    isDisabled: () => false,
    hasSecondFactor: (account) => account.totp_secret !== null,
  },
};
