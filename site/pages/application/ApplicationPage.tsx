import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import {
  applicationErrorKey,
  DISTRICTS,
  EMPLOYMENT_TYPES,
  LOAN_PURPOSES,
} from "../../../core/application";
import { BANK_CODES, BANKS } from "../../../core/banks";
import type { CalendarDate } from "../../../core/dates";
import { formVersionOfFlow } from "../../../core/experiments";
import { type Locale, localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { Calculator } from "../../../widget/components/Calculator";
import { normalizeSelection } from "../../../widget/loan-selection";
import { postJson } from "../../../widget/runtime/http";
import { experimentFlow } from "../../experiment";
import { applicationMessagesFor, homeMessagesFor, siteMessagesFor } from "../../messages";
import { applicationExtras, trackField } from "../../tracking";
import {
  APPLICATION_STEPS,
  type ApplicationFormValues,
  applicationRequestBody,
  type ConsentName,
  FIELD_ORDER,
  type FieldErrors,
  type FieldPath,
  firstInvalidField,
  initialFormValues,
  maskIncome,
  maskNic,
  maskPhone,
  rememberedFormVersion,
  stepOf,
  submitOutcome,
  type TextFieldName,
} from "./application-form";
import { CheckboxField, FieldError, RadioField, SelectField, TextField } from "./fields";
import type { ApplicationView } from "./page.server";
import type { FormVersion } from "./prefill";

type Status = "idle" | "sending" | "failed" | "throttled";

const STEP_COUNT = APPLICATION_STEPS.length;

/** One form per page, so plain ids: the error summary links to them. */
function fieldId(path: FieldPath): string {
  return path === "amount" || path === "term"
    ? "application-loan"
    : `application-${path.replace(".", "-")}`;
}

type Checks = typeof import("./application-checks");
let checksLoading: Promise<Checks> | undefined;

/**
 * The checks (zod and the schema) in a chunk of their own, asked for once the
 * page is hydrated; a failed load is tried again at the next check.
 */
function loadChecks(): Promise<Checks> {
  checksLoading ??= import("./application-checks").catch((error: unknown) => {
    checksLoading = undefined;
    throw error;
  });
  return checksLoading;
}

const stepTitleId = (step: number) => `application-step-${step + 1}-title`;
const SUMMARY_ID = "application-summary";

/** "{terms}" in a text becomes the element given for it. */
function withElements(template: string, elements: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/)
    .map((part, index) =>
      index % 2 === 1 ? <Fragment key={part}>{elements[part]}</Fragment> : part,
    );
}

/**
 * The application form (issue 5; SPEC §4's /application/, /reg/, /reg2/).
 * Version 2 is one page of three sections; version 3 shows the same
 * sections as steps, each checked before the next. Both check with the
 * server's own schema and post JSON to /api/applications, so without
 * JavaScript the form cannot be sent: the server render shows every field
 * with a note, and the button works only once the page is hydrated.
 */
