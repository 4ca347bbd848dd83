import { Fragment } from "react";
import { type CalendarDate, formatDate } from "../../../../core/helpers/dates";
import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import {
  DECISION_LOG_STATUSES,
  type DecisionLogRow,
  LENDER_PORTAL_SECTION_PATHS,
} from "../../../../core/views/lender-portal";
import { Alert, ColumnHeads, DateRange, FieldError } from "../../../operator/fields";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

/** "2026-11-29T11:30:05+05:30" (Colombo) as "29/11/2026 11:30:05". */
function colomboTime(instant: string): string {
  return `${formatDate(instant.slice(0, 10) as CalendarDate)} ${instant.slice(11, 19)}`;
}

/** A row's cells, each with its column's name for the phone's cards (lender-portal.css). */
function rowCells(row: DecisionLogRow, t: LenderPortalMessages, href?: string) {
  const c = t.logColumns;
  const code = (value: string | null) => (value ? <code>{value}</code> : null);
  return [
    [c.askedAt, colomboTime(row.askedAt)],
    [
      c.decisionId,
      href ? (
        <a key="id" href={href}>
          <code>{row.decisionId}</code>
        </a>
      ) : (
        <code key="id">{row.decisionId}</code>
      ),
    ],
    [
      c.status,
      <span key="status" data-status={row.status}>
        {t.logStatuses[row.status]}
      </span>,
    ],
    [c.latency, row.latencyMs === null ? null : fill(t.milliseconds, { ms: row.latencyMs })],
    [c.attempts, String(row.attempts)],
    [c.error, code(row.error)],
    [c.reason, code(row.reason)],
    [c.brokenRule, code(row.brokenRule)],
    [
      c.approved,
      row.amount === null || row.termDays === null
        ? null
        : fill(t.logLoan, { amount: formatRupees(row.amount), days: row.termDays }),
    ],
  ] as const;
}

/** The decision log (decision 0406): its filters, a page of rows, the pages' links, the CSV. */
export const logPage: LenderPageOf<"log"> = {
  title: (_view, { t }) => t.logTitle,
  section: () => "log",
  Body: ({ view, t, base }) => {
    const path = `${base}${LENDER_PORTAL_SECTION_PATHS.log}`;
    const { problem, query, paging } = view;
    const dateProblem =
      problem === "date" || problem === "order" || problem === "window"
        ? fill(t.logProblems[problem], {
            from: formatDate(view.window.from as CalendarDate),
            to: formatDate(view.window.to as CalendarDate),
          })
        : undefined;
    const pageLink = (number: number) => `${path}?${view.search}&page=${number}`;
    return (
      <>
        <p>{t.logIntro}</p>
        {problem ? <Alert>{dateProblem ?? t.logProblems.status}</Alert> : null}
        <form method="get" action={path}>
          <fieldset className="inline-form period">
            <legend>{t.logLegend}</legend>
            <div>
              <label htmlFor="status">{t.logStatus}</label>
              <FieldError
                id="status"
                problem={problem === "status" ? t.logProblems.status : undefined}
              />
              <select
                id="status"
                name="status"
                defaultValue={query.status}
                aria-invalid={problem === "status" || undefined}
                aria-describedby={problem === "status" ? "status-error" : undefined}
              >
                <option value="">{t.logAllStatuses}</option>
                {DECISION_LOG_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t.logStatuses[status]}
                  </option>
                ))}
              </select>
            </div>
            <FieldError id="range" problem={dateProblem} />
            <DateRange
              idPrefix=""
              labels={t}
              period={query}
              invalid={dateProblem !== undefined}
              {...(dateProblem ? { describedBy: "range-error" } : {})}
            />
          </fieldset>
          <p>
            <button type="submit">{t.logShow}</button>
          </p>
        </form>
        {problem ? null : (
          <>
            <p>
              {fill(t.logCount, { total: paging.total })}{" "}
              <a className="lender-target" href={view.csvHref}>
                {t.logCsv}
              </a>
            </p>
            {view.rows.length === 0 ? (
              <p>{t.logEmpty}</p>
            ) : (
              <table className="lender-log">
                <caption>{fill(t.logPage, paging)}</caption>
                <ColumnHeads names={Object.values(t.logColumns)} />
                <tbody>
                  {view.rows.map((row) => (
                    <tr key={row.decisionId}>
                      {rowCells(row, t, `${path}${row.decisionId}`).map(([name, value]) => (
                        <td key={name} data-label={name} className={value ? undefined : "empty"}>
                          {value}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="hint">{t.logDecisionIdHint}</p>
            <nav aria-label={fill(t.logPage, paging)} className="lender-pages">
              {paging.number > 1 ? (
                <a className="lender-target" rel="prev" href={pageLink(paging.number - 1)}>
                  {t.logNewer}
                </a>
              ) : null}{" "}
              {paging.number < paging.count ? (
                <a className="lender-target" rel="next" href={pageLink(paging.number + 1)}>
                  {t.logOlder}
                </a>
              ) : null}
            </nav>
          </>
        )}
      </>
    );
  },
};

/** One application of the log: its row, and the fields its request carried unless erased. */
export const logEntryPage: LenderPageOf<"log-entry"> = {
  title: (_view, { t }) => t.entryTitle,
  section: () => "log",
  Body: ({ view, t, base }) => (
    <>
      <dl className="pairs lender-entry">
        {rowCells(view.row, t).map(([name, value]) =>
          value ? (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      <h2>{t.entrySent}</h2>
      {view.sent ? (
        <>
          <p>{t.entrySentIntro}</p>
          <pre className="lender-sent">{JSON.stringify(view.sent, null, 2)}</pre>
        </>
      ) : (
        <p data-erased="true">{t.entryErased}</p>
      )}
      <p>
        <a className="lender-target" href={`${base}${LENDER_PORTAL_SECTION_PATHS.log}`}>
          {t.backToLog}
        </a>
      </p>
    </>
  ),
};
