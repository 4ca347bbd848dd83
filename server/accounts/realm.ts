import type { Transaction } from "kysely";
import type { Storage } from "../storage/database";
import type { Database } from "../storage/schema";

/**
 * A realm: one kind of signed-in account (decision 0380). The back office's
 * staff, the partner portal's partners and the lender portal's lenders' staff
 * are each a value of this type, never a copy of the sign-in flow: the
 * tables, cookies and limits below are all that differs between them, and
 * sessions.ts, sign-in.ts and recovery-codes.ts read them.
 */
export type RealmName = "staff" | "partner" | "lender";

/** What every realm's account row has: the columns the shared flow reads. */
export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export interface Realm<A extends AccountRow> {
  name: RealmName;
  /** The accounts' table (its `id`, `totp_*` columns as AccountRow's). */
  accountsTable: "staff" | "partner_accounts" | "lender_accounts";
  sessions: {
    /** One row per session: the SHA-256 of its cookie's token, its stage and its times. */
    table: "staff_sessions" | "partner_sessions" | "lender_sessions";
    /** The column that names the session's account. */
    accountColumn: "staff_id" | "account_id";
    /** The session ends after this long without a request… */
    idleMs: number;
    /** …and this long after sign-in whatever the activity. */
    absoluteMs: number;
  };
  recoveryCodes: {
    table: "staff_recovery_codes" | "partner_recovery_codes" | "lender_recovery_codes";
    accountColumn: "staff_id" | "account_id";
    /** What the codes' HMAC is scoped to: one realm's code is never another's. */
    scope: "staff" | "partner" | "lender";
  };
  cookies: {
    /** The session cookie's name and path (SameSite=Strict, HttpOnly, Secure behind TLS). */
    session: string;
    path: string;
    /** The cookie a full sign-in leaves on a browser it trusts from then on (0133), if any. */
    device?: { name: string; maxAgeSeconds: number };
  };
  throttle: {
    /** Put before every throttle key (sign-in-throttle.ts), so realms never share a count. */
    keyPrefix: string;
    /** Sign-in attempts per address (skipped from a trusted browser), named for the limit's keys. */
    perAddress: { name: string; limit: number; windowMs: number };
  };
  secondFactor: {
    /** The longest code field read (a TOTP code or a recovery code, with spaces). */
    codeMaxLength: number;
    /**
     * When wrong codes end the waiting session: after SECOND_FACTOR_TRIES counted on the
     * session ("session"), or once the throttle makes the next try wait ("throttle").
     */
    tries: "session" | "throttle";
  };
  accounts: AccountStore<A>;
}

/** How a realm finds its accounts and what its flow does besides the shared steps. */
export interface AccountStore<A extends AccountRow> {
  byEmail(storage: Storage, email: string): Promise<A | undefined>;
  /** A disabled account signs in no more, and its sessions end. */
  isDisabled(account: A): boolean;
  /** Whether sign-in asks this account for a second factor. */
  hasSecondFactor(account: A): boolean;
  /** After a full sign-in (the staff's last sign-in time). */
  signedIn?(storage: Storage, accountId: string, now: Date): Promise<void>;
  /** After a recovery code was spent in place of the app's code (the staff's audit entry). */
  recoveryCodeUsed?(db: Transaction<Database>, account: A, now: Date): Promise<void>;
}
