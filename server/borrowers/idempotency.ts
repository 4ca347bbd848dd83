import { createHmac } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { sendError } from "../http/errors";
import { clientIdOf } from "../http/visitor";
import type { Storage } from "../storage/database";

/**
 * `Idempotency-Key` on the borrower's writes that create something or send
 * an SMS (issue 37, decision 0475; the header as
 * draft-ietf-httpapi-idempotency-key-header names it). Without the header a
 * request is done as before. With it, the first request claims the key in
 * the database (one row, its primary key: two instances given the same key
 * at once do it once) and is done; once it answered 2xx, a repeat with the
 * same body answers what it answered, its cookies too, and does nothing. A
 * repeat with another body is refused (422), one while the first is still
 * being done too (409, the client tries again). An answer other than 2xx
 * releases the key (nothing was made; the visitor may try again). A key is
 * the visitor's (their client id cookie) on this route: another visitor's
 * same key is another key, so a replay never hands one person's lead cookie
 * to another. A request that died mid-way holds the key for its lease only.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
const LEASE_MS = 60_000;
/** How long an answer is kept for a repeat (the sweep of unverified leads deletes older rows). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/** Printable ASCII only: no NUL, no control characters. */
const KEY_PATTERN = /^[\x20-\x7e]+$/;

/** The header's key (a Structured Field string's quotes taken off), undefined without it, null if bad. */
export function idempotencyKeyOf(req: Request): string | undefined | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  const key =
    text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) return null;
  return key;
}

interface StoredAnswer {
  body: unknown;
  cookies: string[];
}

export interface IdempotencyOptions {
  storage: Storage;
  clock: () => Date;
  /** The route's name in the key's scope ("applications", "verification", …). */
  route: string;
}

/** The lead a 2xx answer is about, set by the route: its answer is sealed under that lead's key. */
export function answerIsAbout(res: Response, leadId: string): void {
  res.locals.idempotentLead = leadId;
}

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** Stable JSON: an object's members in sorted order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; answer: StoredAnswer }
  | { kind: "mismatch" }
  | { kind: "busy" };

/**
 * Claims a key (its hashed id) for a request with this body fingerprint,
 * in the database: one claim wins however many requests or instances try
 * at once (the row's primary key); a stored answer is a replay; a lease
 * past its end is taken over by one request only.
 */
export async function claimIdempotencyKey(
  storage: Storage,
  id: string,
  fingerprint: string,
  clock: () => Date,
): Promise<Claim> {
  const db = storage.db;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const now = clock();
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        id,
        fingerprint,
        lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
        expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
        status: null,
        answer: null,
        key_id: null,
        lead_id: null,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { kind: "claimed" };
    const row = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) continue;
    if (row.expires_at <= now.toISOString()) {
      // Expired, not swept yet: a new key from now on.
      await db
        .deleteFrom("idempotency_keys")
        .where("id", "=", id)
        .where("expires_at", "=", row.expires_at)
        .execute();
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
    if (row.status !== null) {
      const opened = await opening(storage, row);
      if (opened) return { kind: "replay", status: row.status, answer: opened };
      // Its lead's key is gone (erased): nothing to answer with; the key is new again.
      await db.deleteFrom("idempotency_keys").where("id", "=", id).execute();
      continue;
    }
    if (row.lease_until > now.toISOString()) return { kind: "busy" };
    // The request that held it died mid-way: this one takes it over, if no other did first.
    const taken = await db
      .updateTable("idempotency_keys")
      .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "is", null)
      .where("lease_until", "=", row.lease_until)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: "claimed" } : { kind: "busy" };
  }
  return { kind: "busy" };
}

async function opening(
  storage: Storage,
  row: { answer: string | null; key_id: string | null },
): Promise<StoredAnswer | undefined> {
  const db = storage.db;
  if (!row.answer || !row.key_id) return undefined;
  const key = (await storage.keys.load(db, [row.key_id])).get(row.key_id);
  if (!key) return undefined;
  const opened = key.open("idempotency_keys", { answer: row.answer });
  return JSON.parse(opened.answer) as StoredAnswer;
}

