import { EMPLOYMENT_TYPES } from "../../../../core/domain/application";
import { fill } from "../../../../core/messages";
import { type ProductFormValues, productFieldName } from "../../../../core/views/back-office";
import { employmentEn } from "../../../messages/employment/employment-en";
import { Choices, FieldError, Labelled, TextField } from "../../../operator/fields";
import type { BackOfficeMessages } from "../../messages";

type TextKey = Exclude<keyof ProductFormValues, "criteria.employment">;

/** A form field's id: `lender-products-0-amount-min` for `products.0.amount.min`. */
export const fieldId = (name: string) => `lender-${name.replace(/\./g, "-")}`;

/** Each product field's label (the list of problems at the top names them too). */
export function productLabels(t: BackOfficeMessages): Record<string, string> {
  return {
    offer_id: t.lenderProductOfferId,
    header: t.lenderProductHeader,
    headers: t.lenderProductNames,
    "headers.si": t.lenderProductNameSi,
    "headers.en": t.lenderProductNameEn,
    "headers.ta": t.lenderProductNameTa,
    amount: t.lenderProductAmount,
    "amount.min": t.lenderProductAmountMin,
    "amount.max": t.lenderProductAmountMax,
    termDays: t.lenderProductTerm,
    "termDays.min": t.lenderProductTermMin,
    "termDays.max": t.lenderProductTermMax,
    "terms.annualInterestRate": t.lenderProductRate,
    "terms.feeFixed": t.lenderProductFeeFixed,
    "terms.feePercent": t.lenderProductFeePercent,
    "terms.repayment": t.lenderProductRepayment,
    "criteria.minAge": t.lenderProductMinAge,
    "criteria.maxAge": t.lenderProductMaxAge,
    "criteria.minMonthlyIncome": t.lenderProductMinIncome,
    "criteria.employment": t.lenderProductEmployment,
    lender_link: t.lenderProductLink,
    tags: t.lenderProductTags,
    product_type: t.lenderProductType,
    stars: t.lenderProductStars,
    field2_value: t.lenderProductField2,
    field4_value: t.lenderProductField4,
    asnef_value: t.lenderProductAsnef,
  };
}

/** The problem list's words for a product's field, when `field` is one (`products.0.tags`). */
export function productProblemLabel(
  field: string,
  t: BackOfficeMessages,
): { label: string; group: boolean } | undefined {
  const match = /^products\.(\d+)\.(.+)$/.exec(field);
  const key = match?.[2] ?? "";
  const label = productLabels(t)[key];
  if (!match || !label) return undefined;
  return {
    label: fill(t.lenderProductProblem, { number: Number(match[1]) + 1, field: label }),
    // Groups (a range, the names, radios and boxes) are reached by their problem.
    group: [
      "headers",
      "amount",
      "termDays",
      "terms.repayment",
      "criteria.employment",
      "asnef_value",
    ].includes(key),
  };
}

const MORE_KEYS = ["product_type", "stars", "field2_value", "field4_value", "asnef_value"] as const;