export function ApplicationPage({
  locale,
  view,
  today,
}: {
  locale: Locale;
  view: ApplicationView;
  today: CalendarDate;
}) {
  const t = siteMessagesFor(locale);
  const a = applicationMessagesFor(locale);
  const h = homeMessagesFor(locale);

  const [values, setValues] = useState(() => initialFormValues(view));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [version, setVersion] = useState<FormVersion>(view.version ?? 2);
  const [step, setStep] = useState(0);
  const [status, setStatus] = useState<Status>("idle");
  const [showSummary, setShowSummary] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  /** The element to focus once the next render is on screen (a step heading, a field, the summary). */
  const focusNext = useRef<string | undefined>(undefined);

  useEffect(() => {
    // After hydration, so the server's markup (version 2 unless the link said 3) is matched first.
    setHydrated(true);
    loadChecks().catch(() => {
      // Asked for again by the first check.
    });
    setVersion(
      rememberedFormVersion(
        view.version,
        () => window.sessionStorage,
        formVersionOfFlow(experimentFlow(false)),
      ),
    );
  }, [view.version]);

  // Field events (issue 6): a field's name when it is first focused, first
  // left filled, and each time it turns invalid; never what was typed.
  const reported = useRef(new Set<string>());
  const reportOnce = (action: "fieldFocus" | "fieldFilled", field: string | null) => {
    if (!field || reported.current.has(`${action}:${field}`)) return;
    reported.current.add(`${action}:${field}`);
    trackField(action, field);
  };
  const invalidShown = useRef(new Set<string>());
  useEffect(() => {
    for (const [path, message] of Object.entries(errors)) {
      if (message && !invalidShown.current.has(path)) trackField("fieldInvalid", path);
    }
    invalidShown.current = new Set(
      Object.entries(errors).flatMap(([path, message]) => (message ? [path] : [])),
    );
  }, [errors]);

  useEffect(() => {
    if (focusNext.current === undefined) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  });

  const stepped = version === 3;
  const sending = status === "sending";

  /** An English APPLICATION_ERRORS text in the visitor's language. */
  const say = (message: string | undefined): string | undefined => {
    if (message === undefined) return undefined;
    const key = applicationErrorKey(message);
    return key ? a[`applicationError:${key}`] : a.fieldInvalid;
  };
  const errorOf = (path: FieldPath) => say(errors[path]);

  const labels: Record<FieldPath, string> = {
    amount: t.loanAmount,
    term: t.loanPeriod,
    purpose: a.purposeLabel,
    fullName: a.fullNameLabel,
    nic: a.nicLabel,
    birthDate: a.birthDateLabel,
    phone: t.phoneLabel,
    email: t.emailLabel,
    monthlyIncome: a.incomeLabel,
    employment: a.employmentLabel,
    bank: a.bankLabel,
    district: a.districtLabel,
    "consents.terms": a.consentsLegend,
    "consents.shareWithLenders": a.consentsLegend,
    "consents.marketing": a.consentsLegend,
  };

  /** Sets one field's problem (or none) once the checks are there; without them the submit says so. */
  const check = (path: FieldPath, snapshot: ApplicationFormValues) => {
    loadChecks().then(
      (checks) =>
        setErrors((current) => ({ ...current, [path]: checks.fieldProblem(path, snapshot) })),
      () => {
        // Checked again on the next step or on submit.
      },
    );
  };

  /** A change; a field already showing a problem is checked again as it is corrected. */
  const change = (path: FieldPath, next: ApplicationFormValues) => {
    setValues(next);
    if (status === "failed" || status === "throttled") setStatus("idle");
    if (errors[path] !== undefined) check(path, next);
  };
  const setText = (name: TextFieldName, value: string) =>
    change(name, { ...values, [name]: value });
  const setConsent = (name: ConsentName, checked: boolean) =>
    change(`consents.${name}`, { ...values, consents: { ...values.consents, [name]: checked } });

  /** Leaving a field checks it, unless it was left empty (the step or the submit says so). */
  const leave = (name: TextFieldName) => {
    if (values[name] !== "" || errors[name] !== undefined) check(name, values);
  };

  const goTo = (path: FieldPath) => {
    if (stepped) setStep(stepOf(path));
    focusNext.current = fieldId(path);
    // Focus now if the field is on screen; the effect does it after a step change.
    document.getElementById(fieldId(path))?.focus();
  };

  const next = async () => {
    let found: FieldErrors;
    try {
      found = (await loadChecks()).stepProblems(values, today, step);
    } catch {
      setStatus("failed");
      return;
    }
    setErrors((current) => ({
      ...Object.fromEntries(
        Object.entries(current).filter(([path]) => stepOf(path as FieldPath) !== step),
      ),
      ...found,
    }));
    const first = firstInvalidField(found);
    if (first) {
      focusNext.current = fieldId(first);
      return;
    }
    setStatus("idle");
    setStep(step + 1);
    focusNext.current = stepTitleId(step + 1);
  };

  const back = () => {
    setStep(step - 1);
    focusNext.current = stepTitleId(step - 1);
  };

  const showProblems = (found: FieldErrors) => {
    setErrors(found);
    setShowSummary(true);
    const first = firstInvalidField(found);
    if (stepped && first) setStep(stepOf(first));
    focusNext.current = SUMMARY_ID;
  };

  const submit = async () => {
    setStatus("sending");
    let outcome: ReturnType<typeof submitOutcome>;
    try {
      const found = (await loadChecks()).applicationProblems(values, today);
      if (firstInvalidField(found)) {
        setStatus("idle");
        showProblems(found);
        return;
      }
      setErrors({});
      setShowSummary(false);
      const { attribution, ...extras } = applicationExtras(view.attribution);
      const response = await postJson("/api/applications", {
        ...applicationRequestBody(values, attribution),
        ...extras,
      });
      outcome = submitOutcome(response.status, response.data);
    } catch {
      // The checks could not load, or the network failed: nothing typed is lost.
      outcome = { kind: "failed" };
    }
    switch (outcome.kind) {
      case "created":
        // Stays "sending" while the offers page loads.
        window.location.assign(localizePath(locale, "/offers/"));
        return;
      case "invalid":
        setStatus("idle");
        showProblems(outcome.errors);
        return;
      default:
        setStatus(outcome.kind);
    }
  };

  const summaryPaths = FIELD_ORDER.filter((path) => errors[path] !== undefined);
  const hidden = (index: number) => stepped && step !== index;
  const lastStep = !stepped || step === STEP_COUNT - 1;
  const newTab = (path: string, text: string) => (
    <a href={localizePath(locale, path)} target="_blank" rel="noopener">
      {text}
      <span className="visually-hidden"> {a.newTab}</span>
    </a>
  );
  const groupTitle = (index: number, text: string) => (
    <legend>
      <h2 id={stepTitleId(index)} className="application-group-title" tabIndex={-1}>
        {text}
      </h2>
    </legend>
  );

  return (
    <section aria-labelledby="application-title" className="application">
      <h1 id="application-title">{t.applicationTitle}</h1>
      <p className="lead">{t.applicationIntro}</p>
      <noscript>
        <p className="notice">{a.noScript}</p>
      </noscript>

      <form
        className="form application-form"
        method="post"
        noValidate
        aria-busy={sending}
        onFocus={(event) => reportOnce("fieldFocus", event.target.getAttribute("name"))}
        onBlur={(event) => {
          const target = event.target;
          const filled =
            target instanceof HTMLInputElement &&
            (target.type === "checkbox" || target.type === "radio")
              ? target.checked
              : "value" in target && Boolean(target.value);
          if (filled) reportOnce("fieldFilled", target.getAttribute("name"));
        }}
        onSubmit={(event) => {
          event.preventDefault();
          if (sending) return;
          if (stepped && step < STEP_COUNT - 1) void next();
          else void submit();
        }}
      >
        {showSummary && summaryPaths.length > 0 ? (
          <section
            id={SUMMARY_ID}
            className="error-summary"
            tabIndex={-1}
            aria-labelledby={`${SUMMARY_ID}-title`}
          >
            <h2 id={`${SUMMARY_ID}-title`} className="error-summary-title">
              {a.summaryTitle}
            </h2>
            <ul>
              {summaryPaths.map((path) => (
                <li key={path}>
                  <a
                    href={`#${fieldId(path)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      goTo(path);
                    }}
                  >
                    {labels[path]}: {errorOf(path)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="field-hint">{a.requiredNote}</p>

        {stepped ? (
          <div className="application-progress">
            <p id="application-progress-label">
              {fill(a.stepProgress, { step: step + 1, count: STEP_COUNT })}
            </p>
            <progress
              max={STEP_COUNT}
              value={step + 1}
              aria-labelledby="application-progress-label"
            />
          </div>
        ) : null}

        <fieldset className="application-group" hidden={hidden(0)}>
          {groupTitle(0, a.stepLoan)}
          <div id={fieldId("amount")} tabIndex={-1} className="application-calculator">
            <Calculator
              locale={locale}
              selection={normalizeSelection(values.amount, values.term)}
              onSelectionChange={(selection) =>
                change("amount", { ...values, amount: selection.amount, term: selection.termDays })
              }
              today={today}
            />
            <FieldError id={fieldId("amount")} text={errorOf("amount") ?? errorOf("term")} />
          </div>
          <SelectField
            id={fieldId("purpose")}
            name="purpose"
            label={a.purposeLabel}
            error={errorOf("purpose")}
            placeholder={a.choose}
            options={LOAN_PURPOSES.map((code) => [code, h[`purpose:${code}`]] as const)}
            value={values.purpose}
            onValue={(value) => setText("purpose", value)}
            onBlur={() => leave("purpose")}
          />
        </fieldset>

        <fieldset className="application-group" hidden={hidden(1)}>
          {groupTitle(1, a.stepAboutYou)}
          <TextField
            id={fieldId("fullName")}
            name="fullName"
            label={a.fullNameLabel}
            hint={a.fullNameHint}
            error={errorOf("fullName")}
            value={values.fullName}
            onValue={(value) => setText("fullName", value)}
            onBlur={() => leave("fullName")}
            type="text"
            autoComplete="name"
            autoCapitalize="words"
            spellCheck={false}
            maxLength={100}
          />
          <TextField
            id={fieldId("nic")}
            name="nic"
            label={a.nicLabel}
            hint={a.nicHint}
            error={errorOf("nic")}
            value={values.nic}
            onValue={(value) => setText("nic", maskNic(value))}
            onBlur={() => leave("nic")}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={14}
          />
          <TextField
            id={fieldId("birthDate")}
            name="birthDate"
            label={a.birthDateLabel}
            error={errorOf("birthDate")}
            value={values.birthDate}
            onValue={(value) => setText("birthDate", value)}
            onBlur={() => leave("birthDate")}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={today}
          />
          <TextField
            id={fieldId("phone")}
            name="phone"
            label={t.phoneLabel}
            hint={t.phoneHint}
            error={errorOf("phone")}
            value={values.phone}
            onValue={(value) => setText("phone", maskPhone(value))}
            onBlur={() => leave("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={16}
          />
          <TextField
            id={fieldId("email")}
            name="email"
            label={t.emailLabel}
            error={errorOf("email")}
            value={values.email}
            onValue={(value) => setText("email", value)}
            onBlur={() => leave("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
          />
        </fieldset>

        <fieldset className="application-group" hidden={hidden(2)}>
          {groupTitle(2, a.stepMoney)}
          <TextField
            id={fieldId("monthlyIncome")}
            name="monthlyIncome"
            label={a.incomeLabel}
            hint={a.incomeHint}
            error={errorOf("monthlyIncome")}
            value={values.monthlyIncome}
            onValue={(value) => setText("monthlyIncome", maskIncome(value))}
            onBlur={() => leave("monthlyIncome")}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            // Room for a pasted "10,000,000"; the field keeps the digits only.
            maxLength={13}
          />
          <RadioField
            id={fieldId("employment")}
            name="employment"
            legend={a.employmentLabel}
            error={errorOf("employment")}
            options={EMPLOYMENT_TYPES.map((code) => [code, a[`employment:${code}`]] as const)}
            value={values.employment}
            onValue={(value) => setText("employment", value)}
          />
          <SelectField
            id={fieldId("bank")}
            name="bank"
            label={a.bankLabel}
            hint={a.bankHint}
            error={errorOf("bank")}
            placeholder={a.choose}
            options={BANK_CODES.map((code) => [code, BANKS[code][locale]] as const)}
            value={values.bank}
            onValue={(value) => setText("bank", value)}
            onBlur={() => leave("bank")}
          />
          <SelectField
            id={fieldId("district")}
            name="district"
            label={a.districtLabel}
            error={errorOf("district")}
            placeholder={a.choose}
            options={DISTRICTS.map((district) => [district, a[`district:${district}`]] as const)
              // Plain comparison, not Intl: server and browser must sort alike (Sinhala's block is in alphabet order).
              .sort(([, one], [, other]) => (one < other ? -1 : one > other ? 1 : 0))}
            value={values.district}
            onValue={(value) => setText("district", value)}
            onBlur={() => leave("district")}
          />
          <fieldset className="application-consents">
            <legend>{a.consentsLegend}</legend>
            <CheckboxField
              id={fieldId("consents.terms")}
              name="consentTerms"
              label={withElements(a.consentTerms, {
                terms: newTab("/terms-and-conditions/", a.consentTermsLink),
                privacy: newTab("/privacy-policy/", a.consentPrivacyLink),
              })}
              error={errorOf("consents.terms")}
              checked={values.consents.terms}
              onChecked={(checked) => setConsent("terms", checked)}
            />
            <CheckboxField
              id={fieldId("consents.shareWithLenders")}
              name="consentShareWithLenders"
              label={a.consentShare}
              error={errorOf("consents.shareWithLenders")}
              checked={values.consents.shareWithLenders}
              onChecked={(checked) => setConsent("shareWithLenders", checked)}
            />
            <CheckboxField
              id={fieldId("consents.marketing")}
              name="consentMarketing"
              label={a.consentMarketing}
              error={undefined}
              checked={values.consents.marketing}
              onChecked={(checked) => setConsent("marketing", checked)}
            />
          </fieldset>
        </fieldset>

        <div className="application-actions">
          {stepped && step > 0 ? (
            <button type="button" className="button-secondary" onClick={back} disabled={sending}>
              {a.back}
            </button>
          ) : null}
          <button
            type="submit"
            className="button-small application-submit"
            // Disabled until hydrated: without JavaScript the form would post nowhere useful.
            disabled={!hydrated || sending}
          >
            {lastStep ? (sending ? a.sending : a.submit) : a.next}
          </button>
        </div>
        {status === "failed" || status === "throttled" ? (
          <p className="field-error" role="alert">
            {status === "failed" ? a.failed : a.throttled}
          </p>
        ) : null}
      </form>
    </section>
  );
}
