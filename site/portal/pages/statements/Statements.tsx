import { formatRupees } from "../../../../core/helpers/money";
import type { Locale } from "../../../../core/locale";
import { fill } from "../../../../core/messages";
import type {
  StatementMonthTotals,
  StatementsView,
} from "../../../../core/views/portal/statements";
import { ColumnHeads } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import { type StatementsMessages, statementsMessages } from "./statements-messages";

/** "2026-11" as "November 2026" or "2026 නොවැම්බර්". */
function monthName(month: string, t: StatementsMessages): string {
  const [year, number] = month.split("-");
  return fill(t.monthTitle, {
    year: year ?? "",
    month: t.monthNames[Number(number) - 1] ?? month,
  });
}

function Totals({ totals, t }: { totals: StatementMonthTotals; t: StatementsMessages }) {
  return (
    <dl className="statements-totals">
      <dt>{t.opening}</dt>
      <dd>{formatRupees(totals.openingRupees)}</dd>
      <dt>
        {t.earned}
        <span className="statements-count">
          {fill(totals.earnedItems === 1 ? t.earnedCountOne : t.earnedCount, {
            count: totals.earnedItems,
          })}
        </span>
      </dt>
      <dd>{formatRupees(totals.earnedRupees)}</dd>
      <dt>{t.adjustments}</dt>
      <dd>{formatRupees(totals.adjustmentsRupees)}</dd>
      <dt>{t.paid}</dt>
      <dd>{formatRupees(totals.paidRupees)}</dd>
      <dt>{t.closing}</dt>
      <dd>
        <strong>{formatRupees(totals.closingRupees)}</strong>
      </dd>
    </dl>
  );
}

/**
 * The partner portal's statements (issue 18, decision 0244): the months of
 * the account with their totals, or one month with its earnings,
 * adjustments and payments, and its CSV. Phone first: the list is cards,
 * a month's tables have three columns at most.
 */
export function StatementsPage({
  view,
  locale,
  base,
}: {
  view: StatementsView;
  locale: Locale;
  base: string;
}) {
  const t = statementsMessages[locale];
  const path = `${base}statements/`;
  const terms = (
    <p>
      {fill(view.terms.model === "sale" ? t.termsSale : t.termsLead, {
        amount: formatRupees(view.terms.rupees),
      })}{" "}
      {t.termsNote}
    </p>
  );
  if (!view.month) {
    return (
      <>
        <p>{t.intro}</p>
        {terms}
        <h2>{t.monthsTitle}</h2>
        <ul className="cards statements-months">
          {view.months.map((totals) => (
            <li key={totals.month} className="card">
              <h3>
                <a
                  className="portal-target"
                  href={`${path}${totals.month}/`}
                  aria-label={fill(t.openMonth, { month: monthName(totals.month, t) })}
                >
                  {monthName(totals.month, t)}
                </a>
              </h3>
              <Totals totals={totals} t={t} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  const { totals, earnings, adjustments, payments } = view.month;
  const name = monthName(totals.month, t);
  return (
    <>
      <p>
        <a className="portal-target" href={path}>
          {t.allMonths}
        </a>
      </p>
      <h2>{name}</h2>
      <Totals totals={totals} t={t} />
      <p>
        <a
          className="button secondary"
          href={`${path}${totals.month}/statement.csv`}
          download
          aria-describedby="statements-csv-hint"
        >
          {t.csv}
        </a>
      </p>
      <p className="hint" id="statements-csv-hint">
        {t.csvHint}
      </p>
      {terms}

      <h3>{t.earningsTitle}</h3>
      {earnings.length === 0 ? (
        <p>{t.earningsNone}</p>
      ) : (
        <table className="statements-table">
          <caption className="visually-hidden">{`${t.earningsTitle}: ${name}`}</caption>
          <ColumnHeads names={[t.reported, t.ids, t.amount]} />
          <tbody>
            {earnings.map((item) => (
              <tr key={`${item.clickId}:${item.status}`}>
                <td>
                  {colomboTime(item.reportedAt)}
                  <br />
                  {t.statuses[item.status]}
                  <br />
                  <span className="hint">{item.run ? fill(t.inRun, item.run) : t.notInRun}</span>
                </td>
                <td className="id">
                  {fill(t.clickId, { id: item.clickId })}
                  <br />
                  {item.leadId ? fill(t.leadId, { id: item.leadId }) : t.leadErased}
                </td>
                <td className="number">{formatRupees(item.rupees)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t.total}
              </th>
              <td className="number">{formatRupees(totals.earnedRupees)}</td>
            </tr>
          </tfoot>
        </table>
      )}

      <h3>{t.adjustmentsTitle}</h3>
      {adjustments.length === 0 ? (
        <p>{t.adjustmentsNone}</p>
      ) : (
        <table className="statements-table">
          <caption className="visually-hidden">{`${t.adjustmentsTitle}: ${name}`}</caption>
          <ColumnHeads names={[t.made, t.reason, t.amount]} />
          <tbody>
            {adjustments.map((item) => (
              <tr key={item.id}>
                <td>{colomboTime(item.createdAt)}</td>
                <td className="statements-text">{item.reason}</td>
                <td className="number">{formatRupees(item.rupees)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>{t.paymentsTitle}</h3>
      {payments.length === 0 ? (
        <p>{t.paymentsNone}</p>
      ) : (
        <table className="statements-table">
          <caption className="visually-hidden">{`${t.paymentsTitle}: ${name}`}</caption>
          <ColumnHeads names={[t.paidOn, t.payment, t.amount]} />
          <tbody>
            {payments.map((item) => (
              <tr key={`${item.paidAt}:${item.from}`}>
                <td>{colomboTime(item.paidAt)}</td>
                <td className="statements-text">
                  {fill(t.paymentOf, { from: item.from, to: item.to, reference: item.reference })}
                </td>
                <td className="number">{formatRupees(item.rupees)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
