import { fill } from "../../../../core/messages";
import {
  type BreakerEventView,
  LENDER_DAY_STEPS,
  type StatsRow,
} from "../../../../core/views/lender-portal-stats";
import { DateRange, FieldError } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

/** The columns after the day: the steps, then the breaker's two. */
function headings(t: LenderPortalMessages): string[] {
  return [...LENDER_DAY_STEPS.map((step) => t.statsSteps[step]), t.breakerOpened, t.breakerMinutes];
}

/**
 * A row of the table: on a phone each row is a card whose cells carry
 * their heading (data-label, shown by lender-portal.css).
 */
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
  const values = [
    ...LENDER_DAY_STEPS.map((step) => row.day[step]),
    row.breaker.opened,
    row.breaker.minutesOpen,
  ];
  const names = headings(t);
  return (
    <tr data-day={row.day.day}>
      <th scope="row">{row.day.day}</th>
      {values.map((value, index) => (
        <td key={names[index]} className="number" data-label={names[index]}>
          {value}
        </td>
      ))}
    </tr>
  );
}

function Latest({ events, t }: { events: readonly BreakerEventView[]; t: LenderPortalMessages }) {
  if (events.length === 0) return <p>{t.breakerNone}</p>;
  return (
    <table className="lender-days">
      <thead>
        <tr>
          <th scope="col">{t.breakerWhen}</th>
          <th scope="col">{t.breakerState}</th>
          <th scope="col">{t.breakerServer}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={`${event.at}:${event.instance}:${event.state}`} data-state={event.state}>
            <th scope="row">{colomboTime(event.at)}</th>
            <td data-label={t.breakerState}>{t.breakerStates[event.state]}</td>
            <td data-label={t.breakerServer}>
              <code>{event.instance}</code>
            </td>
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
            <table className="lender-days">
              <caption>{t.statsTableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.statsDay}</th>
                  {names.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
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
                  {[
                    ...LENDER_DAY_STEPS.map((step) => view.totals[step]),
                    view.totals.opened,
                    view.totals.minutesOpen,
                  ].map((value, index) => (
                    <td key={names[index]} className="number" data-label={names[index]}>
                      {value}
                    </td>
                  ))}
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
