import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { POSTBACK_MACROS } from "../../core/views/portal/postbacks";
import { checkOutboundUrl, OutboundRefused, type OutboundRules } from "../http/outbound";
import { type AuditActor, type AuditChange, COMMAND_LINE, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import type { Database, PartnerStatus, PartnersTable, PayoutModel } from "../storage/schema";

/**
 * Partners (issue 8) and their keys. A partner has three credentials:
 * - a publishable key (pk_…), public, usable only from its registered
 *   origins and only for the read-only feed and the events;
 * - a secret key (sk_…, 256 random bits) for the partner API, shown once
 *   and stored only as its SHA-256 (a hash of a random 256-bit key needs no
 *   salt or slow hash: there is nothing to guess);
 * - a postback secret (whsec_…) with which we sign postbacks to the
 *   partner; we must keep it to sign, which is why it is not the secret key.
 */

export const PAYOUT_MODELS = ["lead", "sale"] as const satisfies readonly PayoutModel[];

/** A partner id doubles as the widget's `partner` attribute: a short code, never free text. */
export const PARTNER_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const SECRET_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;
const PUBLISHABLE_KEY_PATTERN = /^pk_[A-Za-z0-9_-]{32}$/;

export interface Partner {
  id: string;
  name: string;
  payoutModel: PayoutModel;
  payoutRupees: number;
  publishableKey: string;
  origins: string[];
  postbackUrl: string | null;
  createdAt: string;
  disabledAt: string | null;
  /** pending: a sign-up waiting for an operator; only an active partner's keys work. */
  status: PartnerStatus;
  /**
   * Since when the partner gets an "offers ready" postback for each lead whose
   * lenders' decisions complete (decision 0357); null: it does not.
   */
  offersReadySince: string | null;
}

/** What the partner must copy now: the secret key and postback secret are never shown again. */
export interface IssuedKeys {
  publishableKey?: string;
  secretKey?: string;
  postbackSecret?: string;
}

/** Why a text is not an origin: not an http(s) URL, or a path, query or fragment after the host. */
export function originProblem(text: string): "invalid" | "path" | undefined {
  const url = URL.parse(text);
  if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) return "invalid";
  return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash
    ? undefined
    : "path";
}

const ORIGIN_MESSAGES = {
  invalid: "must be an http(s) origin like https://partner.lk",
  path: "must be an origin only (scheme, host and port), without a path",
} as const;

const originSchema = z
  .string()
  .superRefine((text, context) => {
    const problem = originProblem(text);
    if (problem) context.addIssue({ code: "custom", message: ORIGIN_MESSAGES[problem] });
  })
  .transform((text) => new URL(text).origin);

export type PostbackUrlProblem = "url" | "too_long" | "macro" | "macro_host";

/**
 * Why a postback URL template is refused, before its host is checked
 * (checkPostbackUrl): the one rule of the partner tool, the back office and
 * the portal.
 */
export function postbackUrlProblem(text: string): PostbackUrlProblem | undefined {
  const url = URL.parse(text);
  if (!url || !/^https?:$/.test(url.protocol)) return "url";
  if (text.length > 2_000) return "too_long";
  const known = (name: string | undefined) =>
    (POSTBACK_MACROS as readonly string[]).includes(name ?? "");
  if (![...text.matchAll(/\{([^{}]*)\}/g)].every(([, name]) => known(name))) return "macro";
  // A macro's value comes from a visitor's attribution: it must never choose the host we call.
  if (/[{}]/.test(`${url.username}${url.password}${url.host}`)) return "macro_host";
  return undefined;
}

const POSTBACK_URL_MESSAGES: Record<PostbackUrlProblem, string> = {
  url: "must be an http(s) URL",
  too_long: "must be at most 2000 characters",
  macro: `may hold only the macros ${POSTBACK_MACROS.map((macro) => `{${macro}}`).join(", ")}`,
  macro_host: "may hold macros only after the host (in the path and query)",
};

const postbackUrlSchema = z.string().superRefine((text, context) => {
  const problem = postbackUrlProblem(text);
  if (problem) context.addIssue({ code: "custom", message: POSTBACK_URL_MESSAGES[problem] });
});

export const partnerInputSchema = z.strictObject({
  id: z.string().regex(PARTNER_ID_PATTERN, "must be 1–40 lower-case letters, digits or hyphens"),
  name: z.string().trim().min(1).max(100),
  payoutModel: z.enum(PAYOUT_MODELS),
  payoutRupees: z.number().int().min(0).max(1_000_000),
  origins: z.array(originSchema).max(20),
  postbackUrl: postbackUrlSchema.nullable(),
  /** Whether the partner gets an "offers ready" postback per lead (decision 0357); off unless given. */
  offersReady: z.boolean().optional(),
});
export type PartnerInput = z.input<typeof partnerInputSchema>;

