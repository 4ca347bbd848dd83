import { lenderSlug } from "../../core/domain/matching";
import { type ComplaintsContact, type Offer, offerSchema } from "../../core/domain/schemas/offer";
import { type AuditActor, type AuditChange, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import type { LenderStatus, LendersTable } from "../storage/schema";
import lk from "./catalogues/lk.json";
import { lenderLogoPath } from "./logos";

/** The settings row that says the sample lenders were written in once. */
const SEEDED_SETTING = "lenders_seeded";

/** A lender may take leads (`live`) only with a licence, unless it is a sample or a sandbox. */
export function mayGoLive(
  lender: Pick<
    LendersTable,
    "sample" | "sandbox" | "licence_regulator" | "licence_category" | "licence_number"
  >,
): boolean {
  if (lender.sample === 1 || lender.sandbox === 1) return true;
  return Boolean(lender.licence_regulator && lender.licence_category && lender.licence_number);
}

export class LenderError extends Error {
  constructor(
    message: string,
    /** What the back office says in its own words. */
    readonly problem: "not_found" | "no_licence" | "not_api" = "not_found",
  ) {
    super(message);
    this.name = "LenderError";
  }
}

/**
 * A new database's first lenders: the sample catalogue (catalogues/lk.json),
 * each lender visibly a sample, once. Answers whether it wrote them now; an
 * operator who later removes them does not see them come back.
 */
export async function seedSampleLenders(storage: Storage, now = new Date()): Promise<boolean> {
  return storage.db.transaction().execute(async (trx) => {
    const seeded = await trx
      .selectFrom("settings")
      .select("value")
      .where("key", "=", SEEDED_SETTING)
      .executeTakeFirst();
    if (seeded) return false;
    const offers = (lk as unknown[]).map((entry) => offerSchema.parse(entry));
    const at = now.toISOString();
    const written = new Set<string>();
    for (const [position, offer] of offers.entries()) {
      const id = lenderSlug(offer);
      if (!written.has(id)) {
        written.add(id);
        await trx
          .insertInto("lenders")
          .values({
            id,
            names: JSON.stringify(
              offer.lender.names ?? { en: offer.lender.name, si: offer.lender.name },
            ),
            legal_name: offer.lender.name,
            website: null,
            complaints_contact: null,
            licence_regulator: null,
            licence_category: null,
            licence_number: null,
            status: "live",
            daily_lead_cap: null,
            decision_mode: "criteria",
            api_url: null,
            api_secret: null,
            api_fields: null,
            sample: 1,
            sandbox: 0,
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column("id").doNothing())
          .execute();
      }
      const { lender: _lender, ...product } = offer;
      await trx
        .insertInto("lender_products")
        .values({
          offer_id: offer.offer_id,
          lender_id: id,
          position,
          offer: JSON.stringify(product),
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column("offer_id").doNothing())
        .execute();
    }
    // Instances started together on a new database: the second waits on the rows above, then
    // finds them written; its own marker must not fail its start (decision 0281).
    await trx
      .insertInto("settings")
      .values({ key: SEEDED_SETTING, value: at })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    await touchPages(trx, storage);
    return true;
  });
}

/**
 * The offers visitors see: every product of a live lender, in catalogue
 * order; a sandbox lender's only when asked (never in production). A lender's logo is its uploaded image, else a sample's drawing,
 * else its monogram, both of those served at /lenders/{id}/logo too
 * (docs/decisions/0102): always an image we serve.
 */
export async function readVisibleOffers(
  storage: Storage,
  options: { withSandbox: boolean } = { withSandbox: true },
): Promise<Offer[]> {
  let query = storage.db
    .selectFrom("lender_products")
    .innerJoin("lenders", "lenders.id", "lender_products.lender_id")
    .leftJoin("lender_logos", "lender_logos.lender_id", "lenders.id")
    .select([
      "lender_products.offer_id",
      "lender_products.offer",
      "lenders.id as lender_id",
      "lenders.names",
      "lenders.legal_name",
      "lenders.website",
      "lenders.complaints_contact",
      "lenders.sample",
      "lenders.sandbox",
      "lenders.licence_regulator",
      "lenders.licence_category",
      "lenders.licence_number",
      "lender_logos.lender_id as logo_of",
    ])
    .where("lenders.status", "=", "live");
  if (!options.withSandbox) query = query.where("lenders.sandbox", "=", 0);
  const rows = await query
    .orderBy("lender_products.position")
    .orderBy("lender_products.offer_id")
    .execute();
  return rows.map((row) => {
    const names = JSON.parse(row.names) as { en: string; si: string; ta?: string };
    const licence =
      row.licence_regulator && row.licence_category && row.licence_number
        ? {
            regulator: row.licence_regulator,
            category: row.licence_category,
            number: row.licence_number,
          }
        : undefined;
    return offerSchema.parse({
      ...(JSON.parse(row.offer) as object),
      offer_id: row.offer_id,
      lender: {
        id: row.lender_id,
        name: names.en,
        names,
        logo:
          row.sample === 1 && !row.logo_of
            ? `/lenders/${row.lender_id}.svg`
            : lenderLogoPath(row.lender_id),
        sample: row.sample === 1,
        ...(row.sandbox === 1 ? { sandbox: true } : {}),
        ...(licence ? { licence } : {}),
        legalName: row.legal_name,
        ...(row.website ? { website: row.website } : {}),
        ...(row.complaints_contact
          ? { complaints: JSON.parse(row.complaints_contact) as ComplaintsContact }
          : {}),
      },
    });
  });
}

/**
 * Pauses a lender, or makes it live: only with a licence (or as a sample or
 * sandbox). With an actor, the change and its audit entry commit together.
 */
export async function setLenderStatus(
  storage: Storage,
  id: string,
  status: LenderStatus,
  now = new Date(),
  actor?: AuditActor,
): Promise<void> {
  await changeLender(storage, id, actor, now, (lender) => {
    if (status === "live" && !mayGoLive(lender)) {
      throw new LenderError(
        `${id} has no licence: set its regulator, category and number before it goes live.`,
        "no_licence",
      );
    }
    return {
      // The operator's pause: the lender cannot resume it in its portal (decision 0410).
      set: { status, paused_by: status === "paused" ? "operator" : null },
      pages: true,
      audit:
        status === "live" || status === "paused"
          ? {
              action: status === "live" ? "lender.live" : "lender.pause",
              before: { status: lender.status },
              after: { status },
            }
          : undefined,
      result: undefined,
    };
  });
}

/** What one change makes of a lender's row as it was: its columns, audit entry and answer. */
export type LenderChange<Result> =
  | {
      set: Partial<Omit<LendersTable, "id" | "created_at" | "updated_at">>;
      /** Written with the actor, if there is one. */
      audit?: Omit<AuditChange, "subject"> | undefined;
      /** Whether what the site shows changes too (its page cache is dropped). */
      pages?: boolean;
      result: Result;
    }
  | { result: Result };

/**
 * One change to a lender, in one transaction with its audit entry (the
 * tool's, the back office's and the lender portal's): `change` reads the
 * row as it was and says what to write, or nothing. A lender that is not
 * there is a LenderError (not_found).
 */
export async function changeLender<Result>(
  storage: Storage,
  lenderId: string,
  actor: AuditActor | undefined,
  now: Date,
  change: (row: LendersTable) => LenderChange<Result>,
): Promise<Result> {
  return storage.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("lenders")
      .selectAll()
      .where("id", "=", lenderId)
      .executeTakeFirst();
    if (!row) throw new LenderError(`There is no lender "${lenderId}".`, "not_found");
    const made = change(row);
    if (!("set" in made)) return made.result;
    await trx
      .updateTable("lenders")
      .set({ ...made.set, updated_at: now.toISOString() })
      .where("id", "=", lenderId)
      .execute();
    if (made.pages) await touchPages(trx, storage);
    if (actor && made.audit) {
      await recordAudit(trx, actor, { ...made.audit, subject: `lender:${lenderId}` }, now);
    }
    return made.result;
  });
}
