/**
 * Lenders as records (lender-record.ts), the format lender-import.ts reads:
 * `npm run lenders -- export` and `list`. Secrets and logos stay out unless
 * asked for.
 */

import type { ComplaintsContact, Licence } from "../../core/domain/schemas/offer";
import { imageDataUrl, type UploadedImageType } from "../../core/helpers/image-bytes";
import type { Storage } from "../storage/database";
import type { LendersTable } from "../storage/schema";
import type { LenderApiField } from "./decision-api";
import type { LenderRecord, Product } from "./lender-record";

export interface ExportOptions {
  /** The lenders' secrets, which export leaves out unless asked. */
  withSecrets?: boolean;
  /** Uploaded logos as data URLs (up to 200 KB each), which export leaves out unless asked. */
  withLogos?: boolean;
}

/** Every lender as a record, in catalogue order: what import reads back. */
export async function exportLenders(
  storage: Storage,
  { withSecrets = false, withLogos = false }: ExportOptions = {},
): Promise<LenderRecord[]> {
  const [lenders, products, logos] = await Promise.all([
    storage.db.selectFrom("lenders").selectAll().execute(),
    storage.db
      .selectFrom("lender_products")
      .select(["offer_id", "lender_id", "position", "offer"])
      .orderBy("position")
      .orderBy("offer_id")
      .execute(),
    withLogos
      ? storage.db
          .selectFrom("lender_logos")
          .select(["lender_id", "content_type", "data"])
          .execute()
      : [],
  ]);
  const productsOf = new Map<string, Product[]>();
  const firstPosition = new Map<string, number>();
  for (const row of products) {
    const offer = { ...(JSON.parse(row.offer) as Product), offer_id: row.offer_id };
    productsOf.set(row.lender_id, [...(productsOf.get(row.lender_id) ?? []), offer]);
    if (!firstPosition.has(row.lender_id)) firstPosition.set(row.lender_id, row.position);
  }
  const logoOf = new Map(logos.map((row) => [row.lender_id, row]));
  const order = (id: string) => firstPosition.get(id) ?? Number.MAX_SAFE_INTEGER;
  lenders.sort((a, b) => order(a.id) - order(b.id) || a.id.localeCompare(b.id));
  return lenders.map((row) => {
    const logo = logoOf.get(row.id);
    const record: LenderRecord = {
      id: row.id,
      names: JSON.parse(row.names) as { en: string; si: string; ta?: string },
      legalName: row.legal_name,
      ...(row.website ? { website: row.website } : {}),
      ...(row.complaints_contact
        ? { complaints: JSON.parse(row.complaints_contact) as ComplaintsContact }
        : {}),
      ...(licenceOf(row) ? { licence: licenceOf(row) } : {}),
      status: row.status,
      ...(row.daily_lead_cap !== null ? { dailyLeadCap: row.daily_lead_cap } : {}),
      decision:
        row.decision_mode === "api"
          ? {
              mode: "api",
              url: row.api_url ?? "",
              fields: JSON.parse(row.api_fields ?? "[]") as LenderApiField[],
              ...(row.api_concurrency !== null ? { concurrency: row.api_concurrency } : {}),
              ...(row.api_deadline_ms !== null ? { deadlineMs: row.api_deadline_ms } : {}),
            }
          : { mode: "criteria" },
      ...(withSecrets && row.api_secret ? { secret: row.api_secret } : {}),
      ...(row.sample === 1 ? { sample: true } : {}),
      ...(row.sandbox === 1 ? { sandbox: true } : {}),
      ...(logo
        ? {
            logo: imageDataUrl({
              contentType: logo.content_type as UploadedImageType,
              bytes: new Uint8Array(logo.data),
            }),
          }
        : {}),
      products: productsOf.get(row.id) ?? [],
    };
    return record;
  });
}

function licenceOf(row: LendersTable): Licence | undefined {
  return row.licence_regulator && row.licence_category && row.licence_number
    ? ({
        regulator: row.licence_regulator,
        category: row.licence_category,
        number: row.licence_number,
      } as Licence)
    : undefined;
}

/** One line of `npm run lenders -- list`. */
export interface LenderSummary {
  id: string;
  name: string;
  status: LendersTable["status"];
  mode: LendersTable["decision_mode"];
  licence: Licence | undefined;
  sample: boolean;
  sandbox: boolean;
  products: number;
  dailyLeadCap: number | null;
  logo: boolean;
}

/** Every lender, in catalogue order, with what an operator checks at a glance. */
export async function listLenders(storage: Storage): Promise<LenderSummary[]> {
  const records = await exportLenders(storage);
  const logos = new Set(
    (await storage.db.selectFrom("lender_logos").select("lender_id").execute()).map(
      (row) => row.lender_id,
    ),
  );
  return records.map((record) => ({
    id: record.id,
    name: record.names.en,
    status: record.status ?? "draft",
    mode: record.decision.mode,
    licence: record.licence,
    sample: record.sample === true,
    sandbox: record.sandbox === true,
    products: record.products.length,
    dailyLeadCap: record.dailyLeadCap ?? null,
    logo: logos.has(record.id),
  }));
}
