import { fill } from "../../../../core/messages";
import type { FunnelTableName, FunnelView } from "../../../../core/views/back-office";
import {
  FUNNEL_TABLE_NAMES,
  funnelCsvAddress,
  funnelTableTitle,
  funnelTextTable,
} from "../../funnel-tables";
import type { BackOfficeMessages } from "../../messages";

/** The chart script's address: the one script of the back office, on this page only. */
export const FUNNEL_CHART_SCRIPT = "/admin/funnel/chart.js";

const NOTES: Partial<Record<FunnelTableName, keyof BackOfficeMessages>> = {
  steps: "funnelNoteCalculator",
  lender: "funnelNoteLender",
  locale: "funnelNoteLocale",
  device: "funnelNoteDevice",
};

function Table({
  view,
  name,
  t,
}: {
  view: FunnelView;
  name: FunnelTableName;
  t: BackOfficeMessages;
}) {
  const table = funnelTextTable(view.report, name, t);
  const title = funnelTableTitle(name, t);
  const note = NOTES[name];
  return (
    <section aria-labelledby={`funnel-${name}-title`}>
      <h2 id={`funnel-${name}-title`}>{title}</h2>
      {note ? <p>{t[note]}</p> : null}
      <p>
        <a href={funnelCsvAddress(view.report, name)} download>
          {t.funnelDownload}
          <span className="visually-hidden">{`: ${title}`}</span>
        </a>
      </p>
      {table.rows.length === 0 ? (
        <p>{t.funnelEmpty}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users
        <section className="scroll" aria-labelledby={`funnel-${name}-title`} tabIndex={0}>
          <table id={`funnel-${name}`} className="figures">
            <thead>
              <tr>
                {table.headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((cells) => (
                <tr key={cells.slice(0, table.keyColumns).join("\u0000")}>
                  {cells.map((cell, index) =>
                    index < table.keyColumns ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by position
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by position
                      <td key={index} className={/^\d/.test(cell) ? "number" : "absent"}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

export function FunnelPage({ view, t }: { view: FunnelView; t: BackOfficeMessages }) {
  const { report } = view;
  return (
    <>
      <p>{t.funnelIntro}</p>
      {view.problem ? (
        <p className="problem" role="alert">
          {t.funnelRangeProblem}
        </p>
      ) : null}
      <form method="get" action="/admin/funnel/">
        <fieldset>
          <legend>{t.funnelRange}</legend>
          <label htmlFor="from">{t.funnelFrom}</label>
          <input id="from" name="from" type="date" defaultValue={report.from} required />
          <label htmlFor="to">{t.funnelTo}</label>
          <input id="to" name="to" type="date" defaultValue={report.to} required />
          <p>
            <button type="submit">{t.funnelShow}</button>
          </p>
        </fieldset>
      </form>
      <p>
        <strong>{fill(t.funnelShowing, { from: report.from, to: report.to })}</strong>
      </p>
      <Table view={view} name="steps" t={t} />
      <section aria-labelledby="funnel-charts-title">
        <h2 id="funnel-charts-title">{t.funnelChartsTitle}</h2>
        <p>{t.funnelChartsNote}</p>
        <div
          id="funnel-charts"
          data-traffic={t.funnelChartTraffic}
          data-lenders={t.funnelChartLenders}
        />
      </section>
      {FUNNEL_TABLE_NAMES.filter((name) => name !== "steps").map((name) => (
        <Table key={name} view={view} name={name} t={t} />
      ))}
      <script src={FUNNEL_CHART_SCRIPT} defer />
    </>
  );
}
