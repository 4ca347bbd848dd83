import { randomUUID } from "node:crypto";
import { type Locale, localizePath } from "../../core/locale";
import type { PortalSignUpFacts } from "../../core/views/back-office-partners";
import { checkPassword, hashPassword } from "../accounts/passwords";
import { NO_SECOND_FACTOR } from "../accounts/second-factor";
import { isTokenShaped, newToken, tokenHash } from "../accounts/tokens";
import type { Messenger } from "../messaging/messenger";
import type { AuditActor } from "../staff/audit";
import type { Storage } from "../storage/database";
import type {
  PartnerAccountKind,
  PartnerAccountsTable,
  PartnerLinkPurpose,
  PayoutMethod,
} from "../storage/schema";
import { createPartner, findPartner, type Partner, partnerIdFrom } from "./partners";

/**
 * Partner portal accounts (issue 18, decisions 0211–0213): a sign-up, its
 * e-mail verification (which makes a pending partner for an operator to
 * approve), and the portal's sessions. Passwords, tokens and hashes are
 * every realm's (server/accounts/): one set of rules; sessions: portal-realm.ts.
 */
export const LINK_HOURS = 24;

/** Who the audit log names for a change made by a portal sign-up. */
export const PARTNER_PORTAL: AuditActor = { id: null, label: "partner portal" };

export type PartnerAccount = PartnerAccountsTable;

export interface SignUpInput {
  kind: PartnerAccountKind;
  name: string;
  email: string;
  password: string;
  website: string;
  trafficSources: string;
  countries: string[];
  payoutMethod: PayoutMethod;
  payoutDetails: string;
  locale: Locale;
}