export const partnerUpdateSchema = partnerInputSchema.omit({ id: true }).partial();
export type PartnerUpdate = z.input<typeof partnerUpdateSchema>;

/** A partner id from a name: "Lanka Deals (Pvt) Ltd" → "lanka-deals-pvt-ltd". */
export function partnerIdFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}

export function hashSecretKey(secretKey: string): string {
  return createHash("sha256").update(secretKey).digest("hex");
}

export function newSecretKey(): string {
  return `sk_${randomBytes(32).toString("base64url")}`;
}

export function newPublishableKey(): string {
  return `pk_${randomBytes(24).toString("base64url")}`;
}

export function newPostbackSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function looksLikeSecretKey(text: string): boolean {
  return SECRET_KEY_PATTERN.test(text);
}

export function looksLikePublishableKey(text: string): boolean {
  return PUBLISHABLE_KEY_PATTERN.test(text);
}

function partnerOf(row: PartnersTable): Partner {
  return {
    id: row.id,
    name: row.name,
    payoutModel: row.payout_model,
    payoutRupees: row.payout_rupees,
    publishableKey: row.publishable_key,
    origins: JSON.parse(row.origins) as string[],
    postbackUrl: row.postback_url,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    status: row.status,
    offersReadySince: row.offers_ready_since,
  };
}

/**
 * What the audit log keeps of a partner: its terms and state, never a key
 * or secret, and of the postback URL only its host (a template may carry
 * the partner's own token in its query).
 */
export function auditedPartner(partner: Partner): Record<string, unknown> {
  let postbackHost: string | null = null;
  if (partner.postbackUrl) {
    try {
      postbackHost = new URL(partner.postbackUrl).host;
    } catch {
      postbackHost = "(unparsable)";
    }
  }
  return {
    partnerName: partner.name,
    status: partner.status,
    disabled: partner.disabledAt !== null,
    payoutModel: partner.payoutModel,
    payoutRupees: partner.payoutRupees,
    origins: partner.origins,
    postbackHost,
    offersReady: partner.offersReadySince !== null,
  };
}

export class PartnerError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "PartnerError";
  }
}

/** How postback URLs are checked when saved; the configuration's rules come from the caller. */
export interface PartnerSaveOptions {
  /** https only, to public hosts over the system's DNS, unless given (server/http/outbound.ts). */
  postbackRules?: OutboundRules;
  now?: Date;
  /** Who makes the change, for the audit log: the command line unless given. */
  actor?: AuditActor;
  /** pending: a sign-up that waits for approval (the partner portal's, or `create --pending`). */
  status?: "pending" | "active";
}

/** Who changes a partner and when: every change is written to the audit log. */
export interface PartnerChange {
  actor: AuditActor;
  now?: Date;
  postbackRules?: OutboundRules;
}

const HTTPS_ONLY: OutboundRules = { allowHttp: false };

/**
 * A postback URL's host must resolve to public addresses only (it is
 * checked again before each send: postbacks.ts); https, and http only where
 * the rules allow it. A refusal names the problem, as a PartnerError.
 */
async function checkPostbackUrl(url: string | null | undefined, rules: OutboundRules) {
  if (!url) return;
  try {
    await checkOutboundUrl(url, rules);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw new PartnerError(`Invalid partner: postbackUrl ${error.message}`, {
      postbackUrl: error.message,
    });
  }
}

function parseOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".")] ??= issue.message;
  throw new PartnerError(
    `Invalid partner: ${Object.entries(fields)
      .map(([field, message]) => `${field} ${message}`)
      .join("; ")}`,
    fields,
  );
}

export async function createPartner(
  storage: Storage,
  input: PartnerInput,
  {
    postbackRules = HTTPS_ONLY,
    now = new Date(),
    actor = COMMAND_LINE,
    status = "active",
  }: PartnerSaveOptions = {},
): Promise<{ partner: Partner; keys: Required<IssuedKeys> }> {
  const data = parseOrThrow(partnerInputSchema, input);
  await checkPostbackUrl(data.postbackUrl, postbackRules);
  const keys = {
    publishableKey: newPublishableKey(),
    secretKey: newSecretKey(),
    postbackSecret: newPostbackSecret(),
  };
  const existing = await storage.db
    .selectFrom("partners")
    .select("id")
    .where("id", "=", data.id)
    .executeTakeFirst();
  if (existing) throw new PartnerError(`A partner with the id "${data.id}" exists already.`);
  const row: PartnersTable = {
    id: data.id,
    name: data.name,
    payout_model: data.payoutModel,
    payout_rupees: data.payoutRupees,
    publishable_key: keys.publishableKey,
    secret_key_hash: hashSecretKey(keys.secretKey),
    origins: JSON.stringify([...new Set(data.origins)]),
    postback_url: data.postbackUrl,
    postback_secret: keys.postbackSecret,
    created_at: now.toISOString(),
    disabled_at: null,
    status,
    offers_ready_since: data.offersReady ? now.toISOString() : null,
  };
  const partner = partnerOf(row);
  await storage.db.transaction().execute(async (trx) => {
    await trx.insertInto("partners").values(row).execute();
    await audit(trx, actor, { action: "partner.create", partner, after: partner }, now);
  });
  return { partner, keys };
}

