import { randomUUID } from "node:crypto";
import { LENDER_ROLES, type LenderRole } from "../../core/views/lender-portal";
import { hashPassword } from "../accounts/passwords";
import { NO_SECOND_FACTOR, replaceRecoveryCodes } from "../accounts/second-factor";
import { isTokenShaped, newToken, tokenHash } from "../accounts/tokens";
import type { Storage } from "../storage/database";
import type { LenderAccountsTable, LenderStatus } from "../storage/schema";
import { LENDER_REALM } from "./lender-realm";

/**
 * A lender's staff in the lender portal (issue 34, decision 0382): the
 * operator invites an admin or a developer of one lender (`npm run lenders
 * -- invite`), who opens the one-time link, sets a password, then turns the
 * second factor on (required) and keeps ten recovery codes. The link is
 * stored as its SHA-256 and works once, for INVITATION_LINK_MS.
 */
export type LenderAccount = LenderAccountsTable;

export const INVITATION_LINK_MS = 72 * 60 * 60 * 1000;

export class InvitationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvitationRefused";
  }
}

export function isLenderRole(text: unknown): text is LenderRole {
  return typeof text === "string" && (LENDER_ROLES as readonly string[]).includes(text);
}

export async function lenderAccountByEmail(
  storage: Storage,
  email: string,
): Promise<LenderAccount | undefined> {
  return storage.db
    .selectFrom("lender_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export interface LenderInvitation {
  account: LenderAccount;
  /** The one-time link's token: in the e-mail only, never stored nor logged. */
  token: string;
  expiresAt: string;
}

/**
 * An invitation for a lender's member of staff: a new account, or a new link
 * for the lender's account of that address (the earlier link stops; using it
 * sets the password and the second factor again). An address is one
 * lender's only.
 */
export async function inviteLenderAccount(
  storage: Storage,
  invite: { lenderId: string; email: string; role: LenderRole },
  now: Date,
): Promise<LenderInvitation> {
  const lender = await storage.db
    .selectFrom("lenders")
    .select("id")
    .where("id", "=", invite.lenderId)
    .executeTakeFirst();
  if (!lender) throw new InvitationRefused(`There is no lender "${invite.lenderId}".`);
  const email = invite.email.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) {
    throw new InvitationRefused("The e-mail address is not valid.");
  }
  const at = now.toISOString();
  const existing = await lenderAccountByEmail(storage, email);
  if (existing && existing.lender_id !== lender.id) {
    throw new InvitationRefused("Another lender's account has this e-mail address.");
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LINK_MS).toISOString();
  const account = await storage.db.transaction().execute(async (trx) => {
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await trx
        .updateTable("lender_accounts")
        .set({ role: invite.role, updated_at: at })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("lender_account_links").where("account_id", "=", id).execute();
    } else {
      await trx
        .insertInto("lender_accounts")
        .values({
          id,
          lender_id: lender.id,
          email,
          role: invite.role,
          password_hash: null,
          ...NO_SECOND_FACTOR,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await trx
      .insertInto("lender_account_links")
      .values({
        token_hash: tokenHash(token),
        account_id: id,
        created_at: at,
        expires_at: expiresAt,
      })
      .execute();
    return trx
      .selectFrom("lender_accounts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  });
  return { account, token, expiresAt };
}

/** The account a one-time link is for, while it works. */
export async function invitationOf(
  storage: Storage,
  token: string,
  now: Date,
): Promise<LenderAccount | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const row = await storage.db
    .selectFrom("lender_account_links")
    .innerJoin("lender_accounts", "lender_accounts.id", "lender_account_links.account_id")
    .selectAll("lender_accounts")
    .select("lender_account_links.expires_at as link_expires_at")
    .where("lender_account_links.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.link_expires_at) <= now.getTime()) return undefined;
  const { link_expires_at: _expires, ...account } = row;
  return account;
}

/**
 * Spends the link and sets the password; the second factor and recovery
 * codes start again (set next), every session of the account ends.
 */
export async function acceptInvitation(
  storage: Storage,
  token: string,
  password: string,
  now: Date,
): Promise<LenderAccount | undefined> {
  const account = await invitationOf(storage, token, now);
  if (!account) return undefined;
  const hash = await hashPassword(password);
  return storage.db.transaction().execute(async (trx) => {
    // Of two uses at once, one spends the link.
    const spent = await trx
      .deleteFrom("lender_account_links")
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) return undefined;
    const reset = { password_hash: hash, ...NO_SECOND_FACTOR };
    await trx
      .updateTable("lender_accounts")
      .set({ ...reset, updated_at: now.toISOString() })
      .where("id", "=", account.id)
      .execute();
    await trx.deleteFrom("lender_sessions").where("account_id", "=", account.id).execute();
    await trx.deleteFrom("lender_recovery_codes").where("account_id", "=", account.id).execute();
    return { ...account, ...reset };
  });
}

/** Turns the pending second factor on; answers the ten recovery codes, shown once. */
export async function confirmLenderTotp(
  storage: Storage,
  account: LenderAccount,
  step: number,
  now: Date,
): Promise<string[] | undefined> {
  const key = await storage.keys.hashKey();
  return storage.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("lender_accounts")
      .set({
        totp_secret: account.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        updated_at: now.toISOString(),
      })
      .where("id", "=", account.id)
      .where("totp_secret", "is", null)
      .where("totp_pending_secret", "=", account.totp_pending_secret)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return replaceRecoveryCodes(trx, LENDER_REALM, account.id, key, now);
  });
}

/** The lender an account works for: its id and names. */
export async function lenderOfAccount(
  storage: Storage,
  account: LenderAccount,
): Promise<{ id: string; names: Record<string, string>; status: LenderStatus }> {
  const row = await storage.db
    .selectFrom("lenders")
    .select(["id", "names", "status"])
    .where("id", "=", account.lender_id)
    .executeTakeFirstOrThrow();
  return { id: row.id, names: JSON.parse(row.names) as Record<string, string>, status: row.status };
}
