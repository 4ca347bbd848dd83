import { Fragment } from "react";
import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import type {
  ApprovalAnswer,
  DatePeriod,
  PartnerDone,
  PartnerRow,
  PartnerStatus,
  PartnersView,
  PartnerView,
  PayoutModelName,
  PayoutTermsField,
  PayoutTermsProblem,
  ProgrammeDefaults,
} from "../../../../core/views/back-office-partners";
import { Alert, CardList, CsrfField, DateRange, Notice } from "../../../operator/fields";
import { colomboDate } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";

export function modelName(model: PayoutModelName | string, t: BackOfficeMessages): string {
  return model === "sale" ? t.partnerModelSale : t.partnerModelLead;
}

function statusName(status: PartnerStatus, t: BackOfficeMessages): string {
  return {
    pending: t.partnerStatusPending,
    active: t.partnerStatusActive,
    rejected: t.partnerStatusRejected,
  }[status];
}

/** "lanka-deals, active, Rs. 400 per lead, publishable key ending 9xQz, 2 registered origins…" */
function partnerMeta(partner: PartnerRow, t: BackOfficeMessages): string {
  return [
    partner.id,
    statusName(partner.status, t),
    ...(partner.disabled ? [t.partnerDisabled] : []),
    fill(t.partnerPayout, {
      amount: formatRupees(partner.payoutRupees),
      model: modelName(partner.payoutModel, t),
    }),
    fill(t.partnerKeyEnd, { end: partner.keyEnd }),
    fill(t.partnerOrigins, { count: partner.origins }),
    partner.postback ? t.partnerPostback : t.partnerNoPostback,
  ].join(", ");
}

/** A POST button for one partner, its name read with it. */
function PartnerAction({
  partner,
  action,
  label,
  csrf,
  className,
}: {
  partner: PartnerRow;
  action: string;
  label: string;
  csrf: string;
  className?: string;
}) {
  return (
    <form method="post" action={`/admin/partners/${partner.id}/${action}`}>
      <CsrfField csrf={csrf} />
      <button type="submit" className={className} aria-describedby={`partner-${partner.id}`}>
        {label}
      </button>
    </form>
  );
}

/** The terms' two fields, their errors inline; ids after `idPrefix` (one form of many on a page). */
function TermsFields({
  idPrefix,
  form,
  errors,
  hint,
  t,
  rupeesProblem,
}: {
  idPrefix: string;
  form: { payoutModel: string; payoutRupees: string };
  errors: Partial<Record<PayoutTermsField, PayoutTermsProblem>> | undefined;
  hint: string;
  t: BackOfficeMessages;
  /** The amount's problem in other words (an approval asks at least Rs. 1). */
  rupeesProblem?: string | undefined;
}) {
  const termsProblem = {
    model: t.termsProblemModel,
    rupees: rupeesProblem ?? t.termsProblemRupees,
  };
  const modelError = errors?.payoutModel;
  const rupeesError = errors?.payoutRupees;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <label htmlFor={id("model")}>{t.partnerModelLabel}</label>
      {modelError ? (
        <span className="field-error" id={id("model-error")}>
          {termsProblem[modelError]}
        </span>
      ) : null}
      <select
        id={id("model")}
        name="payoutModel"
        defaultValue={form.payoutModel}
        aria-invalid={modelError ? true : undefined}
        aria-describedby={modelError ? id("model-error") : undefined}
      >
        <option value="lead">{t.partnerModelLead}</option>
        <option value="sale">{t.partnerModelSale}</option>
      </select>
      <label htmlFor={id("rupees")}>{t.partnerRupeesLabel}</label>
      <span className="hint" id={id("rupees-hint")}>
        {hint}
      </span>
      {rupeesError ? (
        <span className="field-error" id={id("rupees-error")}>
          {termsProblem[rupeesError]}
        </span>
      ) : null}
      <input
        id={id("rupees")}
        name="payoutRupees"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={form.payoutRupees}
        aria-invalid={rupeesError ? true : undefined}
        aria-describedby={
          rupeesError ? `${id("rupees-error")} ${id("rupees-hint")}` : id("rupees-hint")
        }
      />
    </>
  );
}

/** The approval form's first values: the answer sent back, else the programme's default. */
function approvalForm(
  defaults: ProgrammeDefaults | undefined,
  approval: ApprovalAnswer | undefined,
) {
  if (approval) return approval.form;
  const payoutModel = !defaults?.leadRupees && defaults?.loanRupees ? "sale" : "lead";
  const rupees = payoutModel === "sale" ? defaults?.loanRupees : defaults?.leadRupees;
  return { payoutModel, payoutRupees: rupees ? String(rupees) : "" };
}

