/**
 * Importing lender records (lender-record.ts) into storage: every record
 * checked, then all written in one transaction. lender-export.ts gives them
 * back in the same format. `npm run lenders` (cli.ts) is the operators' way
 * in; the back office will use the same functions.
 */
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { UploadedImage } from "../../core/helpers/image-bytes";
import { checkOutboundUrl, OutboundRefused, type OutboundRules } from "../http/outbound";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import type { Database, LendersTable } from "../storage/schema";
import { lenderRecordSchema, type ParsedLenderRecord, type Product } from "./lender-record";
import { mayGoLive } from "./lenders";
import { readLogoSource } from "./logos";

/** A file (or a part of one) that cannot be imported: every problem, each naming its record and field. */
export class LenderImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "LenderImportError";
  }
}

export interface ImportOptions {
  /** The JSON file's folder: a logo given as a path is read from beside the file. */
  baseDir: string;
  /** Whether a record may be a sandbox lender (never in production). */
  allowSandbox: boolean;
  /** How a decision API's URL is checked: as partners' postback URLs (https, public addresses). */
  urlRules: OutboundRules;
  /**
   * The server's LENDER_DEADLINE_MS: a lender's own deadline may not be
   * longer (decision 0351). Left out, only the record's range holds.
   */
  maxDeadlineMs?: number;
  now?: Date;
  /** Who imports: each lender written gets an audit entry in the same transaction. */
  actor?: AuditActor;
}

export interface ImportResult {
  created: string[];
  updated: string[];
  /** Offer ids the import took off their lenders; they stay theirs, never another's. */
  retired: number[];
}

/**
 * A lender as the audit log keeps it: its row without the secret (only
 * whether there is one), its offer ids, and whether it has a logo.
 */
export function lenderAuditState(
  row: LendersTable,
  offerIds: readonly number[],
  logo: boolean,
): Record<string, unknown> {
  const {
    api_secret,
    api_secret_previous: _previous,
    test_api_secret: _test,
    created_at: _created,
    updated_at: _updated,
    ...rest
  } = row;
  return { ...rest, secret_set: api_secret !== null, offer_ids: [...offerIds], logo };
}

async function auditStateOf(
  trx: Transaction<Database>,
  id: string,
): Promise<Record<string, unknown> | null> {
  const row = await trx.selectFrom("lenders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [products, logo] = await Promise.all([
    trx
      .selectFrom("lender_products")
      .select("offer_id")
      .where("lender_id", "=", id)
      .orderBy("position")
      .execute(),
    trx
      .selectFrom("lender_logos")
      .select("lender_id")
      .where("lender_id", "=", id)
      .executeTakeFirst(),
  ]);
  return lenderAuditState(
    row,
    products.map((product) => product.offer_id),
    logo !== undefined,
  );
}

/** A file's records: one record, or a list of them. */
export function parseLenderFile(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LenderImportError([`The file is not JSON: ${(error as Error).message}`]);
  }
  if (Array.isArray(value)) return value;
  if (typeof value === "object" && value !== null) return [value];
  throw new LenderImportError(["The file must hold a lender record or a list of them."]);
}

/** "record 2 (kandy-lane)": how a problem names its record. */
function recordLabel(input: unknown, index: number): string {
  const id = (input as { id?: unknown } | null)?.id;
  return `record ${index + 1}${typeof id === "string" && id ? ` (${id})` : ""}`;
}

