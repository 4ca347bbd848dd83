import type { LenderSummary } from "../../core/views/back-office";
import type { Storage } from "../storage/database";
import { listLenders } from "./lender-export";

/**
 * Every lender in storage, as the back office lists them for now (issue 16,
 * read-only until its lender pages come): what `npm run lenders -- list`
 * shows (lender-export.ts, in catalogue order), so both read storage one way.
 */
export async function lenderSummaries(storage: Storage): Promise<LenderSummary[]> {
  return (await listLenders(storage)).map((lender) => ({
    id: lender.id,
    name: lender.name,
    status: lender.status,
    licence: lender.licence ?? null,
    decisionMode: lender.mode,
    products: lender.products,
    sample: lender.sample,
    sandbox: lender.sandbox,
  }));
}
