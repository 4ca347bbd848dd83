/**
 * What the back office's lender pages (issue 16) need beyond the services
 * `npm run lenders` uses: the form as a lender record and back (the record
 * is then checked and written by importLenders, as a file is), problems by
 * the form's fields, the offer cards a record makes, a lender's decision
 * statistics, secret rotation and the test application.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import { lenderDeadlineMs } from "../../core/domain/lender-limits";
import { type Offer, offerSchema } from "../../core/domain/schemas/offer";
import type { LenderDecisionStats, LenderFormValues } from "../../core/views/back-office";
import type { AuditActor } from "../staff/audit";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import type { LendersTable } from "../storage/schema";
import { type DecisionRequest, LENDER_API_FIELDS, type LenderApiField } from "./decision-api";
import type { BreakerState, TestApplicationTarget } from "./decision-network";
import { productOf } from "./decisions";
import { exportLenders } from "./lender-export";
import {
  emptyProductForm,
  productFormOf,
  productFormsFrom,
  productInputOf,
  productKeyOf,
  productProblem,
} from "./lender-product-form";
import type { LenderRecord, ParsedLenderRecord } from "./lender-record";
import { signingSecrets } from "./lender-secrets";
import { changeLender, LenderError } from "./lenders";

export function emptyLenderForm(): LenderFormValues {
  return {
    id: "",
    "names.en": "",
    "names.si": "",
    "names.ta": "",
    legalName: "",
    website: "",
    "complaints.email": "",
    "complaints.phone": "",
    "complaints.url": "",
    "licence.category": "",
    "licence.number": "",
    dailyLeadCap: "",
    "decision.mode": "criteria",
    "decision.url": "",
    "decision.fields": [],
    "decision.concurrency": "",
    "decision.deadlineMs": "",
    // One product to fill in: a lender is there for its products (decision 0437).
    products: [emptyProductForm()],
    removeLogo: false,
  };
}

const text = (value: unknown, max = 20_000) =>
  typeof value === "string" ? value.slice(0, max) : "";

/** The form as sent (urlencoded or multipart), as the form's values. */
export function lenderFormFrom(form: Record<string, unknown>): LenderFormValues {
  const fields = form["decision.fields"];
  const list = Array.isArray(fields) ? fields : fields === undefined ? [] : [fields];
  return {
    id: text(form.id, 100).trim(),
    "names.en": text(form["names.en"], 300),
    "names.si": text(form["names.si"], 300),
    "names.ta": text(form["names.ta"], 300),
    legalName: text(form.legalName, 300),
    website: text(form.website, 600).trim(),
    "complaints.email": text(form["complaints.email"], 300).trim(),
    "complaints.phone": text(form["complaints.phone"], 100).trim(),
    "complaints.url": text(form["complaints.url"], 600).trim(),
    "licence.category": text(form["licence.category"], 100),
    "licence.number": text(form["licence.number"], 100).trim(),
    dailyLeadCap: text(form.dailyLeadCap, 20).trim(),
    "decision.mode": text(form["decision.mode"], 20) === "api" ? "api" : "criteria",
    "decision.url": text(form["decision.url"], 600).trim(),
    "decision.fields": list.filter(
      (field): field is string =>
        typeof field === "string" && (LENDER_API_FIELDS as readonly string[]).includes(field),
    ),
    "decision.concurrency": text(form["decision.concurrency"], 20).trim(),
    "decision.deadlineMs": text(form["decision.deadlineMs"], 20).trim(),
    products: productFormsFrom(form),
    removeLogo: form.removeLogo === "on" || form.removeLogo === "1",
  };
}

/** A stored lender's record as the form shows it. */
export function lenderFormOf(record: LenderRecord): LenderFormValues {
  const api = record.decision.mode === "api" ? record.decision : undefined;
  return {
    id: record.id,
    "names.en": record.names.en,
    "names.si": record.names.si,
    "names.ta": record.names.ta ?? "",
    legalName: record.legalName,
    website: record.website ?? "",
    "complaints.email": record.complaints?.email ?? "",
    "complaints.phone": record.complaints?.phone ?? "",
    "complaints.url": record.complaints?.url ?? "",
    "licence.category": record.licence?.category ?? "",
    "licence.number": record.licence?.number ?? "",
    dailyLeadCap: record.dailyLeadCap === undefined ? "" : String(record.dailyLeadCap),
    "decision.mode": record.decision.mode,
    "decision.url": api?.url ?? "",
    "decision.fields": api?.fields ?? [],
    "decision.concurrency": api?.concurrency === undefined ? "" : String(api.concurrency),
    "decision.deadlineMs": api?.deadlineMs === undefined ? "" : String(api.deadlineMs),
    products: record.products.map(productFormOf),
    removeLogo: false,
  };
}

