import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { licensedOffer } from "../../core/domain/decisions.fixtures";
import { seedSampleLenders } from "../../server/lenders/lenders";
import { openStorage } from "../../server/storage/database";
import { silentLog } from "../../server/test-support";

/**
 * A data folder for the built server (tests/support/server-process.ts)
 * whose storage holds the sample lenders and one licensed lender, live,
 * named in both languages (core/domain/decisions.fixtures.ts's `licensedOffer`):
 * what an operator's import will write, before the server starts.
 */
export async function dataDirWithLicensedLender(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-"));
  const storage = openStorage({ dataDir, log: silentLog });
  try {
    await storage.migrate();
    await seedSampleLenders(storage);
    const { lender, ...product } = licensedOffer;
    const at = new Date().toISOString();
    await storage.db
      .insertInto("lenders")
      .values({
        id: lender.id ?? "lanka-trust",
        names: JSON.stringify(lender.names),
        legal_name: `${lender.name} PLC`,
        website: "https://lanka-trust.example",
        complaints_contact: JSON.stringify({ email: "complaints@lanka-trust.example" }),
        licence_regulator: lender.licence?.regulator ?? null,
        licence_category: lender.licence?.category ?? null,
        licence_number: lender.licence?.number ?? null,
        status: "live",
        daily_lead_cap: null,
        decision_mode: "criteria",
        api_url: null,
        api_secret: null,
        api_fields: null,
        sample: 0,
        sandbox: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await storage.db
      .insertInto("lender_products")
      .values({
        offer_id: product.offer_id,
        lender_id: lender.id ?? "lanka-trust",
        position: 100,
        offer: JSON.stringify(product),
        created_at: at,
        updated_at: at,
      })
      .execute();
  } finally {
    await storage.close();
  }
  return dataDir;
}
