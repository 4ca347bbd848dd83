/**
 * A lender's products as the back office's form has them (issue 35,
 * decision 0437): one set of fields a product, named by the record's paths
 * (`products.0.amount.min`), read into the record's products and back. The
 * record's schema (lender-record.ts) checks them, as it checks an import;
 * this file only says where each problem goes and in what words.
 */
import type { z } from "zod";
import { EMPLOYMENT_TYPES } from "../../core/domain/application";
import { type ProductFormValues, productFieldName } from "../../core/views/back-office";
import type { Product } from "./lender-record";

/** The record's limit on products: "Add a product" adds none past it. */
export const PRODUCTS_MAX = 100;

type TextKey = Exclude<keyof ProductFormValues, "criteria.employment">;

const TEXT_KEYS = [
  "offer_id",
  "header",
  "headers.si",
  "headers.en",
  "headers.ta",
  "amount.min",
  "amount.max",
  "termDays.min",
  "termDays.max",
  "terms.annualInterestRate",
  "terms.feeFixed",
  "terms.feePercent",
  "terms.repayment",
  "criteria.minAge",
  "criteria.maxAge",
  "criteria.minMonthlyIncome",
  "lender_link",
  "tags",
  "product_type",
  "stars",
  "field2_value",
  "field4_value",
  "asnef_value",
] as const satisfies readonly TextKey[];

/** The fields typed in per cent: the record holds fractions (0.36 for 36 %). */
const PERCENT_KEYS: ReadonlySet<string> = new Set(["terms.annualInterestRate", "terms.feePercent"]);

/** A new product's fields: every employment ticked, single repayment, the rest to fill in. */
export function emptyProductForm(): ProductFormValues {
  const empty = Object.fromEntries(TEXT_KEYS.map((key) => [key, ""])) as Record<TextKey, string>;
  return { ...empty, "terms.repayment": "single", "criteria.employment": [...EMPLOYMENT_TYPES] };
}

/** A fraction as per cent, without binary noise (0.07 → "7", 0.071 → "7.1"). */
function percentOf(fraction: number): string {
  return String(Number((fraction * 100).toPrecision(12)));
}

const optional = (value: string | number | undefined) => (value === undefined ? "" : String(value));

/** A stored product as its form shows it. */
export function productFormOf(product: Product): ProductFormValues {
  return {
    offer_id: String(product.offer_id),
    header: product.header,
    "headers.si": product.headers?.si ?? "",
    "headers.en": product.headers?.en ?? "",
    "headers.ta": product.headers?.ta ?? "",
    "amount.min": String(product.amount.min),
    "amount.max": String(product.amount.max),
    "termDays.min": String(product.termDays.min),
    "termDays.max": String(product.termDays.max),
    "terms.annualInterestRate": percentOf(product.terms.annualInterestRate),
    "terms.feeFixed": String(product.terms.feeFixed),
    "terms.feePercent": percentOf(product.terms.feePercent),
    "terms.repayment": product.terms.repayment,
    "criteria.minAge": String(product.criteria.minAge),
    "criteria.maxAge": String(product.criteria.maxAge),
    "criteria.minMonthlyIncome": String(product.criteria.minMonthlyIncome),
    "criteria.employment": product.criteria.employment,
    lender_link: product.lender_link ?? "",
    tags: product.tags.join("\n"),
    product_type: product.product_type ?? "",
    stars: optional(product.stars),
    field2_value: product.field2_value ?? "",
    field4_value: product.field4_value ?? "",
    asnef_value: product.asnef_value === undefined ? "" : String(product.asnef_value),
  };
}

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

/**
 * The products a form sends, in the order of their indices; those whose
 * "remove" box is ticked are left out (and the rest numbered again).
 */
export function productFormsFrom(form: Record<string, unknown>): ProductFormValues[] {
  const indices = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = /^products\.(\d{1,3})\./.exec(name);
    if (match) indices.add(Number(match[1]));
  }
  return [...indices]
    .filter((index) => index < PRODUCTS_MAX)
    .sort((left, right) => left - right)
    .filter((index) => !form[productFieldName(index, "remove")])
    .map((index) => {
      const field = (key: keyof ProductFormValues) => form[productFieldName(index, key)];
      const typed = Object.fromEntries(
        TEXT_KEYS.map((key) => [key, text(field(key), key === "tags" ? 2_000 : 600)]),
      ) as Record<TextKey, string>;
      const ticked = field("criteria.employment");
      const list = Array.isArray(ticked) ? ticked : ticked === undefined ? [] : [ticked];
      return {
        ...typed,
        "criteria.employment": list.filter(
          (kind): kind is string =>
            typeof kind === "string" && (EMPLOYMENT_TYPES as readonly string[]).includes(kind),
        ),
      };
    });
}