/**
 * The lender record the form's values make (lender-record.ts's format):
 * an empty field is left out; the licence's regulator is CBSL, the only
 * one; status, secret and logo are left to the caller.
 */
export function recordInputOf(values: LenderFormValues): {
  input: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const products = values.products.map(productInputOf);
  const complaints = Object.fromEntries(
    (["email", "phone", "url"] as const)
      .map((key) => [key, values[`complaints.${key}`]] as const)
      .filter(([, value]) => value !== ""),
  );
  const input: Record<string, unknown> = {
    id: values.id,
    names: {
      en: values["names.en"],
      si: values["names.si"],
      // Optional (issue 20): without it, Tamil pages show the English name.
      ...(values["names.ta"] ? { ta: values["names.ta"] } : {}),
    },
    legalName: values.legalName,
    ...(values.website ? { website: values.website } : {}),
    ...(Object.keys(complaints).length > 0 ? { complaints } : {}),
    ...(values["licence.category"] || values["licence.number"]
      ? {
          licence: {
            regulator: "CBSL",
            category: values["licence.category"],
            number: values["licence.number"],
          },
        }
      : {}),
    ...whole("dailyLeadCap", values.dailyLeadCap),
    decision:
      values["decision.mode"] === "api"
        ? {
            mode: "api",
            url: values["decision.url"],
            fields: values["decision.fields"],
            ...whole("concurrency", values["decision.concurrency"]),
            ...whole("deadlineMs", values["decision.deadlineMs"]),
          }
        : { mode: "criteria" },
    products,
  };
  return { input, errors };
}

/** A typed number as the record's field (left as typed if it is not one: the schema says so). */
function whole(key: string, typed: string): Record<string, unknown> {
  if (!typed) return {};
  return { [key]: /^\d+$/.test(typed) ? Number(typed) : typed };
}

/**
 * The form's field that a record's path names: a product's field is
 * `products.<index>.<key>` (lender-product-form.ts), with `key` the field
 * or the group (a range, the names) the path is in.
 */
function fieldOf(path: readonly PropertyKey[]): { field: string; productKey?: string } {
  const [first, second, ...rest] = path.map(String);
  if (first === undefined) return { field: "" };
  if (first === "products") {
    if (second === undefined || !/^\d+$/.test(second)) return { field: "products" };
    const productKey = productKeyOf(rest);
    return {
      field: productKey ? `products.${second}.${productKey}` : `products.${second}`,
      productKey,
    };
  }
  if (["names", "complaints", "licence", "decision"].includes(first) && second !== undefined) {
    if (first === "licence" && second === "regulator") return { field: "licence.category" };
    return { field: `${first}.${second}` };
  }
  return { field: first };
}

/** Adds a problem to its field; a field's problems are joined, each once. */
function addProblem(errors: Record<string, string>, field: string, message: string) {
  if (errors[field]?.split("; ").includes(message)) return;
  errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
}

/** The schema's problems by the form's fields: a product's in the product form's words. */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const { field, productKey } = fieldOf(issue.path);
    const message = productKey === undefined ? issue.message : productProblem(productKey, issue);
    addProblem(errors, field, message);
  }
  return errors;
}

/**
 * importLenders's problems ("record 1 (id): decision.url: …") by the form's
 * fields: the same words the command line prints, beside the field.
 */
export function importErrors(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const match = /^record \d+(?: \([^)]*\))?: ([^:]+): (.*)$/s.exec(problem);
    if (!match) {
      addProblem(errors, "", problem);
      continue;
    }
    const path = (match[1] ?? "").split(".");
    addProblem(errors, fieldOf(path[0] === "(record)" ? [] : path).field, match[2] ?? "");
  }
  return errors;
}

