import { type Offer, offerSchema } from "../../core/schemas/offer";
import type { LenderApiField } from "../lenders/decision-api";
import type { Storage } from "../storage/database";
import type { LenderStatus } from "../storage/schema";

/** One product of a lender: an offer of the feed without its lender (core/schemas/offer.ts). */
export type LenderProduct = Omit<Offer, "lender">;

/** A lender that decides through its decision API, as the sandbox (and tests) write it. */
export interface ApiLenderSpec {
  id: string;
  names: { en: string; si: string };
  /** Where we POST the decision requests. */
  apiUrl: string;
  /** Signs our requests, and checks its callbacks and postbacks. */
  apiSecret: string;
  /** The applicant's fields it receives. */
  apiFields: readonly LenderApiField[];
  dailyLeadCap?: number | null | undefined;
  /** A simulated lender of `npm run sandbox`: labelled so, and callable on loopback (not in production). */
  sandbox: boolean;
  status?: LenderStatus | undefined;
  /** A real lender's licence (a sandbox lender needs none). */
  licence?: { category: string; number: string } | undefined;
  products: readonly LenderProduct[];
}

/** Where the sandbox's products go in the catalogue's order: after everyone else's. */
const SANDBOX_POSITION = 100_000;

/**
 * Writes API lenders and their products into storage, replacing any
 * earlier version of the same lenders (their products too), in one
 * transaction. Products are validated against the Offer schema first.
 * Small on purpose: the sandbox's and the tests' own way in; operators
 * use `npm run lenders` (its import service validates far more).
 */
export async function registerApiLenders(
  storage: Storage,
  lenders: readonly ApiLenderSpec[],
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  for (const lender of lenders) {
    for (const product of lender.products) {
      offerSchema.parse({
        ...product,
        lender: {
          id: lender.id,
          name: lender.names.en,
          logo: `/lenders/${lender.id}.svg`,
          sample: false,
        },
      });
    }
  }
  await storage.db.transaction().execute(async (trx) => {
    for (const [index, lender] of lenders.entries()) {
      const row = {
        names: JSON.stringify(lender.names),
        legal_name: lender.names.en,
        website: null,
        complaints_contact: null,
        licence_regulator: lender.licence ? "CBSL" : null,
        licence_category: lender.licence?.category ?? null,
        licence_number: lender.licence?.number ?? null,
        status: lender.status ?? "live",
        daily_lead_cap: lender.dailyLeadCap ?? null,
        decision_mode: "api" as const,
        api_url: lender.apiUrl,
        api_secret: lender.apiSecret,
        api_fields: JSON.stringify(lender.apiFields),
        sample: 0,
        sandbox: lender.sandbox ? 1 : 0,
        updated_at: at,
      };
      await trx
        .insertInto("lenders")
        .values({ id: lender.id, ...row, created_at: at })
        .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
        .execute();
      await trx.deleteFrom("lender_products").where("lender_id", "=", lender.id).execute();
      for (const [position, product] of lender.products.entries()) {
        const { offer_id, ...rest } = product;
        await trx
          .insertInto("lender_products")
          .values({
            offer_id,
            lender_id: lender.id,
            position: SANDBOX_POSITION + index * 10 + position,
            offer: JSON.stringify(rest),
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
  });
}

/** Pauses lenders (the sandbox's, when it stops: nobody answers on their ports any more). */
export async function pauseLenders(
  storage: Storage,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  if (ids.length === 0) return;
  await storage.db
    .updateTable("lenders")
    .set({ status: "paused", updated_at: now.toISOString() })
    .where("id", "in", ids)
    .execute();
}