function issueLines(label: string, error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${label}: ${issue.path.map(String).join(".") || "(record)"}: ${issue.message}`,
  );
}

interface CheckedRecord {
  label: string;
  record: ParsedLenderRecord;
  logo: UploadedImage | null | undefined;
}

/** Everything that needs no storage: the schema, the file as a whole, logos, API URLs. */
async function checkRecords(inputs: unknown[], options: ImportOptions): Promise<CheckedRecord[]> {
  const problems: string[] = [];
  const checked: CheckedRecord[] = [];
  const lenderIds = new Map<string, string>();
  const offerIds = new Map<number, string>();
  if (inputs.length === 0) problems.push("The file holds no lender record.");
  for (const [index, input] of inputs.entries()) {
    const label = recordLabel(input, index);
    const result = lenderRecordSchema.safeParse(input);
    if (!result.success) {
      problems.push(...issueLines(label, result.error));
      continue;
    }
    const record = result.data;
    const twin = lenderIds.get(record.id);
    if (twin) problems.push(`${label}: id: ${record.id} is in the file twice (also ${twin})`);
    lenderIds.set(record.id, label);
    for (const [position, product] of record.products.entries()) {
      const other = offerIds.get(product.offer_id);
      if (other && other !== label) {
        problems.push(
          `${label}: products.${position}.offer_id: ${product.offer_id} is also in ${other}`,
        );
      }
      offerIds.set(product.offer_id, label);
    }
    if (record.sandbox && !options.allowSandbox) {
      problems.push(`${label}: sandbox: sandbox lenders are for testing, never in production`);
    }
    const ownDeadline = record.decision.mode === "api" ? record.decision.deadlineMs : undefined;
    if (
      ownDeadline !== undefined &&
      options.maxDeadlineMs !== undefined &&
      ownDeadline > options.maxDeadlineMs
    ) {
      problems.push(
        `${label}: decision.deadlineMs: must be at most ${options.maxDeadlineMs}, the server's LENDER_DEADLINE_MS`,
      );
    }
    if (record.decision.mode === "api" && !record.sandbox) {
      try {
        await checkOutboundUrl(record.decision.url, options.urlRules);
      } catch (error) {
        if (!(error instanceof OutboundRefused)) throw error;
        problems.push(`${label}: decision.url: ${decisionUrlProblem(record.decision.url, error)}`);
      }
    }
    let logo: UploadedImage | null | undefined = record.logo === null ? null : undefined;
    if (typeof record.logo === "string") {
      const read = await readLogoSource(record.logo, options.baseDir);
      if (typeof read === "string") problems.push(`${label}: logo: ${read}`);
      else logo = read;
    }
    checked.push({ label, record, logo });
  }
  if (problems.length > 0) throw new LenderImportError(problems);
  return checked;
}

/**
 * Why a decision URL is refused, and what would take it: http:// only
 * outside production (the tool's and the server's NODE_ENV, production
 * unless set), never an address of this machine or network but a sandbox's.
 */
function decisionUrlProblem(url: string, error: OutboundRefused): string {
  if (error.reason === "scheme" && URL.parse(url)?.protocol === "http:") {
    return "must be https (http:// is taken only with NODE_ENV=development, never in production)";
  }
  if (error.reason === "address") {
    return `${error.message} (a decision URL must be on the public internet; to test on this machine, see "Testing your integration" in docs/lenders.md)`;
  }
  return error.message;
}

