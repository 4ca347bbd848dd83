import type { LenderSummary } from "../../core/back-office";
import type { Storage } from "../storage/database";

/**
 * Every lender in storage, as the back office lists them for now (issue 16,
 * read-only until its lender pages come): name, status, licence, how it
 * decides and how many products it has.
 */
export async function lenderSummaries(storage: Storage): Promise<LenderSummary[]> {
  const [lenders, products] = await Promise.all([
    storage.db.selectFrom("lenders").selectAll().orderBy("id").execute(),
    storage.db
      .selectFrom("lender_products")
      .select(["lender_id", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("lender_id")
      .execute(),
  ]);
  const counts = new Map(products.map((row) => [row.lender_id, Number(row.count)]));
  return lenders.map((lender) => {
    let name = lender.legal_name;
    try {
      name = (JSON.parse(lender.names) as { en?: string }).en ?? name;
    } catch {
      // A name that is not JSON: the legal name will do.
    }
    const licence = [lender.licence_regulator, lender.licence_category, lender.licence_number]
      .filter(Boolean)
      .join(" ");
    return {
      id: lender.id,
      name,
      status: lender.status,
      licence: licence || null,
      decisionMode: lender.decision_mode,
      products: counts.get(lender.id) ?? 0,
      sample: lender.sample === 1,
      sandbox: lender.sandbox === 1,
    };
  });
}
