/**
 * Lender records for tests (and the example of docs/lenders.md): a
 * licensed lender deciding by its products' criteria, and one asking its
 * decision API. Fictional names and numbers.
 */
import type { LenderRecord } from "./lender-record";

/** A 1×1 transparent PNG. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A product that lends what the calculator's defaults ask for. */
export function testProduct(offerId: number, header = `Personal Loan ${offerId}`) {
  return {
    offer_id: offerId,
    header,
    tags: ["monthly-instalments", "bank-transfer"],
    lender_link: `https://apply.ruhuna-harbour.example/?click_id={click_id}&offer=${offerId}`,
    amount: { min: 10_000, max: 150_000 },
    termDays: { min: 91, max: 365 },
    terms: { annualInterestRate: 0.26, feeFixed: 1000, feePercent: 0, repayment: "monthly" },
    criteria: {
      minAge: 21,
      maxAge: 65,
      minMonthlyIncome: 35_000,
      employment: ["salaried", "self-employed"],
    },
  } satisfies LenderRecord["products"][number];
}

export function licensedLender(overrides: Partial<LenderRecord> = {}): LenderRecord {
  return {
    id: "ruhuna-harbour",
    names: { en: "Ruhuna Harbour Finance", si: "රුහුණු වරාය මූල්‍ය" },
    legalName: "Ruhuna Harbour Finance PLC",
    website: "https://ruhuna-harbour.example",
    complaints: { email: "complaints@ruhuna-harbour.example", phone: "+94 11 234 5678" },
    licence: { regulator: "CBSL", category: "licensed_finance_company", number: "LFC-0042" },
    status: "live",
    dailyLeadCap: 500,
    decision: { mode: "criteria" },
    products: [testProduct(9001), testProduct(9002, "Gold Saver 6")],
    ...overrides,
  };
}

/** The decision API on a documentation address (192.0.2.0/24): tests map the host to it. */
export const API_HOST = "decide.ruhuna-harbour.example";

export function apiLender(overrides: Partial<LenderRecord> = {}): LenderRecord {
  return licensedLender({
    id: "harbour-api",
    names: { en: "Harbour Instant Credit", si: "වරාය ක්ෂණික ණය" },
    legalName: "Harbour Instant Credit (Private) Limited",
    licence: {
      regulator: "CBSL",
      category: "licensed_microfinance_company",
      number: "LMFC-0007",
    },
    decision: {
      mode: "api",
      url: `https://${API_HOST}/v1/decisions`,
      fields: ["age", "monthlyIncome", "employment", "birthDate"],
      concurrency: 8,
      deadlineMs: 2_500,
    },
    secret: "hsec-0123456789abcdef0123456789abcdef",
    products: [testProduct(9101, "Instant 90")],
    ...overrides,
  });
}