/** The lenders row a record makes, given what storage holds of it. */
function lenderRow(
  { record }: CheckedRecord,
  existing: LendersTable | undefined,
  at: string,
): LendersTable {
  const api = record.decision.mode === "api" ? record.decision : undefined;
  const keepsGrace = record.secret === undefined || record.secret === existing?.api_secret;
  return {
    id: record.id,
    names: JSON.stringify({
      en: record.names.en,
      si: record.names.si,
      ...(record.names.ta ? { ta: record.names.ta } : {}),
    }),
    legal_name: record.legalName,
    website: record.website ?? null,
    complaints_contact: record.complaints ? JSON.stringify(record.complaints) : null,
    licence_regulator: record.licence?.regulator ?? null,
    licence_category: record.licence?.category ?? null,
    licence_number: record.licence?.number ?? null,
    status: record.status ?? existing?.status ?? "draft",
    // A status the file changes is the operator's; one it keeps keeps who paused it (0410).
    paused_by:
      (record.status ?? existing?.status) !== "paused"
        ? null
        : record.status === undefined || record.status === existing?.status
          ? (existing?.paused_by ?? "operator")
          : "operator",
    daily_lead_cap: record.dailyLeadCap ?? null,
    decision_mode: record.decision.mode,
    api_url: api?.url ?? null,
    api_secret: record.secret === undefined ? (existing?.api_secret ?? null) : record.secret,
    // A lender's rotation grace (0412) is kept, unless the file gives another secret: the old
    // one then stops at once, as with the operator's rotation.
    api_secret_previous: keepsGrace ? (existing?.api_secret_previous ?? null) : null,
    api_secret_previous_until: keepsGrace ? (existing?.api_secret_previous_until ?? null) : null,
    api_fields: api ? JSON.stringify(api.fields) : null,
    api_concurrency: api?.concurrency ?? null,
    api_deadline_ms: api?.deadlineMs ?? null,
    // Test mode's are the lender's own, set in the lender portal: an import keeps them.
    test_api_url: existing?.test_api_url ?? null,
    test_api_secret: existing?.test_api_secret ?? null,
    sample: existing?.sample ?? 0,
    sandbox: record.sandbox ? 1 : 0,
    created_at: existing?.created_at ?? at,
    updated_at: at,
  };
}

/** What needs storage: samples stay samples, the licence rule, secrets, who owns an offer id. */
async function checkAgainstStorage(
  trx: Transaction<Database>,
  checked: CheckedRecord[],
  existing: Map<string, LendersTable>,
  rows: Map<string, LendersTable>,
): Promise<void> {
  const problems: string[] = [];
  const offerIds = checked.flatMap(({ record }) => record.products.map((p) => p.offer_id));
  const owners = new Map<number, string>();
  if (offerIds.length > 0) {
    const [current, retired] = await Promise.all([
      trx
        .selectFrom("lender_products")
        .select(["offer_id", "lender_id"])
        .where("offer_id", "in", offerIds)
        .execute(),
      trx
        .selectFrom("retired_offer_ids")
        .select(["offer_id", "lender_id"])
        .where("offer_id", "in", offerIds)
        .execute(),
    ]);
    for (const row of [...current, ...retired]) owners.set(row.offer_id, row.lender_id);
  }
  for (const item of checked) {
    const { label, record } = item;
    const before = existing.get(record.id);
    const row = rows.get(record.id) as LendersTable;
    if (record.sample && before?.sample !== 1) {
      problems.push(`${label}: sample: only the shipped sample lenders are samples`);
    }
    if (before?.sample === 1 && record.sample !== true) {
      problems.push(
        `${label}: sample: ${record.id} is a sample lender; a real lender needs an id of its own`,
      );
    }
    if (row.status === "live" && !mayGoLive(row)) {
      problems.push(
        `${label}: status: ${record.id} would be live without a licence; give its licence (regulator, category, number) or make it a draft`,
      );
    }
    if (row.decision_mode === "api" && !row.api_secret) {
      problems.push(
        `${label}: secret: an api lender needs a secret (at least 32 characters) to sign our requests`,
      );
    }
    for (const [position, product] of record.products.entries()) {
      const owner = owners.get(product.offer_id);
      if (owner !== undefined && owner !== record.id) {
        problems.push(
          `${label}: products.${position}.offer_id: ${product.offer_id} is ${owner}'s; an offer id is never another lender's`,
        );
      }
    }
  }
  if (problems.length > 0) throw new LenderImportError(problems);
}