/** The offers a record makes, as the borrower's cards show them (logo: where the back office serves it). */
export function previewOffersOf(record: ParsedLenderRecord, logo: string): Offer[] {
  return record.products.flatMap((product) => {
    const parsed = offerSchema.safeParse({
      ...product,
      lender: {
        id: record.id,
        name: record.names.en,
        names: record.names,
        logo: `/lenders/${record.id}/logo`,
        sample: false,
        ...(record.licence ? { licence: record.licence } : {}),
        legalName: record.legalName,
        ...(record.website ? { website: record.website } : {}),
        ...(record.complaints ? { complaints: record.complaints } : {}),
      },
    });
    // Checked as the catalogue's offers are, then shown with the back office's logo address.
    return parsed.success ? [{ ...parsed.data, lender: { ...parsed.data.lender, logo } }] : [];
  });
}

/** A loan inside the first product's ranges, near 50,000 for 91 days, for the preview and the test. */
export function sampleLoan(
  products: readonly {
    amount: { min: number; max: number };
    termDays: { min: number; max: number };
  }[],
): {
  amount: number;
  termDays: number;
} {
  const first = products[0];
  if (!first) return { amount: 50_000, termDays: 91 };
  const clamp = (value: number, range: { min: number; max: number }) =>
    Math.min(range.max, Math.max(range.min, value));
  return { amount: clamp(50_000, first.amount), termDays: clamp(91, first.termDays) };
}

/** One stored lender: its record (no secret, no logo), its row, and whether it has a logo. */
export async function storedLender(
  storage: Storage,
  id: string,
): Promise<{ record: LenderRecord; row: LendersTable; hasLogo: boolean } | undefined> {
  const row = await storage.db
    .selectFrom("lenders")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const record = (await exportLenders(storage)).find((one) => one.id === id);
  if (!record) return undefined;
  const logo = await storage.db
    .selectFrom("lender_logos")
    .select("lender_id")
    .where("lender_id", "=", id)
    .executeTakeFirst();
  return { record, row, hasLogo: logo !== undefined };
}

/** A new API secret: 32 random bytes, 43 characters of base64url (above the 32-character minimum). */
export function newLenderSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Gives an `api` lender a new secret and answers it, to be shown once; the
 * old one stops signing at once. The audit entry says that it changed,
 * never what it is.
 */