/** One product's fields (decision 0437): each labelled, its problem beside it, as typed. */
function ProductFieldset({
  product,
  index,
  errors,
  t,
}: {
  product: ProductFormValues;
  index: number;
  errors: Readonly<Record<string, string>> | undefined;
  t: BackOfficeMessages;
}) {
  const name = (key: keyof ProductFormValues | "remove") => productFieldName(index, key);
  const problem = (key: string) => errors?.[productFieldName(index, key as TextKey)];
  const labels = productLabels(t);
  const field = (
    key: TextKey,
    options: { hint?: string; type?: string; numeric?: boolean; lang?: string } = {},
  ) => (
    <TextField
      id={fieldId(name(key))}
      name={name(key)}
      label={labels[key]}
      hint={options.hint}
      problem={problem(key)}
      type={options.type ?? "text"}
      value={product[key]}
      autoComplete="off"
      inputMode={options.numeric ? "numeric" : undefined}
    />
  );
  const group = (key: string, legend: string, children: React.ReactNode) => (
    <fieldset
      aria-describedby={problem(key) ? `${fieldId(name(key as TextKey))}-error` : undefined}
    >
      <legend>{legend}</legend>
      <FieldError id={fieldId(name(key as TextKey))} problem={problem(key)} />
      {children}
    </fieldset>
  );
  /** A range's two fields under its legend, the range's own problem (min above max) first. */
  const range = (key: "amount" | "termDays", legend: string) =>
    group(
      key,
      legend,
      <>
        {field(`${key}.min`, { numeric: true })}
        {field(`${key}.max`, { numeric: true })}
      </>,
    );
  /** Radio buttons or boxes, in the order of `names`, the group's problem under its legend. */
  const choices = (
    key: "terms.repayment" | "criteria.employment" | "asnef_value",
    type: "radio" | "checkbox",
    names: Record<string, string>,
  ) => {
    const chosen = product[key];
    return (
      <Choices
        id={fieldId(name(key))}
        name={name(key)}
        type={type}
        legend={labels[key] ?? key}
        values={Object.keys(names)}
        names={names}
        chosen={typeof chosen === "string" ? [chosen] : chosen}
        problem={problem(key)}
      />
    );
  };
  const moreOpen = MORE_KEYS.some((key) => product[key] !== "" || problem(key));
  return (
    <fieldset className="lender-product-fields" id={fieldId(`products.${index}`)}>
      <legend>
        {fill(t.lenderProductLegend, { number: index + 1 })}
        {product.header ? `: ${product.header}` : ""}
      </legend>
      <FieldError id={fieldId(`products.${index}`)} problem={errors?.[`products.${index}`]} />
      {field("offer_id", { hint: t.lenderProductOfferIdHint, numeric: true })}
      {field("header", { hint: t.lenderProductHeaderHint })}
      {group(
        "headers",
        t.lenderProductNames,
        <>
          {field("headers.si")}
          {field("headers.en")}
          {field("headers.ta")}
        </>,
      )}
      {range("amount", t.lenderProductAmount)}
      {range("termDays", t.lenderProductTerm)}
      <fieldset>
        <legend>{t.lenderProductPrice}</legend>
        <p className="hint">{t.lenderProductFeesHint}</p>
        {field("terms.annualInterestRate", { hint: t.lenderProductRateHint })}
        {field("terms.feeFixed", { numeric: true })}
        {field("terms.feePercent")}
        {choices("terms.repayment", "radio", {
          single: t.lenderRepaymentSingle,
          monthly: t.lenderRepaymentMonthly,
        })}
      </fieldset>
      <fieldset>
        <legend>{t.lenderProductCriteria}</legend>
        {field("criteria.minAge", { numeric: true })}
        {field("criteria.maxAge", { numeric: true })}
        {field("criteria.minMonthlyIncome", { numeric: true })}
        {choices(
          "criteria.employment",
          "checkbox",
          Object.fromEntries(
            EMPLOYMENT_TYPES.map((kind) => [kind, employmentEn[`employment:${kind}`]]),
          ),
        )}
      </fieldset>
      {field("lender_link", { hint: t.lenderProductLinkHint, type: "url" })}
      <Labelled
        id={fieldId(name("tags"))}
        label={labels.tags}
        hint={t.lenderProductTagsHint}
        problem={problem("tags")}
      >
        {(control) => (
          <textarea name={name("tags")} rows={3} defaultValue={product.tags} {...control} />
        )}
      </Labelled>
      <details open={moreOpen || undefined}>
        <summary>{t.lenderProductMore}</summary>
        {field("product_type")}
        {field("stars")}
        {field("field2_value")}
        {field("field4_value")}
        {choices("asnef_value", "radio", {
          "": t.lenderAsnefUnsaid,
          true: t.lenderAsnefYes,
          false: t.lenderAsnefNo,
        })}
      </details>
      <div className="select">
        <input type="checkbox" id={fieldId(name("remove"))} name={name("remove")} value="1" />
        <label htmlFor={fieldId(name("remove"))}>{t.lenderProductRemove}</label>
      </div>
    </fieldset>
  );
}

/** The lender's products, a fieldset each, and the list's own problem (too many of them). */
export function ProductFields({
  products,
  errors,
  t,
}: {
  products: readonly ProductFormValues[];
  errors: Readonly<Record<string, string>> | undefined;
  t: BackOfficeMessages;
}) {
  return (
    <section aria-labelledby="lender-products-title" className="lender-products">
      <h2 id="lender-products-title">{t.lenderProductsLabel}</h2>
      <p className="hint">{t.lenderProductsHint}</p>
      <FieldError id={fieldId("products")} problem={errors?.products} />
      {products.length === 0 ? <p>{t.lenderProductsNone}</p> : null}
      {products.map((product, index) => (
        // The index is the fields' name: a product is the one at its place.
        // biome-ignore lint/suspicious/noArrayIndexKey: the fields are named by it.
        <ProductFieldset key={index} {...{ product, index, errors, t }} />
      ))}
    </section>
  );
}
