import {
  LENDER_CONCURRENCY_RANGE,
  LENDER_DEADLINE_RANGE_MS,
} from "../../../../core/domain/lender-limits";
import { LICENCE_CATEGORIES, type LicenceCategory } from "../../../../core/domain/schemas/offer";
import { fill } from "../../../../core/messages";
import type {
  LenderDecisionStats,
  LenderEditView,
  LenderFormValues,
} from "../../../../core/views/back-office";
import {
  CsrfField,
  FormTextField,
  type FormTextFieldProps,
  Labelled,
  Notice,
} from "../../../operator/fields";
import { ProductCards } from "../../../operator/ProductCards";
import type { BackOfficeMessages } from "../../messages";
import { lenderStatusName } from "../../sections";
import { OddsFlag } from "../approval-odds/ApprovalOdds";
import { fieldId, ProductFields, productProblemLabel } from "./ProductFields";

type TextName = Exclude<keyof LenderFormValues, "decision.fields" | "removeLogo" | "products">;

/** The live preview's script (decision 0142), the form's own; the preview button works without it. */
export const LENDER_PREVIEW_SCRIPT = "/admin/lenders/preview.js";

const idOf = fieldId;

/** A text field of the lender's form, with the product fields' ids. */
const Field = (props: FormTextFieldProps<TextName>) => <FormTextField idOf={idOf} {...props} />;

function FieldError({ view, name }: { view: LenderEditView; name: string }) {
  const error = view.errors?.[name];
  return error ? (
    <span className="field-error" id={`${idOf(name)}-error`}>
      {error}
    </span>
  ) : null;
}

function Preview({ view, t }: { view: LenderEditView; t: BackOfficeMessages }) {
  const { preview } = view;
  if (!preview) return null;
  // As a borrower whose application they match sees them (decisions 0140, 0438).
  return (
    <section aria-labelledby="preview-title" className="preview">
      <h2 id="preview-title">{t.lenderPreviewTitle}</h2>
      <p>
        {fill(t.lenderPreviewLoan, {
          amount: preview.amount.toLocaleString("en-LK"),
          days: preview.termDays,
        })}
      </p>
      <ProductCards
        offers={preview.offers}
        amount={preview.amount}
        termDays={preview.termDays}
        today={preview.today}
        ctaHref="#preview-title"
        idOf={(offerId, locale) => `preview-${offerId}-${locale}`}
        none={<p>{t.lenderPreviewNone}</p>}
      />
    </section>
  );
}