/** Writes one lender's products: the record's list replaces the stored one; dropped ids retire. */
async function writeProducts(
  trx: Transaction<Database>,
  id: string,
  products: readonly Product[],
  at: string,
): Promise<number[]> {
  const stored = await trx
    .selectFrom("lender_products")
    .select(["offer_id", "position"])
    .where("lender_id", "=", id)
    .execute();
  let base = Math.min(...stored.map((row) => row.position));
  if (!Number.isFinite(base)) {
    // A lender new to the catalogue comes after every other, in the file's order.
    const last = await trx
      .selectFrom("lender_products")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    base = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  }
  const keep = new Set(products.map((product) => product.offer_id));
  const dropped = stored.map((row) => row.offer_id).filter((offerId) => !keep.has(offerId));
  if (dropped.length > 0) {
    await trx.deleteFrom("lender_products").where("offer_id", "in", dropped).execute();
    await trx
      .insertInto("retired_offer_ids")
      .values(dropped.map((offerId) => ({ offer_id: offerId, lender_id: id, retired_at: at })))
      .onConflict((conflict) => conflict.column("offer_id").doNothing())
      .execute();
  }
  if (keep.size > 0) {
    // A product brought back is current again, no longer retired.
    await trx
      .deleteFrom("retired_offer_ids")
      .where("offer_id", "in", [...keep])
      .execute();
  }
  for (const [index, product] of products.entries()) {
    const { offer_id: offerId, ...offer } = product;
    await trx
      .insertInto("lender_products")
      .values({
        offer_id: offerId,
        lender_id: id,
        position: base + index,
        offer: JSON.stringify({ offer_id: offerId, ...offer }),
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) =>
        conflict.column("offer_id").doUpdateSet({
          position: base + index,
          offer: JSON.stringify({ offer_id: offerId, ...offer }),
          updated_at: at,
        }),
      )
      .execute();
  }
  return dropped;
}

/**
 * Imports lender records: every record is checked (the schema, the file as
 * a whole, logos, decision API URLs, then against storage) before anything
 * is written, and all are written in one transaction, or nothing is. A
 * record replaces its lender's fields and product list; `status`, `secret`
 * and `logo` left out keep what storage holds. The running servers see the
 * change within a second (the page version, decision 0260), at the latest at
 * their next read of the lenders (every 30 s).
 */
export async function importLenders(
  storage: Storage,
  inputs: unknown[],
  options: ImportOptions,
): Promise<ImportResult> {
  const checked = await checkRecords(inputs, options);
  const at = (options.now ?? new Date()).toISOString();
  return storage.db.transaction().execute(async (trx) => {
    const ids = checked.map(({ record }) => record.id);
    const existing = new Map(
      (await trx.selectFrom("lenders").selectAll().where("id", "in", ids).execute()).map((row) => [
        row.id,
        row,
      ]),
    );
    const rows = new Map(
      checked.map((item) => [item.record.id, lenderRow(item, existing.get(item.record.id), at)]),
    );
    await checkAgainstStorage(trx, checked, existing, rows);
    const result: ImportResult = { created: [], updated: [], retired: [] };
    for (const item of checked) {
      const { id } = item.record;
      const row = rows.get(id) as LendersTable;
      const before = options.actor ? await auditStateOf(trx, id) : null;
      const { id: _id, created_at: _created, ...changes } = row;
      await trx
        .insertInto("lenders")
        .values(row)
        .onConflict((conflict) => conflict.column("id").doUpdateSet(changes))
        .execute();
      (existing.has(id) ? result.updated : result.created).push(id);
      result.retired.push(...(await writeProducts(trx, id, item.record.products, at)));
      if (item.logo === null) {
        await trx.deleteFrom("lender_logos").where("lender_id", "=", id).execute();
      } else if (item.logo) {
        const logo = {
          content_type: item.logo.contentType,
          data: Buffer.from(item.logo.bytes),
          updated_at: at,
        };
        await trx
          .insertInto("lender_logos")
          .values({ lender_id: id, ...logo })
          .onConflict((conflict) => conflict.column("lender_id").doUpdateSet(logo))
          .execute();
      }
      if (options.actor) {
        await recordAudit(
          trx,
          options.actor,
          {
            action: before ? "lender.update" : "lender.create",
            subject: `lender:${id}`,
            before,
            after: await auditStateOf(trx, id),
          },
          new Date(at),
        );
      }
    }
    // Every instance's cached pages go, and their offers are read again (decision 0260).
    await touchPages(trx, storage);
    return result;
  });
}