/**
 * A typed number as the record's: empty is left out (the schema says
 * whether that is allowed); digits with thousands' commas or spaces are a
 * number; anything else stays as typed, for the schema to refuse.
 */
function numberOf(typed: string, percent = false): number | string | undefined {
  const plain = typed.trim().replace(/(?<=\d)[,\s](?=\d)/g, "");
  if (plain === "") return undefined;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(plain);
  if (!match) return typed;
  if (!percent) return Number(plain);
  // Per cent to a fraction by moving the decimal point, exactly: "7.1" → 71e-3.
  const [, whole = "", decimals = ""] = match;
  return Number(`${whole}${decimals}e-${decimals.length + 2}`);
}

const given = (key: string, value: string | number | boolean | undefined) =>
  value === undefined || value === "" ? {} : { [key]: value };

/** The product a form's fields make, in the record's format (the schema checks it). */
export function productInputOf(values: ProductFormValues): Record<string, unknown> {
  const number = (key: TextKey) => numberOf(values[key], PERCENT_KEYS.has(key));
  const names = {
    en: values["headers.en"].trim(),
    si: values["headers.si"].trim(),
    ta: values["headers.ta"].trim(),
  };
  const asnef = { true: true, false: false }[values.asnef_value];
  return {
    offer_id: number("offer_id"),
    header: values.header.trim(),
    ...(names.en || names.si || names.ta
      ? { headers: { en: names.en, si: names.si, ...given("ta", names.ta) } }
      : {}),
    ...given("stars", number("stars")),
    ...given("field2_value", values.field2_value.trim()),
    ...given("field4_value", values.field4_value.trim()),
    tags: values.tags
      .split("\n")
      .map((tag) => tag.trim())
      .filter(Boolean),
    ...given("lender_link", values.lender_link.trim()),
    ...given("product_type", values.product_type.trim()),
    ...given("asnef_value", asnef),
    amount: { min: number("amount.min"), max: number("amount.max") },
    termDays: { min: number("termDays.min"), max: number("termDays.max") },
    terms: {
      annualInterestRate: number("terms.annualInterestRate"),
      feeFixed: number("terms.feeFixed"),
      feePercent: number("terms.feePercent"),
      repayment: values["terms.repayment"],
    },
    criteria: {
      minAge: number("criteria.minAge"),
      maxAge: number("criteria.maxAge"),
      minMonthlyIncome: number("criteria.minMonthlyIncome"),
      employment: values["criteria.employment"],
    },
  };
}

/** The groups a product's problem may name as a whole: a range, its names, its terms. */
const GROUPS: ReadonlySet<string> = new Set([
  "amount",
  "termDays",
  "headers",
  "criteria.employment",
]);

/**
 * The form field (or group) of a path inside a product: `terms.feeFixed`,
 * `amount` for the range's own rule, `tags` for any one tag.
 */
export function productKeyOf(inner: readonly string[]): string {
  const two = inner.slice(0, 2).join(".");
  if ((TEXT_KEYS as readonly string[]).includes(two) || GROUPS.has(two)) return two;
  return inner[0] ?? "";
}

/** A bound in the field's own unit: per cent where the form asks for it. */
const bound = (key: string, value: number | bigint) =>
  PERCENT_KEYS.has(key) ? percentOf(Number(value)) : String(value);

/** A product field's problem in the form's words (the record's schema found it). */
export function productProblem(key: string, issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.message.endsWith("received undefined")) return "required";
      return issue.expected === "int" ? "must be a whole number" : "must be a number, such as 5000";
    case "too_small":
      if (issue.origin === "string") return "required";
      if (issue.origin === "array") return "choose at least one";
      return issue.inclusive === false
        ? `must be more than ${bound(key, issue.minimum)}`
        : `must be at least ${bound(key, issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string") return `at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `at most ${issue.maximum}`;
      return `must be at most ${bound(key, issue.maximum)}`;
    case "invalid_value":
      return "choose one";
    case "invalid_format":
      return issue.format === "url" ? "must be an https address" : issue.message;
    default:
      return issue.message;
  }
}