function Stats({ stats, t }: { stats: LenderDecisionStats; t: BackOfficeMessages }) {
  const ms = (value: number | null) =>
    value === null ? t.lenderStatsNoLatency : fill(t.lenderStatsMs, { ms: value });
  const breaker = {
    closed: t.lenderBreakerClosed,
    open: t.lenderBreakerOpen,
    half_open: t.lenderBreakerHalfOpen,
    isolated: t.lenderBreakerIsolated,
    unused: t.lenderBreakerUnused,
  }[stats.breaker];
  const rows: [string, string | number][] = [
    [t.lenderStatsAsked, stats.asked],
    [t.lenderStatsApproved, stats.approved],
    [t.lenderStatsDeclined, stats.declined],
    [t.lenderStatsPending, stats.pending],
    [t.lenderStatsWaiting, stats.waiting],
    [t.lenderStatsErrors, stats.errors],
    [t.lenderStatsTimeouts, stats.timeouts],
    [
      t.lenderStatsRefused,
      stats.brokenRules.length === 0
        ? 0
        : stats.brokenRules.map(({ rule, count }) => `${rule} × ${count}`).join(", "),
    ],
    [t.lenderStatsP50, ms(stats.p50Ms)],
    [t.lenderStatsP95, ms(stats.p95Ms)],
    [t.lenderBreaker, breaker],
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title">{t.lenderStatsTitle}</h2>
      <dl className="pairs stats">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Status, secret, test application and statistics of a stored lender. */
function StoredLender({
  view,
  t,
  csrf,
}: {
  view: LenderEditView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { stored, form } = view;
  if (!stored) return null;
  const base = `/admin/lenders/${form.id}`;
  const live = stored.status === "live";
  const api = form["decision.mode"] === "api" && view.stats !== undefined;
  return (
    <>
      <h2>{t.lenderStatusTitle}</h2>
      <p>
        <strong>{lenderStatusName(stored.status, t)}</strong>
      </p>
      {stored.sample ? <p className="meta">{t.lenderStateSample}</p> : null}
      {stored.sandbox ? <p className="meta">{t.lenderStateSandbox}</p> : null}
      {stored.oddsFlagged ? <OddsFlag id={form.id} t={t} link /> : null}
      <form method="post" action={`${base}/status`}>
        <CsrfField csrf={csrf} />
        <input type="hidden" name="status" value={live ? "paused" : "live"} />
        <button type="submit" className={live ? "danger" : "secondary"}>
          {live ? t.lenderPause : t.lenderGoLive}
        </button>
      </form>
      {api ? (
        <>
          <h2>{t.lenderApiTitle}</h2>
          <p>{stored.hasSecret ? t.lenderSecretSet : t.lenderSecretMissing}</p>
          <div className="inline-form">
            <form method="post" action={`${base}/secret`}>
              <CsrfField csrf={csrf} />
              <button type="submit" className="secondary">
                {t.lenderRotate}
              </button>
            </form>
            <form method="post" action={`${base}/test`}>
              <CsrfField csrf={csrf} />
              <button type="submit" className="secondary" aria-describedby="test-hint">
                {t.lenderTest}
              </button>
            </form>
          </div>
          <p className="hint" id="test-hint">
            {t.lenderTestHint}
          </p>
          {view.test ? (
            <div className={view.test.kind === "answer" ? "notice" : "alert"} role="status">
              <p>
                {view.test.kind === "answer"
                  ? fill(t.lenderTestAnswer, {
                      decision: view.test.decision,
                      ms: view.test.latencyMs,
                    })
                  : fill(t.lenderTestFailed, { error: view.test.error, ms: view.test.latencyMs })}
              </p>
              {view.test.kind === "answer" && view.test.detail ? <p>{view.test.detail}</p> : null}
            </div>
          ) : null}
        </>
      ) : null}
      {view.stats ? <Stats stats={view.stats} t={t} /> : null}
    </>
  );
}

/** Every problem at the top, each a link to its field (or its message, for a group of fields). */
function Problems({
  errors,
  t,
}: {
  errors: Readonly<Record<string, string>>;
  t: BackOfficeMessages;
}) {
  const inputs: Record<string, string> = {
    id: t.lenderId,
    "names.en": t.lenderNameEn,
    "names.si": t.lenderNameSi,
    "names.ta": t.lenderNameTa,
    legalName: t.lenderLegalName,
    website: t.lenderWebsite,
    "complaints.email": t.lenderComplaintsEmail,
    "complaints.phone": t.lenderComplaintsPhone,
    "complaints.url": t.lenderComplaintsUrl,
    "licence.category": t.lenderLicenceCategory,
    "licence.number": t.lenderLicenceNumber,
    dailyLeadCap: t.lenderDailyCap,
    "decision.url": t.lenderDecisionUrl,
    "decision.concurrency": t.lenderConcurrency,
    "decision.deadlineMs": t.lenderDeadline,
    logo: t.lenderLogo,
  };
  const groups: Record<string, string> = {
    complaints: t.lenderComplaints,
    licence: t.lenderLicenceLegend,
    status: t.lenderLicenceLegend,
    "decision.mode": t.lenderDecision,
    "decision.fields": t.lenderFields,
    secret: t.lenderDecision,
    products: t.lenderProductsLabel,
  };
  return (
    <div className="alert" role="alert">
      <p>{t.lenderProblems}</p>
      <ul>
        {Object.entries(errors).map(([field, message]) => {
          const product = productProblemLabel(field, t);
          const label = inputs[field] ?? groups[field] ?? product?.label;
          const input = inputs[field] ?? (product && !product.group);
          return (
            <li key={field}>
              {label ? (
                <a href={`#${idOf(field)}${input ? "" : "-error"}`}>
                  {label}: {message}
                </a>
              ) : (
                `${field ? `${field}: ` : ""}${message}`
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /admin/lenders/new/ and /admin/lenders/{id}/: the lender's form, its cards, its API and figures. */
export function LenderEditPage({
  view,
  t,
  csrf,
}: {
  view: LenderEditView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { form, errors } = view;
  const editing = view.mode === "edit";
  const categories: Record<LicenceCategory, string> = {
    licensed_commercial_bank: t.lenderCommercialBank,
    licensed_specialised_bank: t.lenderSpecialisedBank,
    licensed_finance_company: t.lenderFinanceCompany,
    licensed_microfinance_company: t.lenderMicrofinanceCompany,
    registered_lender: t.lenderRegisteredLender,
  };
  const done = view.done
    ? { created: t.lenderCreated, saved: t.lenderSaved, rotated: t.lenderRotated }[view.done]
    : undefined;
  return (
    <>
      <p>
        <a href="/admin/lenders/">{t.lenderBackToList}</a>
      </p>
      {/* The live preview (lender-preview.ts) swaps these two boxes' contents for the server's. */}
      <div id="lender-problems">
        {errors && Object.keys(errors).length > 0 ? <Problems errors={errors} t={t} /> : null}
      </div>
      {done ? <Notice>{done}</Notice> : null}
      {view.newSecret ? (
        <div className="notice" role="status">
          <p>{t.lenderSecretOnce}</p>
          <p className="secret" data-secret="">
            {view.newSecret}
          </p>
        </div>
      ) : null}
      <StoredLender view={view} t={t} csrf={csrf} />
      {/* Side by side on a wide screen, the preview kept in view as the form scrolls. */}
      <div className="lender-editor">
        <div id="lender-preview">
          <Preview view={view} t={t} />
        </div>
        <form
          data-live-preview=""
          method="post"
          action={editing ? `/admin/lenders/${form.id}/` : "/admin/lenders/"}
          encType="multipart/form-data"
          noValidate
        >
          <CsrfField csrf={csrf} />
          <fieldset>
            <legend>{t.lenderIdentity}</legend>
            <Field
              name="id"
              label={t.lenderId}
              hint={t.lenderIdHint}
              view={view}
              readOnly={editing}
            />
            <Field name="names.en" label={t.lenderNameEn} view={view} />
            <Field name="names.si" label={t.lenderNameSi} view={view} />
            <Field name="names.ta" label={t.lenderNameTa} view={view} />
            <Field name="legalName" label={t.lenderLegalName} view={view} />
            <Field name="website" label={t.lenderWebsite} view={view} type="url" />
          </fieldset>
          <fieldset>
            <legend>{t.lenderComplaints}</legend>
            <FieldError view={view} name="complaints" />
            <Field
              name="complaints.email"
              label={t.lenderComplaintsEmail}
              view={view}
              type="email"
            />
            <Field name="complaints.phone" label={t.lenderComplaintsPhone} view={view} />
            <Field name="complaints.url" label={t.lenderComplaintsUrl} view={view} type="url" />
          </fieldset>
          <fieldset>
            <legend>{t.lenderLicenceLegend}</legend>
            <p className="hint">{t.lenderLicenceHint}</p>
            <FieldError view={view} name="licence" />
            <label htmlFor={idOf("licence.category")}>{t.lenderLicenceCategory}</label>
            <FieldError view={view} name="licence.category" />
            <select
              id={idOf("licence.category")}
              name="licence.category"
              defaultValue={form["licence.category"]}
              aria-invalid={errors?.["licence.category"] ? true : undefined}
              aria-describedby={
                errors?.["licence.category"] ? `${idOf("licence.category")}-error` : undefined
              }
            >
              <option value="">{t.lenderLicenceNone}</option>
              {LICENCE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categories[category]}
                </option>
              ))}
            </select>
            <Field name="licence.number" label={t.lenderLicenceNumber} view={view} />
            <FieldError view={view} name="status" />
          </fieldset>
          <fieldset>
            <legend>{t.lenderDecision}</legend>
            <FieldError view={view} name="decision.mode" />
            {(["criteria", "api"] as const).map((mode) => (
              <div className="select" key={mode}>
                <input
                  type="radio"
                  id={idOf(`decision.mode.${mode}`)}
                  name="decision.mode"
                  value={mode}
                  defaultChecked={form["decision.mode"] === mode}
                />
                <label htmlFor={idOf(`decision.mode.${mode}`)}>
                  {mode === "api" ? t.lenderModeApi : t.lenderModeCriteria}
                </label>
              </div>
            ))}
            <Field name="decision.url" label={t.lenderDecisionUrl} view={view} type="url" />
            <FieldError view={view} name="secret" />
            <fieldset>
              <legend>{t.lenderFields}</legend>
              <FieldError view={view} name="decision.fields" />
              {view.fieldChoices.map((field) => (
                <div className="select" key={field}>
                  <input
                    type="checkbox"
                    id={idOf(`field.${field}`)}
                    name="decision.fields"
                    value={field}
                    defaultChecked={form["decision.fields"].includes(field)}
                  />
                  <label htmlFor={idOf(`field.${field}`)}>{field}</label>
                </div>
              ))}
            </fieldset>
            <Field
              name="decision.concurrency"
              label={t.lenderConcurrency}
              hint={fill(t.lenderConcurrencyHint, {
                min: LENDER_CONCURRENCY_RANGE.min,
                max: LENDER_CONCURRENCY_RANGE.max,
                server: view.limits.concurrency,
              })}
              view={view}
            />
            <Field
              name="decision.deadlineMs"
              label={t.lenderDeadline}
              hint={fill(t.lenderDeadlineHint, {
                min: LENDER_DEADLINE_RANGE_MS.min,
                max: view.limits.deadlineMs,
              })}
              view={view}
            />
            <Field
              name="dailyLeadCap"
              label={t.lenderDailyCap}
              hint={t.lenderDailyCapHint}
              view={view}
            />
          </fieldset>
          <fieldset>
            <legend>{t.lenderLogo}</legend>
            {editing && view.stored?.hasLogo ? (
              <p>
                {t.lenderLogoCurrent}:{" "}
                <img src={`/admin/lenders/${form.id}/logo`} alt="" width={48} height={48} />
              </p>
            ) : null}
            <Labelled
              id={idOf("logo")}
              label={t.lenderLogo}
              hint={t.lenderLogoHint}
              problem={errors?.logo}
            >
              {(control) => (
                <input
                  type="file"
                  name="logo"
                  accept="image/png,image/jpeg,image/webp"
                  {...control}
                />
              )}
            </Labelled>
            {editing && view.stored?.hasLogo ? (
              <div className="select">
                <input type="checkbox" id={idOf("removeLogo")} name="removeLogo" value="1" />
                <label htmlFor={idOf("removeLogo")}>{t.lenderRemoveLogo}</label>
              </div>
            ) : null}
          </fieldset>
          <ProductFields products={form.products} errors={errors} t={t} />
          <p className="lender-buttons">
            {/* First, so that Enter in a field previews: it never saves nor adds a product. */}
            <button type="submit" name="intent" value="preview" className="secondary">
              {t.lenderPreviewButton}
            </button>
            <button type="submit" name="intent" value="add-product" className="secondary">
              {t.lenderProductAdd}
            </button>
            <button type="submit" name="intent" value="save">
              {editing ? t.lenderSaveButton : t.lenderCreateButton}
            </button>
          </p>
          <p
            className="hint"
            id="lender-live-status"
            role="status"
            data-updated={t.lenderLiveUpdated}
            data-problem={t.lenderLiveProblem}
            data-problems={t.lenderLiveProblems}
            data-failed={t.lenderLiveFailed}
          />
        </form>
      </div>
      <script src={LENDER_PREVIEW_SCRIPT} defer />
    </>
  );
}