/** The programme's defaults, said beside the amount. */
function defaultsHint(defaults: ProgrammeDefaults | undefined, t: BackOfficeMessages): string {
  const lead = defaults?.leadRupees;
  const loan = defaults?.loanRupees;
  if (!lead && !loan) return t.partnerApproveNoDefaults;
  return fill(t.partnerApproveDefaults, {
    lead: lead ? formatRupees(lead) : "—",
    loan: loan ? formatRupees(loan) : "—",
  });
}

/** A pending partner's approval (with its terms, decision 0429) and rejection. */
function ApproveOrReject({
  partner,
  t,
  csrf,
  defaults,
  approval,
}: {
  partner: PartnerRow;
  t: BackOfficeMessages;
  csrf: string;
  defaults: ProgrammeDefaults | undefined;
  approval?: ApprovalAnswer | undefined;
}) {
  return (
    <div className="inline-form">
      <form method="post" action={`/admin/partners/${partner.id}/approve`} noValidate>
        <CsrfField csrf={csrf} />
        {approval ? <Alert>{t.partnerApproveProblem}</Alert> : null}
        <TermsFields
          idPrefix={`approve-${partner.id}`}
          form={approvalForm(defaults, approval)}
          errors={approval?.errors}
          hint={defaultsHint(defaults, t)}
          t={t}
          rupeesProblem={t.approveProblemRupees}
        />
        <button type="submit" aria-describedby={`partner-${partner.id}`}>
          {t.partnerApprove}
        </button>
      </form>
      <PartnerAction
        partner={partner}
        action="reject"
        label={t.partnerReject}
        csrf={csrf}
        className="danger"
      />
    </div>
  );
}

/** What was just done to a partner, said with its name. */
function doneText(what: PartnerDone, partner: string, t: BackOfficeMessages): string {
  const words = {
    approved: t.partnerDoneApproved,
    rejected: t.partnerDoneRejected,
    disabled: t.partnerDoneDisabled,
    enabled: t.partnerDoneEnabled,
    terms: t.partnerDoneTerms,
  };
  return fill(words[what], { partner });
}

/** The GET form of a period: two Colombo dates. */
export function PeriodForm({
  action,
  period,
  t,
}: {
  action: string;
  period: DatePeriod;
  t: BackOfficeMessages;
}) {
  return (
    <form method="get" action={action} className="inline-form period">
      <p className="hint" id="period-hint">
        {t.periodHint}
      </p>
      <DateRange
        idPrefix="period-"
        labels={{ from: t.periodFrom, to: t.periodTo }}
        period={period}
        describedBy="period-hint"
      />
      <button type="submit" className="secondary">
        {t.periodShow}
      </button>
    </form>
  );
}

