import type { Offer } from "../../core/domain/schemas/offer";
import type { OutboundRules } from "../http/outbound";
import type { LenderApiField } from "../lenders/decision-api";
import { importLenders } from "../lenders/lender-import";
import type { LenderRecord } from "../lenders/lender-record";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import type { LenderStatus } from "../storage/schema";

/** One product of a lender: an offer of the feed without its lender (core/domain/schemas/offer.ts). */
export type LenderProduct = Omit<Offer, "lender">;

/** A lender that decides through its decision API, as the sandbox (and tests) write it. */
export interface ApiLenderSpec {
  id: string;
  names: { en: string; si: string };
  /** Where we POST the decision requests. */
  apiUrl: string;
  /** Signs our requests, and checks its callbacks and postbacks (32 characters or more). */
  apiSecret: string;
  /** The applicant's fields it receives. */
  apiFields: readonly LenderApiField[];
  dailyLeadCap?: number | null | undefined;
  /** Its own limits (decision 0351): requests at once, and its deadline; the server's otherwise. */
  concurrency?: number | undefined;
  deadlineMs?: number | undefined;
  /** A simulated lender of `npm run sandbox`: labelled so, and callable on loopback (not in production). */
  sandbox: boolean;
  status?: LenderStatus | undefined;
  /** A real lender's licence (a sandbox lender needs none). */
  licence?:
    | { category: NonNullable<LenderRecord["licence"]>["category"]; number: string }
    | undefined;
  products: readonly LenderProduct[];
}

/** The lender record (lender-record.ts) a spec stands for: live unless told, its name as legal name. */
function recordOf(lender: ApiLenderSpec): LenderRecord {
  return {
    id: lender.id,
    names: lender.names,
    legalName: lender.names.en,
    ...(lender.licence && { licence: { regulator: "CBSL", ...lender.licence } }),
    status: lender.status ?? "live",
    ...(lender.dailyLeadCap != null && { dailyLeadCap: lender.dailyLeadCap }),
    decision: {
      mode: "api",
      url: lender.apiUrl,
      fields: [...lender.apiFields],
      ...(lender.concurrency !== undefined && { concurrency: lender.concurrency }),
      ...(lender.deadlineMs !== undefined && { deadlineMs: lender.deadlineMs }),
    },
    secret: lender.apiSecret,
    ...(lender.sandbox && { sandbox: true }),
    products: [...lender.products],
  };
}

/**
 * Writes API lenders and their products into storage through the import
 * service of `npm run lenders` (lender-import.ts), so they are checked as
 * an operator's file is (schema, offer ids never another lender's, the
 * licence rule) and written all or nothing. Sandbox lenders are allowed:
 * this is the sandbox's and the tests' way in. A lender that is not a
 * sandbox's has its decision URL checked by `urlRules` (https and public
 * addresses unless told otherwise).
 */
export async function registerApiLenders(
  storage: Storage,
  lenders: readonly ApiLenderSpec[],
  options: { urlRules?: OutboundRules; now?: Date } = {},
): Promise<void> {
  if (lenders.length === 0) return;
  await importLenders(storage, lenders.map(recordOf), {
    baseDir: process.cwd(),
    allowSandbox: true,
    urlRules: options.urlRules ?? { allowHttp: false },
    ...(options.now && { now: options.now }),
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
  await touchPages(storage.db, storage);
}
