import type { Locale } from "../../../../core/locale";
import { fill } from "../../../../core/messages";
import { PORTAL_SECTION_PATHS } from "../../../../core/views/partner-portal";
import type {
  DashboardFigures,
  DashboardRates,
  DashboardReport,
  DashboardRow,
  DashboardView,
} from "../../../../core/views/portal/dashboard";
import { Alert, DateRange, Notice } from "../../../operator/fields";
import { rupeeDigits } from "../../../operator/format";
import {
  DASHBOARD_CHARTS_ID,
  DASHBOARD_DATA_ID,
  type DashboardChartData,
} from "../../dashboard-data";
import type { PortalMessages } from "../../messages";
import { YourTerms } from "../../parts";
import {
  type DashboardGroupingName,
  type DashboardMessages,
  dashboardMessagesFor,
} from "./dashboard-messages";

/**
 * The partner portal's dashboard (issue 18, decision 0223): a GET form for
 * the range and the breakdown, the totals and the rates between steps in
 * words, charts drawn by site/portal/dashboard-chart.ts from the JSON this
 * page embeds, and the same figures as tables (what the page is without
 * script), each with its CSV.
 */
const STEPS = ["leads", "clicks", "approvals", "issued", "earnings"] as const;
const RATES = ["clickedOut", "approved", "issued"] as const;
/** Each rate's part and whole (portal-stats.ts conversionRates). */
const RATE_STEPS: Record<keyof DashboardRates, [keyof DashboardFigures, keyof DashboardFigures]> = {
  clickedOut: ["clicks", "leads"],
  approved: ["approvals", "clicks"],
  issued: ["issued", "approvals"],
};