export async function accountByEmail(
  storage: Storage,
  email: string,
): Promise<PartnerAccount | undefined> {
  return storage.db
    .selectFrom("partner_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** A one-time link's token for an account; only its hash is kept. */
async function newLink(
  storage: Storage,
  accountId: string,
  purpose: PartnerLinkPurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  await storage.db
    .insertInto("partner_account_links")
    .values({
      token_hash: tokenHash(token),
      account_id: accountId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LINK_HOURS * 60 * 60 * 1000).toISOString(),
    })
    .execute();
  return token;
}

/**
 * A new account waiting for its e-mail to be verified; answers the
 * verification link's token, a new one for an account never verified, or
 * undefined when the e-mail has a verified account (the caller says the
 * same either way: no enumeration).
 */
export async function signUp(
  storage: Storage,
  input: SignUpInput,
  now: Date,
): Promise<string | undefined> {
  const email = input.email.trim().toLowerCase();
  const existing = await accountByEmail(storage, email);
  if (existing) {
    // Never verified (the first e-mail lost or expired): a new link to the same address, the
    // account as it was first given. A verified or claimed account gets nothing.
    const unverified = existing.email_verified_at === null && existing.partner_id === null;
    return unverified ? newLink(storage, existing.id, "verify", now) : undefined;
  }
  const id = randomUUID();
  const at = now.toISOString();
  try {
    await storage.db
      .insertInto("partner_accounts")
      .values({
        id,
        email,
        partner_id: null,
        password_hash: await hashPassword(input.password),
        kind: input.kind,
        name: input.name,
        website: input.website,
        traffic_sources: input.trafficSources,
        countries: JSON.stringify(input.countries),
        payout_method: input.payoutMethod,
        payout_details: input.payoutDetails,
        locale: input.locale,
        terms_accepted_at: at,
        email_verified_at: null,
        ...NO_SECOND_FACTOR,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch {
    // The same e-mail signed up at the same moment: one of them wins.
    return undefined;
  }
  return newLink(storage, id, "verify", now);
}

/** The account a live link of this purpose opens, without spending it. */
export async function accountOfLink(
  storage: Storage,
  token: string,
  purpose: PartnerLinkPurpose,
  now: Date,
): Promise<PartnerAccount | undefined> {
  if (!isTokenShaped(token)) return undefined;
  return storage.db
    .selectFrom("partner_account_links")
    .innerJoin("partner_accounts", "partner_accounts.id", "partner_account_links.account_id")
    .selectAll("partner_accounts")
    .where("partner_account_links.token_hash", "=", tokenHash(token))
    .where("partner_account_links.purpose", "=", purpose)
    .where("partner_account_links.expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** A free partner id from the account's name: "lanka-deals", else "lanka-deals-2", … */
async function freePartnerId(storage: Storage, name: string): Promise<string> {
  const base = partnerIdFrom(name).slice(0, 34).replace(/-+$/, "") || "partner";
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!(await findPartner(storage, id))) return id;
  }
}

/**
 * Spends a verification link: the account's e-mail is verified and it
 * becomes a pending partner, which an operator approves in the back office
 * (/admin/partners/). Answers the account, or undefined for a dead link.
 */
export async function verifyEmail(
  storage: Storage,
  token: string,
  now: Date,
): Promise<PartnerAccount | undefined> {
  const account = await accountOfLink(storage, token, "verify", now);
  if (!account) return undefined;
  const spent = await storage.db
    .deleteFrom("partner_account_links")
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1) return undefined;
  if (account.partner_id) return account;
  const { partner } = await createPartner(
    storage,
    {
      id: await freePartnerId(storage, account.name),
      name: account.name,
      payoutModel: "lead",
      payoutRupees: 0,
      origins: [],
      postbackUrl: null,
    },
    { actor: PARTNER_PORTAL, now, status: "pending" },
  );
  await storage.db
    .updateTable("partner_accounts")
    .set({
      partner_id: partner.id,
      email_verified_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", account.id)
    .execute();
  return { ...account, partner_id: partner.id, email_verified_at: now.toISOString() };
}

/** The account whose e-mail and password these are; undefined after the same work otherwise. */
export async function accountSigningIn(
  storage: Storage,
  email: string,
  password: string,
): Promise<PartnerAccount | undefined> {
  const account = await accountByEmail(storage, email);
  const matches = await checkPassword(account?.password_hash ?? null, password);
  return account && matches ? account : undefined;
}

/** Turns the second factor on with the pending secret, whose first code was right at `step`. */
export async function confirmPortalTotp(
  storage: Storage,
  account: PartnerAccount,
  step: number,
  now: Date,
): Promise<void> {
  await storage.db
    .updateTable("partner_accounts")
    .set({
      totp_secret: account.totp_pending_secret,
      totp_pending_secret: null,
      totp_last_step: step,
      updated_at: now.toISOString(),
    })
    .where("id", "=", account.id)
    .where("totp_pending_secret", "=", account.totp_pending_secret)
    .execute();
}

/** The partner an account is, if its e-mail is verified. */
export async function partnerOfAccount(
  storage: Storage,
  account: PartnerAccount,
): Promise<Partner | undefined> {
  return account.partner_id ? findPartner(storage, account.partner_id) : undefined;
}

/** Why a partner made by the command line cannot be given a claim link. */
export class ClaimRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ClaimRefused";
  }
}

/**
 * A portal account for a partner made by the command line, at its contact
 * address, and the claim link's token: the partner sets a password and
 * accepts the terms through it. A partner has at most one account; an
 * unclaimed one gets a fresh link (the old ones stop working).
 */
export async function inviteToClaim(
  storage: Storage,
  partnerId: string,
  email: string,
  locale: Locale,
  now: Date,
): Promise<string> {
  const partner = await findPartner(storage, partnerId);
  if (!partner) throw new ClaimRefused(`No partner has the id "${partnerId}".`);
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(address) || address.length > 254) {
    throw new ClaimRefused("The e-mail address is not valid.");
  }
  const byEmail = await accountByEmail(storage, address);
  const byPartner = await storage.db
    .selectFrom("partner_accounts")
    .selectAll()
    .where("partner_id", "=", partner.id)
    .executeTakeFirst();
  if (byEmail && byEmail.id !== byPartner?.id) {
    throw new ClaimRefused("Another portal account has this e-mail address.");
  }
  if (byPartner?.password_hash) {
    throw new ClaimRefused(`The partner "${partner.id}" has claimed its account already.`);
  }
  const at = now.toISOString();
  let accountId = byPartner?.id;
  if (accountId) {
    await storage.db
      .updateTable("partner_accounts")
      .set({ email: address, locale, updated_at: at })
      .where("id", "=", accountId)
      .execute();
    await storage.db
      .deleteFrom("partner_account_links")
      .where("account_id", "=", accountId)
      .execute();
  } else {
    accountId = randomUUID();
    await storage.db
      .insertInto("partner_accounts")
      .values({
        id: accountId,
        email: address,
        partner_id: partner.id,
        password_hash: null,
        kind: "company",
        name: partner.name,
        website: "",
        traffic_sources: "",
        countries: "[]",
        payout_method: null,
        payout_details: "",
        locale,
        terms_accepted_at: null,
        email_verified_at: null,
        ...NO_SECOND_FACTOR,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return newLink(storage, accountId, "claim", now);
}

/** Reset links one account may be sent in an hour (decision 0213). */
export const RESETS_PER_HOUR = 3;

/**
 * A reset link's token for the account of an e-mail, or undefined when it
 * has none with a password yet or had its links for the hour (the caller
 * says the same either way).
 */
export async function requestReset(
  storage: Storage,
  email: string,
  now: Date,
): Promise<{ token: string; account: PartnerAccount } | undefined> {
  const account = await accountByEmail(storage, email);
  if (!account?.password_hash) return undefined;
  // At most RESETS_PER_HOUR links an hour to one address, whoever asks and from wherever.
  const recent = await storage.db
    .selectFrom("partner_account_links")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("account_id", "=", account.id)
    .where("purpose", "=", "reset")
    .where("created_at", ">", new Date(now.getTime() - 60 * 60 * 1000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= RESETS_PER_HOUR) return undefined;
  return { token: await newLink(storage, account.id, "reset", now), account };
}

/** The account and purpose of a live claim or reset link. */
export async function passwordLinkOf(
  storage: Storage,
  token: string,
  now: Date,
): Promise<{ account: PartnerAccount; purpose: "claim" | "reset" } | undefined> {
  for (const purpose of ["claim", "reset"] as const) {
    const account = await accountOfLink(storage, token, purpose, now);
    if (account) return { account, purpose };
  }
  return undefined;
}

/**
 * Spends a claim or reset link on a new password: a claim also verifies
 * the e-mail and records the terms accepted; either ends every session of
 * the account and every other link of its kind. Answers the account.
 */
export async function setPasswordByLink(
  storage: Storage,
  token: string,
  password: string,
  now: Date,
): Promise<PartnerAccount | undefined> {
  const found = await passwordLinkOf(storage, token, now);
  if (!found) return undefined;
  const { account, purpose } = found;
  const spent = await storage.db
    .deleteFrom("partner_account_links")
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1) return undefined;
  const at = now.toISOString();
  const hash = await hashPassword(password);
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("partner_accounts")
      .set({
        password_hash: hash,
        updated_at: at,
        ...(purpose === "claim" ? { email_verified_at: at, terms_accepted_at: at } : {}),
      })
      .where("id", "=", account.id)
      .execute();
    await trx
      .deleteFrom("partner_account_links")
      .where("account_id", "=", account.id)
      .where("purpose", "=", purpose)
      .execute();
    await trx.deleteFrom("partner_sessions").where("account_id", "=", account.id).execute();
  });
  return { ...account, password_hash: hash };
}

/** What the pending partners' portal sign-ups said, by partner id, for the back office. */
export async function pendingSignUpFacts(
  storage: Storage,
): Promise<Map<string, PortalSignUpFacts>> {
  const rows = await storage.db
    .selectFrom("partner_accounts")
    .innerJoin("partners", "partners.id", "partner_accounts.partner_id")
    .select([
      "partners.id",
      "partner_accounts.kind",
      "partner_accounts.website",
      "partner_accounts.traffic_sources",
      "partner_accounts.countries",
      "partner_accounts.payout_method",
    ])
    .where("partners.status", "=", "pending")
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        kind: row.kind,
        website: row.website,
        trafficSources: row.traffic_sources,
        countries: JSON.parse(row.countries) as string[],
        payoutMethod: row.payout_method,
      },
    ]),
  );
}

/**
 * Tells a partner's portal account, if it has one, of the operator's answer
 * to its sign-up, in its language, with the link to sign in.
 */
export async function tellPortalAccount(
  storage: Storage,
  portal: { messenger: Messenger; site: { readonly origin: string } },
  partnerId: string,
  decision: "approve" | "reject",
): Promise<void> {
  const account = await storage.db
    .selectFrom("partner_accounts")
    .select(["email", "locale"])
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  if (!account) return;
  const base = localizePath(account.locale, "/partner/portal/");
  await portal.messenger.partnerSignUpAnswer(
    account.email,
    decision === "approve",
    `${portal.site.origin}${base}`,
    account.locale,
  );
}