export async function listPartners(storage: Storage): Promise<Partner[]> {
  const rows = await storage.db.selectFrom("partners").selectAll().orderBy("id").execute();
  return rows.map(partnerOf);
}

export async function findPartner(storage: Storage, id: string): Promise<Partner | undefined> {
  if (!PARTNER_ID_PATTERN.test(id)) return undefined;
  const row = await storage.db
    .selectFrom("partners")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? partnerOf(row) : undefined;
}

/** The postback secret, for signing; never part of a Partner that might be printed or logged. */
export async function postbackSecretOf(storage: Storage, id: string): Promise<string | undefined> {
  const row = await storage.db
    .selectFrom("partners")
    .select("postback_secret")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.postback_secret;
}

/** One audit entry about a partner, with its state before and after (auditedPartner). */
async function audit(
  db: Kysely<Database>,
  actor: AuditActor,
  entry: {
    action: AuditChange["action"];
    partner: Partner;
    before?: Partner;
    after?: Partner;
    extra?: Record<string, unknown>;
  },
  now: Date,
): Promise<void> {
  await recordAudit(
    db,
    actor,
    {
      action: entry.action,
      subject: `partner:${entry.partner.id}`,
      before: entry.before ? auditedPartner(entry.before) : undefined,
      after: entry.after ? { ...auditedPartner(entry.after), ...entry.extra } : entry.extra,
    },
    now,
  );
}

async function partnerOrThrow(db: Kysely<Database>, id: string): Promise<Partner> {
  const row = PARTNER_ID_PATTERN.test(id)
    ? await db.selectFrom("partners").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw new PartnerError(`There is no partner "${id}".`);
  return partnerOf(row);
}

export async function updatePartner(
  storage: Storage,
  id: string,
  update: PartnerUpdate,
  { postbackRules = HTTPS_ONLY, actor, now = new Date() }: PartnerChange,
): Promise<Partner> {
  const data = parseOrThrow(partnerUpdateSchema, update);
  await checkPostbackUrl(data.postbackUrl, postbackRules);
  const values: Partial<PartnersTable> = {};
  if (data.name !== undefined) values.name = data.name;
  if (data.payoutModel !== undefined) values.payout_model = data.payoutModel;
  if (data.payoutRupees !== undefined) values.payout_rupees = data.payoutRupees;
  if (data.origins !== undefined) values.origins = JSON.stringify([...new Set(data.origins)]);
  if (data.postbackUrl !== undefined) values.postback_url = data.postbackUrl;
  return storage.db.transaction().execute(async (trx) => {
    const before = await partnerOrThrow(trx, id);
    // Turned on keeps the moment it first was: only leads verified since then are told of.
    if (data.offersReady !== undefined && data.offersReady !== (before.offersReadySince !== null)) {
      values.offers_ready_since = data.offersReady ? now.toISOString() : null;
    }
    if (Object.keys(values).length === 0) return before;
    await trx.updateTable("partners").set(values).where("id", "=", id).execute();
    const after = await partnerOrThrow(trx, id);
    await audit(trx, actor, { action: "partner.update", partner: after, before, after }, now);
    return after;
  });
}

/** A disabled partner's keys stop working at once; its history stays. */
export async function setPartnerDisabled(
  storage: Storage,
  id: string,
  disabled: boolean,
  { actor, now = new Date() }: PartnerChange,
): Promise<Partner> {
  return storage.db.transaction().execute(async (trx) => {
    const before = await partnerOrThrow(trx, id);
    // Disabling a disabled partner keeps its first date; nothing changes, nothing is logged.
    if ((before.disabledAt !== null) === disabled) return before;
    await trx
      .updateTable("partners")
      .set({ disabled_at: disabled ? now.toISOString() : null })
      .where("id", "=", id)
      .execute();
    const after = await partnerOrThrow(trx, id);
    const action = disabled ? "partner.disable" : "partner.enable";
    await audit(trx, actor, { action, partner: after, before, after }, now);
    return after;
  });
}

