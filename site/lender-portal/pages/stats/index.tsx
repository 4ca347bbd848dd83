import { fill } from "../../../../core/messages";
import {
  type BreakerDay,
  type BreakerEventView,
  LENDER_DAY_STEPS,
  type LenderDayStep,
  type StatsRow,
} from "../../../../core/views/lender-portal-stats";
import { ColumnHeads, DateRange, FieldError } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import { type LabelledCell, LabelledCells } from "../../../operator/labelled-cells";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

/** The columns after the day: the steps, then the breaker's two. */
function headings(t: LenderPortalMessages): string[] {
  return [...LENDER_DAY_STEPS.map((step) => t.statsSteps[step]), t.breakerOpened, t.breakerMinutes];
}

/** A day's (or the total's) figures as cells, in the headings' order. */
function figureCells(
  t: LenderPortalMessages,
  counts: Record<LenderDayStep, number>,
  breaker: BreakerDay,
): LabelledCell[] {
  const values = [
    ...LENDER_DAY_STEPS.map((step) => counts[step]),
    breaker.opened,
    breaker.minutesOpen,
  ];
  return headings(t).map((label, index) => ({ label, value: values[index], kind: "number" }));
}

/** A row of the table: a day, or a run of days with nothing folded into one line. */
function Row({ row, t }: { row: StatsRow; t: LenderPortalMessages }) {
  if (row.kind === "quiet") {
    return (
      <tr className="lender-quiet">
        <td colSpan={1 + LENDER_DAY_STEPS.length + 2}>
          {fill(t.statsQuiet, { days: row.days, from: row.from, to: row.to })}
        </td>
      </tr>
    );
  }
  return (
    <tr data-day={row.day.day}>
      <th scope="row">{row.day.day}</th>
      <LabelledCells cells={figureCells(t, row.day, row.breaker)} />
    </tr>
  );
}

function Latest({ events, t }: { events: readonly BreakerEventView[]; t: LenderPortalMessages }) {
  if (events.length === 0) return <p>{t.breakerNone}</p>;
  return (
    <table className="lender-days row-cards">
      <ColumnHeads names={[t.breakerWhen, t.breakerState, t.breakerServer]} />
      <tbody>
        {events.map((event) => (
          <tr key={`${event.at}:${event.instance}:${event.state}`} data-state={event.state}>
            <th scope="row">{colomboTime(event.at)}</th>
            <LabelledCells
              cells={[
                { label: t.breakerState, value: t.breakerStates[event.state] },
                { label: t.breakerServer, value: <code>{event.instance}</code> },
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Statistics (decision 0419): a range of days, the figures by day with the breaker's, a CSV. */
export const statsPage: LenderPageOf<"stats"> = {
  title: (_view, { t }) => t.statsTitle,
  section: () => "stats",
  Body: ({ view, t, base }) => {
    const action = `${base}stats/`;
    const problem = view.problem ? t.statsProblems[view.problem] : undefined;
    const query = new URLSearchParams({ from: view.from, to: view.to });
    const names = headings(t);
    return (
      <>
        <p>{t.statsIntro}</p>
        <form method="get" action={action}>
          <fieldset className="lender-range">
            <legend>{t.statsTitle}</legend>
            <FieldError id="stats-range" problem={problem} />
            <DateRange
              idPrefix="stats-"
              labels={{ from: t.statsFrom, to: t.statsTo }}
              period={{ from: view.from, to: view.to }}
              invalid={problem !== undefined}
              {...(problem ? { describedBy: "stats-range-error" } : {})}
            />
            <p>
              <button type="submit">{t.statsShow}</button>
            </p>
          </fieldset>
        </form>
        {problem ? null : (
          <>
            <p>
              <a className="lender-target" href={`${action}statistics.csv?${query}`}>
                {t.statsCsv}
              </a>
            </p>
            <table className="lender-days row-cards">
              <caption>{t.statsTableCaption}</caption>
              <ColumnHeads names={[t.statsDay, ...names]} />
              <tbody>
                {view.rows.map((row) => (
                  <Row
                    key={row.kind === "day" ? row.day.day : `${row.from}:${row.to}`}
                    row={row}
                    t={t}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr data-total="">
                  <th scope="row">{t.statsTotal}</th>
                  <LabelledCells cells={figureCells(t, view.totals, view.totals)} />
                </tr>
              </tfoot>
            </table>
            <h2>{t.breakerTitle}</h2>
            <p>{t.breakerIntro}</p>
            <h3>{t.breakerLatest}</h3>
            <Latest events={view.latest} t={t} />
          </>
        )}
      </>
    );
  },
};
