import type { Storage } from "../storage/database";
import type { StaffSessionStage } from "../storage/schema";
import { csrfTokenOf } from "./csrf";
import { loose } from "./loose-db";
import type { AccountRow, Realm } from "./realm";
import { isTokenShaped, newToken, tokenHash } from "./tokens";

/**
 * Sessions of every realm, in storage so that every instance knows them and
 * "sign out everywhere" is one delete. The cookie holds a random token; the
 * table holds its SHA-256, so a copy of the database opens no session. A
 * session ends after its realm's idle time without a request and its
 * absolute time after sign-in; one waiting for the second factor ends after
 * 5 minutes (or 5 wrong codes: sign-in.ts).
 */
export const SECOND_FACTOR_MS = 5 * 60 * 1000;
export const SECOND_FACTOR_TRIES = 5;

export type SessionStage = StaffSessionStage;

export interface AccountSession<A> {
  /** The cookie's token (never stored). */
  token: string;
  stage: SessionStage;
  /** Wrong second-factor codes given in this session (realms that count them per session). */
  codeAttempts: number;
  account: A;
  /** This session's CSRF token, for its forms. */
  csrf: string;
}

/** How long a session of this stage lives at most. */
export function sessionLifetimeMs(realm: Realm<AccountRow>, stage: SessionStage): number {
  return stage === "second_factor" ? SECOND_FACTOR_MS : realm.sessions.absoluteMs;
}

/** A new session for an account; answers its token for the cookie. */
export async function startSession<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  accountId: string,
  stage: SessionStage,
  now: Date,
): Promise<string> {
  const token = newToken();
  const { table, accountColumn } = realm.sessions;
  await loose(storage.db)
    .insertInto(table)
    .values({
      token_hash: tokenHash(token),
      [accountColumn]: accountId,
      stage,
      ...(realm.secondFactor.tries === "session" ? { code_attempts: 0 } : {}),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + sessionLifetimeMs(realm, stage)).toISOString(),
    })
    .execute();
  if (stage === "signed_in") await realm.accounts.signedIn?.(storage, accountId, now);
  return token;
}

/**
 * The live session of a cookie's token, its idle time restarted; undefined
 * when there is none, it has ended (and is then deleted), or its account is
 * disabled.
 */
export async function liveSession<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  token: string | undefined,
  now: Date,
): Promise<AccountSession<A> | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const hash = tokenHash(token);
  const { accountColumn, idleMs } = realm.sessions;
  const table: string = realm.sessions.table;
  const accounts: string = realm.accountsTable;
  const columns = ["stage", "last_seen_at", "expires_at"];
  if (realm.secondFactor.tries === "session") columns.push("code_attempts");
  // One query: the session and its account.
  const row = await loose(storage.db)
    .selectFrom(table)
    .innerJoin(accounts, `${accounts}.id`, `${table}.${accountColumn}`)
    .selectAll(accounts)
    .select(columns.map((column) => `${table}.${column} as session_${column}`))
    .where(`${table}.token_hash`, "=", hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_stage: stage,
    session_code_attempts: codeAttempts,
    session_last_seen_at: lastSeenAt,
    session_expires_at: expiresAt,
    ...account
  } = row as Record<string, unknown>;
  const at = now.getTime();
  const ended =
    Date.parse(String(expiresAt)) <= at ||
    Date.parse(String(lastSeenAt)) + idleMs <= at ||
    realm.accounts.isDisabled(account as unknown as A);
  if (ended) {
    await endSession(storage, realm, token);
    return undefined;
  }
  await loose(storage.db)
    .updateTable(table)
    .set({ last_seen_at: now.toISOString() })
    .where("token_hash", "=", hash)
    .execute();
  return {
    token,
    stage: stage as SessionStage,
    codeAttempts: Number(codeAttempts ?? 0),
    account: account as unknown as A,
    csrf: csrfTokenOf(token),
  };
}

/** Counts a wrong second-factor code on the session; answers the tries left (0: it has ended). */
export async function countWrongCode<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  session: AccountSession<A>,
): Promise<number> {
  const attempts = session.codeAttempts + 1;
  if (attempts >= SECOND_FACTOR_TRIES) {
    await endSession(storage, realm, session.token);
    return 0;
  }
  await loose(storage.db)
    .updateTable(realm.sessions.table)
    .set({ code_attempts: attempts })
    .where("token_hash", "=", tokenHash(session.token))
    .execute();
  return SECOND_FACTOR_TRIES - attempts;
}

export async function endSession<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  token: string,
): Promise<void> {
  await loose(storage.db)
    .deleteFrom(realm.sessions.table)
    .where("token_hash", "=", tokenHash(token))
    .execute();
}

/** Ends every session of an account ("sign out everywhere"); answers how many there were. */
export async function endEverySession<A extends AccountRow>(
  storage: Storage,
  realm: Realm<A>,
  accountId: string,
): Promise<number> {
  const result = await loose(storage.db)
    .deleteFrom(realm.sessions.table)
    .where(realm.sessions.accountColumn, "=", accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