/**
 * An operator's answer to a sign-up: approve makes a pending partner active
 * (its keys start working), reject closes it for good. Only a pending
 * partner can be answered.
 */
export async function decideSignUp(
  storage: Storage,
  id: string,
  decision: "approve" | "reject",
  {
    actor,
    now = new Date(),
    terms,
  }: PartnerChange & {
    /** The terms an approval sets (the back office asks them: decision 0429). */
    terms?: { payoutModel: PayoutModel; payoutRupees: number } | undefined;
  },
): Promise<Partner> {
  return storage.db.transaction().execute(async (trx) => {
    const before = await partnerOrThrow(trx, id);
    if (before.status !== "pending") {
      throw new PartnerError(`The partner "${id}" is not waiting for approval.`);
    }
    const status: PartnerStatus = decision === "approve" ? "active" : "rejected";
    await trx
      .updateTable("partners")
      .set({
        status,
        ...(decision === "approve" && terms
          ? { payout_model: terms.payoutModel, payout_rupees: terms.payoutRupees }
          : {}),
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
    const after = await partnerOrThrow(trx, id);
    const action = decision === "approve" ? "partner.approve" : "partner.reject";
    await audit(trx, actor, { action, partner: after, before, after }, now);
    return after;
  });
}

export type RotatableKey = "secret" | "publishable" | "postback";

/** New keys for the ones named; the old ones stop working at once. */
export async function rotateKeys(
  storage: Storage,
  id: string,
  which: readonly RotatableKey[],
  { actor, now = new Date() }: PartnerChange,
): Promise<IssuedKeys> {
  const keys: IssuedKeys = {};
  const values: Partial<PartnersTable> = {};
  if (which.includes("secret")) {
    keys.secretKey = newSecretKey();
    values.secret_key_hash = hashSecretKey(keys.secretKey);
  }
  if (which.includes("publishable")) {
    keys.publishableKey = newPublishableKey();
    values.publishable_key = keys.publishableKey;
  }
  if (which.includes("postback")) {
    keys.postbackSecret = newPostbackSecret();
    values.postback_secret = keys.postbackSecret;
  }
  if (Object.keys(values).length === 0) throw new PartnerError("Name at least one key to rotate.");
  await storage.db.transaction().execute(async (trx) => {
    const partner = await partnerOrThrow(trx, id);
    await trx.updateTable("partners").set(values).where("id", "=", id).execute();
    // Which keys were replaced, and the publishable key's last four: never a secret.
    const rotated = (["secret", "publishable", "postback"] as const).filter((key) =>
      which.includes(key),
    );
    const extra = {
      rotated,
      ...(keys.publishableKey ? { publishableKeyEnd: keys.publishableKey.slice(-4) } : {}),
    };
    await audit(trx, actor, { action: "partner.rotate", partner, extra }, now);
  });
  return keys;
}

/**
 * The active partner holding this secret key, looked up by its hash. The
 * lookup's timing could at most tell how a guess's SHA-256 compares with a
 * stored one, which says nothing about a 256-bit random key.
 */
export async function partnerBySecretKey(
  storage: Storage,
  secretKey: string,
): Promise<Partner | undefined> {
  if (!looksLikeSecretKey(secretKey)) return undefined;
  const hash = hashSecretKey(secretKey);
  const row = await storage.db
    .selectFrom("partners")
    .selectAll()
    .where("secret_key_hash", "=", hash)
    .where("disabled_at", "is", null)
    .where("status", "=", "active")
    .executeTakeFirst();
  return row ? partnerOf(row) : undefined;
}

/** The active partner of a publishable key (public: a plain lookup). */
export async function partnerByPublishableKey(
  storage: Storage,
  publishableKey: string,
): Promise<Partner | undefined> {
  if (!looksLikePublishableKey(publishableKey)) return undefined;
  const row = await storage.db
    .selectFrom("partners")
    .selectAll()
    .where("publishable_key", "=", publishableKey)
    .where("disabled_at", "is", null)
    .where("status", "=", "active")
    .executeTakeFirst();
  return row ? partnerOf(row) : undefined;
}

/**
 * The id of an active partner named by an application's `partner`
 * attribution, or null: an unknown code is kept in the attribution but
 * attributes nothing.
 */
export async function activePartnerId(
  db: Kysely<Database>,
  id: string | undefined,
): Promise<string | null> {
  if (id === undefined) return null;
  // The widget's `partner` may hold the partner's publishable key instead of its id (issue 6).
  const byKey = id.startsWith("pk_");
  if (!byKey && !PARTNER_ID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom("partners")
    .select("id")
    .where(byKey ? "publishable_key" : "id", "=", id)
    .where("disabled_at", "is", null)
    .where("status", "=", "active")
    .executeTakeFirst();
  return row?.id ?? null;
}