export function PartnersPage({
  view,
  t,
  csrf,
}: {
  view: PartnersView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const pending = view.partners.filter((partner) => partner.status === "pending");
  const done = view.done ? doneText(view.done.what, view.done.partner, t) : undefined;
  return (
    <>
      {done ? <Notice>{done}</Notice> : null}
      {view.problem ? (
        <Alert>
          {view.problem === "not_pending" ? t.partnerProblemNotPending : t.partnerProblemNotFound}
        </Alert>
      ) : null}
      {pending.length > 0 ? (
        <section aria-labelledby="pending-title">
          <h2 id="pending-title">{fill(t.partnersPending, { count: pending.length })}</h2>
          <ul className="cards">
            {pending.map((partner) => (
              <li key={partner.id} className="card">
                <h3 id={`partner-${partner.id}`}>{partner.name}</h3>
                <p className="meta">{partnerMeta(partner, t)}</p>
                <p className="meta">
                  {fill(t.partnerSince, { date: colomboDate(partner.createdAt) })}
                </p>
                {partner.signUp ? (
                  <p className="meta">
                    {fill(t.partnerSignUpFacts, {
                      kind: partner.signUp.kind,
                      website: partner.signUp.website,
                      traffic: partner.signUp.trafficSources,
                      countries: partner.signUp.countries.join(", ").toUpperCase(),
                      payout: partner.signUp.payoutMethod ?? "—",
                    })}
                  </p>
                ) : null}
                <ApproveOrReject partner={partner} t={t} csrf={csrf} defaults={view.defaults} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{fill(t.partnersAll, { count: view.partners.length })}</h2>
      {view.periodProblem ? <Alert>{t.partnersPeriodProblem}</Alert> : null}
      <PeriodForm action="/admin/partners/" period={view.period} t={t} />
      <p>{fill(t.partnersPeriod, { from: view.period.from, to: view.period.to })}</p>
      <CardList items={view.partners} none={t.partnersNone}>
        {(partner) => (
          <li key={partner.id} className="card">
            <h3>
              <a
                href={`/admin/partners/${partner.id}/`}
                aria-label={fill(t.partnerOpen, { name: partner.name })}
              >
                {partner.name}
              </a>
            </h3>
            <p className="meta">{partnerMeta(partner, t)}</p>
            <p>
              {fill(t.partnerFigures, {
                leads: partner.figures.leads,
                sales: partner.figures.sales,
                earned: formatRupees(partner.figures.earnedRupees),
              })}
            </p>
          </li>
        )}
      </CardList>
    </>
  );
}

export function PartnerPage({
  view,
  t,
  csrf,
}: {
  view: PartnerView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { partner } = view;
  const form = view.form ?? {
    payoutModel: partner.payoutModel,
    payoutRupees: String(partner.payoutRupees),
  };
  const done = view.done ? doneText(view.done, partner.name, t) : undefined;
  const issued = view.issued;
  return (
    <>
      <p>
        <a href="/admin/partners/">{t.partnerBack}</a>
      </p>
      <p className="meta" id={`partner-${partner.id}`}>
        {partnerMeta(partner, t)}
      </p>
      <p className="meta">{fill(t.partnerSince, { date: colomboDate(partner.createdAt) })}</p>
      {done ? <Notice>{done}</Notice> : null}
      {issued ? (
        <div className="notice" role="status">
          <p>{fill(t.partnerIssued, { partner: partner.name })}</p>
          <dl className="pairs">
            {(
              [
                [t.partnerIssuedSecret, issued.secretKey],
                [t.partnerIssuedPublishable, issued.publishableKey],
                [t.partnerIssuedPostback, issued.postbackSecret],
              ] as const
            ).map(([label, secret]) =>
              secret ? (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <code className="secret">{secret}</code>
                  </dd>
                </Fragment>
              ) : null,
            )}
          </dl>
        </div>
      ) : null}
      {partner.status === "pending" ? (
        <ApproveOrReject
          partner={partner}
          t={t}
          csrf={csrf}
          defaults={view.defaults}
          approval={view.approval}
        />
      ) : null}

      <h2>{t.partnerTerms}</h2>
      {view.errors ? <Alert>{t.partnerTermsProblem}</Alert> : null}
      <p>{t.partnerTermsIntro}</p>
      <form method="post" action={`/admin/partners/${partner.id}/terms`} noValidate>
        <CsrfField csrf={csrf} />
        <TermsFields
          idPrefix="terms"
          form={form}
          errors={view.errors}
          hint={t.partnerRupeesHint}
          t={t}
        />
        <p>
          <button type="submit">{t.partnerTermsSave}</button>
        </p>
      </form>

      <h2>{t.partnerKeys}</h2>
      <p>{t.partnerKeysIntro}</p>
      {view.noKeyChosen ? <Alert>{t.partnerRotateNone}</Alert> : null}
      <form method="post" action={`/admin/partners/${partner.id}/keys`}>
        <CsrfField csrf={csrf} />
        <fieldset>
          <legend>{t.partnerKeysLegend}</legend>
          {(
            [
              ["secret", t.partnerRotateSecret],
              ["publishable", t.partnerRotatePublishable],
              ["postback", t.partnerRotatePostback],
            ] as const
          ).map(([key, label]) => (
            <div className="select" key={key}>
              <input type="checkbox" id={`rotate-${key}`} name="key" value={key} />
              <label htmlFor={`rotate-${key}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="secondary">
          {t.partnerRotate}
        </button>
      </form>

      <h2>{t.partnerAccess}</h2>
      <p>{t.partnerDisableIntro}</p>
      {partner.disabled ? (
        <PartnerAction
          partner={partner}
          action="enable"
          label={fill(t.partnerEnable, { name: partner.name })}
          csrf={csrf}
          className="secondary"
        />
      ) : (
        <PartnerAction
          partner={partner}
          action="disable"
          label={fill(t.partnerDisable, { name: partner.name })}
          csrf={csrf}
          className="danger"
        />
      )}
    </>
  );
}
