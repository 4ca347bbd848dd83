import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { ERASURE_CODE, type ErasureKind } from "../../core/domain/erasure-code";
import type { Storage } from "../storage/database";
import type { ErasedContacts, ErasureStep } from "../storage/erasure-steps";
import { newOpaqueId } from "../storage/opaque-ids";
import { lookupHash } from "../storage/personal-crypto";
import { eraseContactIn, finishErasure, type ReachedContacts } from "./erasure";

/**
 * Verified erasure (issue 14, decision 0090). A deletion request names an
 * e-mail, a phone or both; each gets a code of its own, stored only as a
 * keyed hash, that works for ERASURE_CODE.minutes. A code erases the one
 * contact it was sent to, never another of the same request: someone who
 * pairs their own e-mail with another person's phone erases their own
 * e-mail and nothing else. Nothing changes until a code is given; a wrong
 * code costs every contact still waiting one of ERASURE_CODE.tries.
 */

const CODE_MS = ERASURE_CODE.minutes * 60 * 1000;
/** How long a spent or confirmed request's rows stay (without contact or code) to answer "expired". */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** The names the routes' limits count under (rate_limits keys start with them). */
export const ERASURE_LIMIT_NAMES = {
  send: "deletion code",
  confirm: "deletion confirmation",
} as const;

export interface SentCode {
  kind: ErasureKind;
  contact: string;
  code: string;
}

function codeHash(key: string, requestId: string, kind: ErasureKind, code: string): string {
  return createHmac("sha256", key)
    .update(`erasure-code:${requestId}:${kind}:${code}`)
    .digest("hex");
}

