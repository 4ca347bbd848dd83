import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import type {
  AdjustmentField,
  PayoutProblem,
  PayoutRunView,
  PayoutStatementView,
  PayoutsView,
} from "../../../../core/views/back-office-partners";
import {
  Alert,
  CardList,
  ColumnHeads,
  CsrfField,
  Labelled,
  Notice,
  TextField,
} from "../../../operator/fields";
import { colomboTime, rupeeDigits } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";
import { modelName, PeriodForm } from "../partners/Partners";

function problemText(problem: PayoutProblem, t: BackOfficeMessages): string {
  return {
    period: t.payoutsProblemPeriod,
    empty: t.payoutsProblemEmpty,
    conflict: t.payoutsProblemConflict,
    paid: t.payoutProblemPaid,
    reference: t.payoutProblemReference,
    not_found: t.payoutProblemNotFound,
  }[problem];
}

export function PayoutsPage({
  view,
  t,
  csrf,
}: {
  view: PayoutsView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const total = view.unpaid.reduce((sum, row) => sum + row.totalRupees, 0);
  return (
    <>
      <p>{t.payoutsIntro}</p>
      {view.problem ? <Alert>{problemText(view.problem, t)}</Alert> : null}
      {view.periodProblem ? <Alert>{t.payoutsPeriodProblem}</Alert> : null}
      <PeriodForm action="/admin/payouts/" period={view.period} t={t} />
      <h2>{fill(t.payoutsPeriod, { from: view.period.from, to: view.period.to })}</h2>
      {view.unpaid.length === 0 ? (
        <p>{t.payoutsNothing}</p>
      ) : (
        <>
          <table>
            <ColumnHeads names={[t.payoutsPartner, t.payoutsItems, t.payoutsAmount]} />
            <tbody>
              {view.unpaid.map((row) => (
                <tr key={row.partnerId}>
                  <th scope="row">{row.partnerName}</th>
                  <td className="number">{row.items}</td>
                  <td className="number">{rupeeDigits(row.totalRupees)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t.payoutsTotal}</th>
                <td className="number">{view.unpaid.reduce((sum, row) => sum + row.items, 0)}</td>
                <td className="number">{rupeeDigits(total)}</td>
              </tr>
            </tfoot>
          </table>
          <form method="post" action="/admin/payouts/">
            <CsrfField csrf={csrf} />
            <input type="hidden" name="from" value={view.period.from} />
            <input type="hidden" name="to" value={view.period.to} />
            <p>
              <button type="submit">{t.payoutsCreate}</button>
            </p>
          </form>
        </>
      )}
      <Adjustments view={view} t={t} csrf={csrf} />
      <h2>{t.payoutsRuns}</h2>
      <CardList items={view.runs} none={t.payoutsNoRuns}>
        {(run) => (
          <li key={run.id} className="card">
            <h3>
              <a
                href={`/admin/payouts/${run.id}/`}
                aria-label={fill(t.payoutsOpenRun, { from: run.from, to: run.to })}
              >
                {fill(t.payoutsRun, { from: run.from, to: run.to })}
              </a>
            </h3>
            <p className="meta">
              {fill(t.payoutsRunMeta, {
                total: formatRupees(run.totalRupees),
                count: run.partners.length,
                time: colomboTime(run.createdAt),
                who: run.createdBy,
                paid: run.partners.filter((partner) => partner.paidAt !== null).length,
              })}
            </p>
          </li>
        )}
      </CardList>
    </>
  );
}

/** When and how a partner's share of a run was paid, or that it is not yet. */
function paidText(
  partner: { paidAt: string | null; paidReference: string | null; paidBy: string | null },
  t: BackOfficeMessages,
): string {
  return partner.paidAt
    ? fill(t.payoutPaidOn, {
        time: colomboTime(partner.paidAt),
        reference: partner.paidReference ?? "",
        who: partner.paidBy ?? "",
      })
    : t.payoutUnpaid;
}

function adjustmentProblemText(field: AdjustmentField, t: BackOfficeMessages): string {
  return {
    partner: t.adjustmentProblemPartner,
    month: t.adjustmentProblemMonth,
    rupees: t.adjustmentProblemRupees,
    reason: t.adjustmentProblemReason,
  }[field];
}

/**
 * The adjustments (decision 0245): a form to add one to what a partner is
 * owed for a month, signed, with its reason; and the latest ones, each
 * waiting for a run or taken by one.
 */
function Adjustments({
  view,
  t,
  csrf,
}: {
  view: PayoutsView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const form = view.adjustment?.form;
  const problems = new Set(view.adjustment?.problems ?? []);
  const problemOf = (field: AdjustmentField) =>
    problems.has(field) ? adjustmentProblemText(field, t) : undefined;
  const text = (
    field: "month" | "rupees" | "reason",
    label: string,
    hint: string,
    input: { type?: "month"; inputMode?: "numeric"; maxLength?: number },
  ) => (
    <div>
      <TextField
        id={`adjustment-${field}`}
        name={field}
        label={label}
        hint={hint}
        problem={problemOf(field)}
        value={form?.[field] ?? ""}
        autoComplete={input.type ? undefined : "off"}
        {...input}
      />
    </div>
  );
  return (
    <>
      <h2 id="adjustments">{t.adjustmentsTitle}</h2>
      <p>{t.adjustmentsIntro}</p>
      {view.adjusted ? <Notice>{t.adjustmentAdded}</Notice> : null}
      {problems.size > 0 ? <Alert>{t.adjustmentProblem}</Alert> : null}
      <form method="post" action="/admin/payouts/adjustments" className="adjustment-form">
        <CsrfField csrf={csrf} />
        <div>
          <Labelled
            id="adjustment-partner"
            label={t.adjustmentPartner}
            problem={problemOf("partner")}
          >
            {(control) => (
              <select name="partner" defaultValue={form?.partner ?? ""} {...control}>
                <option value="">{t.adjustmentChoose}</option>
                {view.partners.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {`${partner.name} (${partner.id})`}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
        </div>
        {text("month", t.adjustmentMonth, t.adjustmentMonthHint, { type: "month" })}
        {text("rupees", t.adjustmentRupees, t.adjustmentRupeesHint, {
          inputMode: "numeric",
          maxLength: 9,
        })}
        {text("reason", t.adjustmentReason, t.adjustmentReasonHint, { maxLength: 200 })}
        <p>
          <button type="submit">{t.adjustmentAdd}</button>
        </p>
      </form>
      <CardList items={view.adjustments} none={t.adjustmentsNone}>
        {(adjustment) => (
          <li key={adjustment.id} className="card">
            <h3>
              {fill(t.adjustmentLine, {
                partner: adjustment.partnerName,
                month: adjustment.month,
                amount: formatRupees(adjustment.rupees),
              })}
            </h3>
            <p>{adjustment.reason}</p>
            <p className="meta">
              {fill(t.adjustmentMeta, {
                time: colomboTime(adjustment.createdAt),
                who: adjustment.createdBy,
              })}{" "}
              {adjustment.runId ? (
                <a href={`/admin/payouts/${adjustment.runId}/`}>{t.adjustmentInRun}</a>
              ) : (
                t.adjustmentWaiting
              )}
            </p>
          </li>
        )}
      </CardList>
    </>
  );
}

export function PayoutRunPage({
  view,
  t,
  csrf,
}: {
  view: PayoutRunView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { run } = view;
  const paidName = view.done
    ? (run.partners.find((partner) => partner.partnerId === view.done?.paid)?.partnerName ??
      view.done.paid)
    : undefined;
  return (
    <>
      <p>
        <a href="/admin/payouts/">{t.payoutRunBack}</a>
      </p>
      <h2>{fill(t.payoutsRun, { from: run.from, to: run.to })}</h2>
      <p>
        {fill(t.payoutRunTotal, {
          total: formatRupees(run.totalRupees),
          time: colomboTime(run.createdAt),
          who: run.createdBy,
        })}
      </p>
      {view.created ? <Notice>{t.payoutRunCreated}</Notice> : null}
      {view.problem &&
      !run.partners.some(
        (partner) => partner.partnerId === view.problem?.partner && partner.paidAt === null,
      ) ? (
        <Alert>{problemText(view.problem.problem, t)}</Alert>
      ) : null}
      {paidName ? <Notice>{fill(t.payoutRunPaid, { partner: paidName })}</Notice> : null}
      <ul className="cards">
        {run.partners.map((partner) => {
          const problem = view.problem?.partner === partner.partnerId ? view.problem : undefined;
          const field = `reference-${partner.partnerId}`;
          return (
            <li key={partner.partnerId} className="card">
              <h3 id={`payout-${partner.partnerId}`}>{partner.partnerName}</h3>
              <p>
                {fill(t.payoutRunPartner, {
                  total: formatRupees(partner.totalRupees),
                  count: partner.items,
                })}
              </p>
              <p className="meta">{paidText(partner, t)}</p>
              <p>
                <a href={`/admin/payouts/${run.id}/${partner.partnerId}/`}>
                  {fill(t.payoutStatement, { name: partner.partnerName })}
                </a>
              </p>
              {partner.paidAt ? null : (
                <form
                  method="post"
                  action={`/admin/payouts/${run.id}/${partner.partnerId}/paid`}
                  className="inline-form"
                >
                  <CsrfField csrf={csrf} />
                  <TextField
                    id={field}
                    name="reference"
                    label={fill(t.payoutReference, { name: partner.partnerName })}
                    hint={t.payoutReferenceHint}
                    problem={problem ? problemText(problem.problem, t) : undefined}
                    value={problem?.reference ?? ""}
                    maxLength={100}
                    autoComplete="off"
                  />
                  <button type="submit">{t.payoutMarkPaid}</button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function PayoutStatementPage({
  view,
  t,
}: {
  view: PayoutStatementView;
  t: BackOfficeMessages;
}) {
  const { run, partner } = view;
  const statusName = (status: string) =>
    ({
      approved: t.statementStatusApproved,
      rejected: t.statementStatusRejected,
      issued: t.statementStatusIssued,
    })[status] ?? status;
  return (
    <>
      <p>
        <a href={`/admin/payouts/${run.id}/`}>
          {fill(t.payoutsRun, { from: run.from, to: run.to })}
        </a>
      </p>
      <h2>{partner.partnerName}</h2>
      <p>
        {fill(t.statementIntro, {
          name: partner.partnerName,
          partner: partner.partnerId,
          from: run.from,
          to: run.to,
          model: modelName(view.payoutModel, t),
        })}
      </p>
      <p>
        {fill(t.statementTotal, { total: formatRupees(partner.totalRupees) })}{" "}
        {paidText(partner, t)}
      </p>
      <p>
        <a
          className="button secondary"
          href={`/admin/payouts/${run.id}/${partner.partnerId}/statement.csv`}
          download
        >
          {t.statementCsv}
        </a>
      </p>
      <table>
        <caption>{t.statementTitle}</caption>
        <ColumnHeads names={[t.statementReported, t.statementIds, t.statementAmount]} />
        <tbody>
          {view.items.map((item) => (
            <tr key={`${item.clickId}:${item.status}`}>
              <td>
                {colomboTime(item.reportedAt)}, {statusName(item.status)}
              </td>
              <td className="id">
                {fill(t.statementClickId, { id: item.clickId })}
                <br />
                {item.leadId ? fill(t.statementLeadId, { id: item.leadId }) : t.statementErased}
              </td>
              <td className="number">{rupeeDigits(item.payoutRupees)}</td>
            </tr>
          ))}
          {view.adjustments.map((adjustment) => (
            <tr key={adjustment.id}>
              <td>
                {colomboTime(adjustment.createdAt)}, {t.statementAdjustment}
              </td>
              <td>
                {fill(t.statementAdjustmentOf, {
                  month: adjustment.month,
                  reason: adjustment.reason,
                })}
              </td>
              <td className="number">{rupeeDigits(adjustment.rupees)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t.payoutsTotal}
            </th>
            <td className="number">{rupeeDigits(partner.totalRupees)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}