/** The middleware: after the body is parsed, before limits (a repeat counts against none). */
export function idempotent(options: IdempotencyOptions): RequestHandler {
  const { storage, clock, route } = options;
  const db = storage.db;

  const store = async (id: string, leadId: string, status: number, answer: StoredAnswer) => {
    const lead = await db
      .selectFrom("leads")
      .select("key_id")
      .where("id", "=", leadId)
      .executeTakeFirst();
    const key = lead?.key_id
      ? (await storage.keys.load(db, [lead.key_id])).get(lead.key_id)
      : undefined;
    if (!key) return release(id);
    const sealed = key.seal("idempotency_keys", { answer: JSON.stringify(answer) });
    await db
      .updateTable("idempotency_keys")
      .set({ status, answer: sealed.answer, key_id: key.id, lead_id: leadId })
      .where("id", "=", id)
      .execute();
  };

  const release = async (id: string) => {
    await db
      .deleteFrom("idempotency_keys")
      .where("id", "=", id)
      .where("status", "is", null)
      .execute();
  };

  return async (req, res, next) => {
    const key = idempotencyKeyOf(req);
    if (key === undefined) return next();
    if (key === null) {
      sendError(
        res,
        400,
        "invalid_idempotency_key",
        "The Idempotency-Key header must be 1 to 255 printable characters.",
      );
      return;
    }
    const hashKey = await storage.keys.hashKey();
    const scope = `${route}:${req.path}:${clientIdOf(req) ?? ""}`;
    const id = hmac(hashKey, `idempotency:${scope}:${key}`);
    const fingerprint = hmac(
      hashKey,
      `idempotency-body:${canonical({ body: req.body ?? null, query: req.query })}`,
    );
    const claimed = await claimIdempotencyKey(storage, id, fingerprint, clock);
    res.setHeader("Cache-Control", "no-store");
    if (claimed.kind === "mismatch") {
      sendError(
        res,
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was used with another request: send a new key with a changed request.",
      );
      return;
    }
    if (claimed.kind === "busy") {
      res.setHeader("Retry-After", "1");
      sendError(
        res,
        409,
        "idempotency_key_in_use",
        "A request with this Idempotency-Key is still being done: try again in a moment.",
      );
      return;
    }
    if (claimed.kind === "replay") {
      for (const cookie of claimed.answer.cookies) res.append("Set-Cookie", cookie);
      res.status(claimed.status).json(claimed.answer.body);
      return;
    }
    let settled = false;
    const send = res.json.bind(res);
    const settle = async (body: unknown) => {
      const leadId = res.locals.idempotentLead as string | undefined;
      if (res.statusCode >= 200 && res.statusCode < 300 && leadId) {
        const header = res.getHeader("set-cookie");
        const cookies = Array.isArray(header) ? header.map(String) : header ? [String(header)] : [];
        await store(id, leadId, res.statusCode, { body, cookies });
      } else {
        await release(id);
      }
    };
    res.json = ((body: unknown) => {
      settled = true;
      settle(body).then(
        () => send(body),
        // The answer still goes; the key stays claimed until its lease ends.
        () => send(body),
      );
      return res;
    }) as Response["json"];
    // An answer sent some other way made nothing to replay. Not on `close`: a client gone
    // mid-request (a lost answer) leaves the request running, and its answer must be kept.
    res.on("finish", () => {
      if (!settled) void release(id).catch(() => undefined);
    });
    next();
  };
}

/** Deletes the keys past their expiry (with the sweep of unverified leads). */
export async function sweepIdempotencyKeys(storage: Storage, now: Date): Promise<number> {
  const deleted = await storage.db
    .deleteFrom("idempotency_keys")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