function sameHash(stored: string, given: string): boolean {
  const left = Buffer.from(stored, "hex");
  const right = Buffer.from(given, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Six random digits, none equal to a code already made for the same request. */
function newCode(taken: readonly string[]): string {
  for (;;) {
    const code = String(randomInt(0, 10 ** ERASURE_CODE.digits)).padStart(ERASURE_CODE.digits, "0");
    if (!taken.includes(code)) return code;
  }
}

/**
 * Opens a request: one row and one code per contact. The same work whether
 * or not we hold anything for the contacts (we do not look): the caller
 * sends every code, so the answer and its timing say nothing.
 */
export async function openErasureRequest(
  storage: Storage,
  contacts: ErasedContacts,
  now: Date,
): Promise<{ requestId: string; codes: SentCode[] }> {
  const requestId = newOpaqueId();
  const codes: SentCode[] = [];
  for (const kind of ["email", "phone"] as const) {
    const contact = contacts[kind];
    if (contact === undefined) continue;
    codes.push({ kind, contact, code: newCode(codes.map((sent) => sent.code)) });
  }
  await storage.db.transaction().execute(async (trx) => {
    const key = await storage.keys.hashKey(trx);
    for (const { kind, contact, code } of codes) {
      // The contact waits sealed under a key of its own, deleted with it (decision 0335).
      const dataKey = await storage.keys.create(trx);
      await trx
        .insertInto("erasure_confirmations")
        .values({
          request_id: requestId,
          kind,
          ...dataKey.seal("erasure_confirmations", { contact }),
          contact_hash: lookupHash(key, kind, contact),
          key_id: dataKey.id,
          code_hash: codeHash(key, requestId, kind, code),
          attempts: 0,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + CODE_MS).toISOString(),
        })
        .execute();
    }
  });
  return { requestId, codes };
}

export type ErasureConfirmation =
  /** The code was one of the request's: its contact is erased; the others still wait. */
  | { kind: "erased"; erased: ErasureKind; waiting: ErasureKind[] }
  | { kind: "wrong_code"; triesLeft: number; waiting: ErasureKind[] }
  /** The wrong code was the last try: the request is spent. */
  | { kind: "too_many_tries" }
  /** Its time ran out, every contact is done, or there is no such request (any more). */
  | { kind: "expired" };

/**
 * Checks a code against the contacts of a request still waiting, in one
 * transaction (PostgreSQL locks the rows, so concurrent guesses are counted
 * one after the other; SQLite runs one transaction at a time). A match
 * erases that contact (eraseContactIn, then the files and the outbox).
 */
export async function confirmErasure(
  storage: Storage,
  requestId: string,
  code: string,
  {
    now,
    outboxDir,
    steps,
  }: { now: Date; outboxDir?: string | undefined; steps: readonly ErasureStep[] },
): Promise<ErasureConfirmation> {
  let erasedContacts: ReachedContacts | undefined;
  const outcome = await storage.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("erasure_confirmations")
      .selectAll()
      .where("request_id", "=", requestId);
    if (storage.engine === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    const waiting = rows.filter(
      (row) =>
        row.contact !== null &&
        row.code_hash !== null &&
        row.confirmed_at === null &&
        row.expires_at > now.toISOString() &&
        row.attempts < ERASURE_CODE.tries,
    );
    if (waiting.length === 0) {
      const spent = rows.some(
        (row) => row.confirmed_at === null && row.attempts >= ERASURE_CODE.tries,
      );
      return { kind: spent ? "too_many_tries" : "expired" } as const;
    }
    const key = await storage.keys.hashKey(trx);
    const match = waiting.find(
      (row) =>
        row.code_hash !== null && sameHash(row.code_hash, codeHash(key, requestId, row.kind, code)),
    );
    const [opened] = match
      ? await storage.keys.openRows(trx, "erasure_confirmations", [match])
      : [];
    if (match && opened?.contact) {
      await trx
        .updateTable("erasure_confirmations")
        .set({
          contact: null,
          code_hash: null,
          contact_hash: null,
          key_id: null,
          confirmed_at: now.toISOString(),
        })
        .where("request_id", "=", requestId)
        .where("kind", "=", match.kind)
        .execute();
      await storage.keys.destroy(trx, [match.key_id]);
      const erased: ErasedContacts = { [match.kind]: opened.contact };
      erasedContacts = (await eraseContactIn(storage, trx, erased, now, steps)).contacts;
      return {
        kind: "erased",
        erased: match.kind,
        waiting: waiting.filter((row) => row !== match).map((row) => row.kind),
      } as const;
    }
    const attempts = Math.max(...waiting.map((row) => row.attempts)) + 1;
    const spent = attempts >= ERASURE_CODE.tries;
    await trx
      .updateTable("erasure_confirmations")
      // A spent request forgets its contacts (and their keys) at once.
      .set(
        spent
          ? { attempts, contact: null, code_hash: null, contact_hash: null, key_id: null }
          : { attempts },
      )
      .where("request_id", "=", requestId)
      .where(
        "kind",
        "in",
        waiting.map((row) => row.kind),
      )
      .execute();
    if (spent) {
      await storage.keys.destroy(
        trx,
        waiting.map((row) => row.key_id),
      );
    }
    if (spent) return { kind: "too_many_tries" } as const;
    return {
      kind: "wrong_code",
      triesLeft: ERASURE_CODE.tries - attempts,
      waiting: waiting.map((row) => row.kind),
    } as const;
  });
  if (erasedContacts) await finishErasure(storage, erasedContacts, outboxDir);
  return outcome;
}

/**
 * Requests whose time ran out forget their contacts and codes; after a day
 * their rows go, and so do the counts of their limits (keyed hashes of IP
 * addresses and contacts, erasure-routes.ts). Run before each new request
 * and every ten minutes (start.ts); answers how many contacts were forgotten.
 */
export async function sweepErasureRequests(storage: Storage, now: Date): Promise<number> {
  await storage.db
    .deleteFrom("rate_limits")
    .where((where) =>
      where.or(Object.values(ERASURE_LIMIT_NAMES).map((name) => where("key", "like", `${name}:%`))),
    )
    .where("window_start", "<", now.getTime() - KEPT_MS)
    .execute();
  const forgotten = await storage.db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom("erasure_confirmations")
      .select(["request_id", "kind", "key_id"])
      .where("contact", "is not", null)
      .where("expires_at", "<=", now.toISOString())
      .execute();
    for (const row of expired) {
      await trx
        .updateTable("erasure_confirmations")
        .set({ contact: null, code_hash: null, contact_hash: null, key_id: null })
        .where("request_id", "=", row.request_id)
        .where("kind", "=", row.kind)
        .execute();
    }
    await storage.keys.destroy(
      trx,
      expired.map((row) => row.key_id),
    );
    return expired.length;
  });
  await storage.db
    .deleteFrom("erasure_confirmations")
    .where("created_at", "<", new Date(now.getTime() - KEPT_MS).toISOString())
    .execute();
  return forgotten;
}