const count = (value: number) => rupeeDigits(value);
const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`;

function groupingName(grouping: string, t: DashboardMessages): string {
  return Object.hasOwn(t.groupings, grouping)
    ? t.groupings[grouping as DashboardGroupingName]
    : grouping;
}

function keyName(key: string | null, grouping: string, t: DashboardMessages): string {
  if (grouping === "channel") {
    if (key === null) return t.notRecorded;
    return Object.hasOwn(t.channels, key) ? t.channels[key as keyof typeof t.channels] : key;
  }
  return key ?? t.notGiven;
}

function FiguresTable(props: {
  id: string;
  labelledBy: string;
  keyHeader: string;
  rows: DashboardRow[];
  keyOf: (row: DashboardRow) => string;
  totals: DashboardFigures;
  t: DashboardMessages;
}) {
  const { id, labelledBy, keyHeader, rows, keyOf, totals, t } = props;
  const cells = (row: DashboardFigures) =>
    STEPS.map((step) => (
      <td key={step} className="number">
        {count(row[step])}
      </td>
    ));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users
    <section className="scroll" aria-labelledby={labelledBy} tabIndex={0}>
      <table id={id} className="figures">
        <thead>
          <tr>
            <th scope="col">{keyHeader}</th>
            {STEPS.map((step) => (
              <th key={step} scope="col">
                {t.steps[step]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key ?? "\u0000"}>
              <th scope="row">{keyOf(row)}</th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.total}</th>
            {cells(totals)}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function Rates({ totals, t }: { totals: DashboardReport["totals"]; t: DashboardMessages }) {
  return (
    <ul className="dashboard-rates">
      {RATES.map((name) => {
        const rate = totals.rates[name];
        const [part, whole] = RATE_STEPS[name];
        return (
          <li key={name}>
            {rate === null
              ? t.ratesNone[name]
              : fill(t.rates[name], {
                  rate: name === "clickedOut" ? rate.toFixed(2) : percent(rate),
                  part: count(totals[part]),
                  whole: count(totals[whole]),
                })}
          </li>
        );
      })}
    </ul>
  );
}

function chartData(report: DashboardReport, t: DashboardMessages): DashboardChartData {
  return {
    days: report.days.map((row) => row.key ?? ""),
    dayLabel: t.day,
    labels: t.steps,
    series: Object.fromEntries(STEPS.map((step) => [step, report.days.map((row) => row[step])])),
    charts: [
      { title: t.chartTraffic, steps: ["leads", "clicks"] },
      { title: t.chartLoans, steps: ["approvals", "issued"] },
      { title: t.chartEarnings, steps: ["earnings"] },
    ],
  };
}

/** JSON inside a script element: no "<" may close it early (a sub id is the partner's text). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

function Figures(props: {
  view: DashboardView;
  report: DashboardReport;
  t: DashboardMessages;
  base: string;
}) {
  const { view, report, t, base } = props;
  const { totals } = report;
  const path = `${base}${PORTAL_SECTION_PATHS.dashboard}`;
  const download = (by: string) =>
    `${path}download?${new URLSearchParams({ from: report.from, to: report.to, by })}`;
  const showing = fill(t.showing, { from: report.from, to: report.to });
  if (STEPS.every((step) => totals[step] === 0)) {
    return (
      <>
        <Notice>{fill(t.empty, { from: report.from, to: report.to })}</Notice>
        <p>
          <a className="portal-target" href={`${base}${PORTAL_SECTION_PATHS.widget}`}>
            {t.emptyLink}
          </a>
        </p>
      </>
    );
  }
  const grouping = groupingName(report.by, t);
  return (
    <>
      <section aria-labelledby="dashboard-totals-title">
        <h2 id="dashboard-totals-title">{t.totalsTitle}</h2>
        <p>{showing}</p>
        <dl className="dashboard-totals tiles">
          {STEPS.map((step) => (
            <div key={step}>
              <dt>{t.steps[step]}</dt>
              <dd>{count(totals[step])}</dd>
            </div>
          ))}
        </dl>
        <p className="hint">{t.stepsNote}</p>
        <h3>{t.ratesTitle}</h3>
        <Rates totals={totals} t={t} />
      </section>
      <section id={DASHBOARD_CHARTS_ID} aria-labelledby="dashboard-charts-title" hidden>
        <h2 id="dashboard-charts-title">{t.chartsTitle}</h2>
        <p>{t.chartsNote}</p>
        <script
          type="application/json"
          id={DASHBOARD_DATA_ID}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON that cannot close the element
          dangerouslySetInnerHTML={{ __html: scriptJson(chartData(report, t)) }}
        />
      </section>
      <section aria-labelledby="dashboard-days-title">
        <h2 id="dashboard-days-title">{t.daysTitle}</h2>
        <p>
          <a className="portal-target" href={download("day")} download>
            {t.downloadDays}
          </a>
        </p>
        <FiguresTable
          id="dashboard-days"
          labelledBy="dashboard-days-title"
          keyHeader={t.day}
          rows={report.days}
          keyOf={(row) => row.key ?? ""}
          totals={totals}
          t={t}
        />
      </section>
      <section aria-labelledby="dashboard-breakdown-title">
        <h2 id="dashboard-breakdown-title">{fill(t.breakdownTitle, { grouping })}</h2>
        <p>
          <a className="portal-target" href={download(report.by)} download>
            {t.downloadBreakdown}
          </a>
        </p>
        <FiguresTable
          id="dashboard-breakdown"
          labelledBy="dashboard-breakdown-title"
          keyHeader={grouping}
          rows={report.breakdown}
          keyOf={(row) => keyName(row.key, report.by, t)}
          totals={totals}
          t={t}
        />
      </section>
      <script src={view.chartScript} defer />
    </>
  );
}

export function DashboardPage({
  view,
  locale,
  base,
  t: portalWords,
}: {
  view: DashboardView;
  locale: Locale;
  base: string;
  t: PortalMessages;
}) {
  const t = dashboardMessagesFor(locale);
  const { query, problem } = view;
  const dateWrong = problem === "date" || problem === "order" || problem === "length";
  return (
    <>
      <YourTerms t={portalWords} terms={view.terms} />
      <p>{t.intro}</p>
      {problem ? <Alert>{t.problems[problem]}</Alert> : null}
      <form method="get" action={`${base}${PORTAL_SECTION_PATHS.dashboard}`}>
        <fieldset className="dashboard-range">
          <legend>{t.formLegend}</legend>
          <DateRange idPrefix="" labels={t} period={query} required invalid={dateWrong} />
          <div>
            <label htmlFor="by">{t.by}</label>
            <select
              id="by"
              name="by"
              defaultValue={query.by}
              aria-invalid={problem === "grouping" || undefined}
            >
              {view.groupings.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {groupingName(grouping, t)}
                </option>
              ))}
            </select>
          </div>
          <p>
            <button type="submit">{t.show}</button>
          </p>
        </fieldset>
      </form>
      {view.report ? <Figures view={view} report={view.report} t={t} base={base} /> : null}
    </>
  );
}