export async function rotateLenderSecret(
  storage: Storage,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<string> {
  const secret = newLenderSecret();
  await changeLender(storage, id, actor, now, (row) => {
    if (row.decision_mode !== "api") throw new LenderError(`${id} decides by criteria.`, "not_api");
    return {
      // The operator's rotation: the old secret stops at once, a lender's grace with it.
      set: { api_secret: secret, api_secret_previous: null, api_secret_previous_until: null },
      audit: {
        action: "lender.secret",
        before: { secret_set: row.api_secret !== null },
        after: { secret_set: true, rotated: true },
      },
      result: undefined,
    };
  });
  return secret;
}

/** Nearest rank: the smallest value with at least `share` of the values at or below it. */
async function latencyPercentile(
  storage: Storage,
  id: string,
  count: number,
  share: number,
): Promise<number | null> {
  if (count === 0) return null;
  const offset = Math.max(0, Math.ceil(share * count) - 1);
  const row = await storage.db
    .selectFrom("lender_decisions")
    .select("latency_ms")
    .where("lender_id", "=", id)
    .where("latency_ms", "is not", null)
    .orderBy("latency_ms")
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row?.latency_ms ?? null;
}

/** A lender's decisions from storage: counts by outcome and latency percentiles (every instance's). */
export async function lenderDecisionStats(
  storage: Storage,
  id: string,
  breaker: BreakerState,
): Promise<LenderDecisionStats> {
  const rows = await storage.db
    .selectFrom("lender_decisions")
    .select([
      "status",
      sql<string>`case when error = 'timeout' then 'timeout' else '' end`.as("kind"),
      (eb) => eb.fn.countAll<number>().as("count"),
    ])
    .where("lender_id", "=", id)
    .groupBy(["status", sql`case when error = 'timeout' then 'timeout' else '' end`])
    .execute();
  const stats: LenderDecisionStats = {
    asked: 0,
    approved: 0,
    declined: 0,
    pending: 0,
    waiting: 0,
    errors: 0,
    timeouts: 0,
    brokenRules: [],
    p50Ms: null,
    p95Ms: null,
    breaker,
  };
  for (const row of rows) {
    const count = Number(row.count);
    stats.asked += count;
    if (row.status === "failed") {
      if (row.kind === "timeout") stats.timeouts += count;
      else stats.errors += count;
    } else {
      stats[row.status] += count;
    }
  }
  const broken = await storage.db
    .selectFrom("lender_decisions")
    .select(["broken_rule", (eb) => eb.fn.countAll<number>().as("count")])
    .where("lender_id", "=", id)
    .where("broken_rule", "is not", null)
    .groupBy("broken_rule")
    .execute();
  stats.brokenRules = broken
    .map((row) => ({ rule: String(row.broken_rule), count: Number(row.count) }))
    .sort((left, right) => right.count - left.count || left.rule.localeCompare(right.rule));
  const measured = await storage.db
    .selectFrom("lender_decisions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("lender_id", "=", id)
    .where("latency_ms", "is not", null)
    .executeTakeFirstOrThrow();
  const count = Number(measured.count);
  stats.p50Ms = await latencyPercentile(storage, id, count, 0.5);
  stats.p95Ms = await latencyPercentile(storage, id, count, 0.95);
  return stats;
}

/** Test values for every field a lender may ask for: plainly no one, and marked as a test. */
const TEST_APPLICANT: Record<LenderApiField, unknown> = {
  fullName: "Test Applicant",
  nic: "000000000V",
  birthDate: "1990-01-01",
  age: 36,
  phone: "+94700000000",
  email: "test-application@nayacompare.invalid",
  monthlyIncome: 100_000,
  employment: "salaried",
  bank: "other",
  district: "Colombo",
};

/**
 * A signed test application for an `api` lender (decision 0141): a real
 * request in the decision API's format with `test: true`, one of its
 * products' loans, and made-up applicant values for the fields it asks for.
 * With `test`, the lender portal's test mode (decision 0386): to the
 * lender's test URL, signed with its test secret, whatever its live mode,
 * with the applicant's values `test.applicant` gives (every field when the
 * lender lists none).
 */
export async function testApplicationFor(
  storage: Storage,
  id: string,
  options: {
    now: Date;
    deadlineMs: number;
    callbackUrl: string;
    test?: { applicant: Partial<Record<LenderApiField, unknown>>; consent: string };
  },
): Promise<TestApplicationTarget> {
  const row = await storage.db
    .selectFrom("lenders")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new LenderError(`There is no lender "${id}".`, "not_found");
  const { test } = options;
  // A live test is signed as live requests are, through a rotation's grace too (decision 0412).
  const live = signingSecrets(row, options.now);
  const [url, secret, nextSecret] = test
    ? [row.test_api_url, row.test_api_secret, undefined]
    : [row.decision_mode === "api" ? row.api_url : null, live?.secret, live?.next];
  if (!url || !secret) throw new LenderError(`${id} has no decision API.`, "not_api");
  const products = await storage.db
    .selectFrom("lender_products")
    .select(["offer_id", "offer"])
    .where("lender_id", "=", id)
    .orderBy("position")
    .execute();
  const parsed = products.map((product) => JSON.parse(product.offer) as Offer);
  const loan = sampleLoan(parsed);
  const listed = JSON.parse(row.api_fields ?? "[]") as LenderApiField[];
  const asked = test && listed.length === 0 ? LENDER_API_FIELDS : listed;
  const applicant = { ...TEST_APPLICANT, ...test?.applicant };
  const deadlineMs = lenderDeadlineMs(row.api_deadline_ms, options.deadlineMs);
  const decisionId = newOpaqueId();
  const request: DecisionRequest = {
    decisionId,
    lenderId: id,
    sentAt: options.now.toISOString(),
    answerBy: new Date(options.now.getTime() + deadlineMs).toISOString(),
    callbackUrl: options.callbackUrl,
    loan: { ...loan, purpose: "other" },
    productIds: products.map((product) => product.offer_id).slice(0, 1),
    applicant: Object.fromEntries(
      asked.filter((field) => field in applicant).map((field) => [field, applicant[field]]),
    ) as DecisionRequest["applicant"],
    consent: {
      shareWithLenders: true,
      text:
        test?.consent ??
        "A test application from NayaCompare's back office: no real person is behind it.",
      language: "en",
      givenAt: options.now.toISOString(),
    },
    test: true,
  };
  return {
    lenderId: id,
    url,
    secret,
    ...(nextSecret !== undefined && { nextSecret }),
    ...(test ? { testUrl: true } : {}),
    sandbox: row.sandbox === 1,
    products: products.flatMap((product) => productOf(product) ?? []),
    deadlineMs,
    request,
  };
}
