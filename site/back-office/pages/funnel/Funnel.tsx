import { isIsoDate } from "../../../../core/helpers/dates";
import { foldQuietRuns } from "../../../../core/helpers/quiet-runs";
import { fill } from "../../../../core/messages";
import type { FunnelTableName, FunnelView } from "../../../../core/views/back-office";
import { rupeeDigits } from "../../../operator/format";
import { LabelledCells } from "../../../operator/labelled-cells";
import {
  conversion,
  FUNNEL_TABLE_NAMES,
  funnelCsvAddress,
  funnelTableTitle,
  funnelTextTable,
  isQuietRow,
  type TextTable,
} from "../../funnel-tables";
import type { BackOfficeMessages } from "../../messages";

/** The chart script's address: the one script of the back office, on this page only. */
export const FUNNEL_CHART_SCRIPT = "/admin/funnel/chart.js";

const NOTES: Partial<Record<FunnelTableName, keyof BackOfficeMessages>> = {
  steps: "funnelNoteCalculator",
  fanout: "funnelFanOutNote",
  lender: "funnelNoteLender",
  locale: "funnelNoteLocale",
  device: "funnelNoteDevice",
};

/** A row of cells: its key as row headings, then each figure under its column's name. */
function Cells({
  cells,
  headers,
  keyColumns,
}: {
  cells: readonly string[];
  headers: readonly string[];
  keyColumns: number;
}) {
  return (
    <>
      {cells.slice(0, keyColumns).map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by position
        <th key={index} scope="row">
          {cell}
        </th>
      ))}
      <LabelledCells
        cells={cells.slice(keyColumns).map((cell, index) => ({
          label: headers[keyColumns + index] ?? "",
          value: cell,
          kind: /^\d/.test(cell) ? "number" : "absent",
        }))}
      />
    </>
  );
}

/** The table's rows; on the page (not in its CSV) runs of days without records fold. */
function Rows({
  view,
  name,
  table,
  t,
}: {
  view: FunnelView;
  name: FunnelTableName;
  table: TextTable;
  t: BackOfficeMessages;
}) {
  const rows = table.rows.map((cells, index) => ({ cells, row: view.report.daily[index] }));
  const folded =
    name === "daily"
      ? foldQuietRuns(rows, ({ row }) => row !== undefined && isQuietRow(row))
      : rows.map((item) => ({ kind: "item" as const, item }));
  return (
    <tbody>
      {folded.map((entry) => {
        if (entry.kind === "quiet") {
          const from = entry.first.cells[0] ?? "";
          const to = entry.last.cells[0] ?? "";
          return (
            <tr
              key={from}
              className="quiet"
              data-from={isIsoDate(from) ? from : undefined}
              data-days={entry.count}
            >
              <td colSpan={table.headers.length}>
                {fill(t.funnelQuiet, { days: entry.count, from, to })}
              </td>
            </tr>
          );
        }
        const { cells } = entry.item;
        return (
          <tr key={cells.slice(0, table.keyColumns).join("\u0000")}>
            <Cells cells={cells} headers={table.headers} keyColumns={table.keyColumns} />
          </tr>
        );
      })}
    </tbody>
  );
}

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
        <a className="target" href={funnelCsvAddress(view.report, name)} download>
          {t.funnelDownload}
          <span className="visually-hidden">{`: ${title}`}</span>
        </a>
      </p>
      {table.rows.length === 0 ? (
        <p>{t.funnelEmpty}</p>
      ) : (
        <table id={`funnel-${name}`} className="figures row-cards">
          <thead>
            <tr>
              {table.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <Rows view={view} name={name} table={table} t={t} />
        </table>
      )}
    </section>
  );
}

/** The key figures as tiles (decision 0441): the two rates follow the range's applications. */
function Kpis({ view, t }: { view: FunnelView; t: BackOfficeMessages }) {
  const { kpis } = view.report;
  const count = (value: number | null) => (value === null ? t.funnelNotRecorded : String(value));
  const tiles: { key: string; label: string; value: string; detail?: string }[] = [
    { key: "applications", label: t.funnelKpiApplications, value: String(kpis.applications) },
    {
      key: "verified",
      label: t.funnelKpiVerified,
      value: conversion(kpis.verified, kpis.applications, t),
      detail: fill(t.funnelKpiOfApplications, { count: kpis.verified }),
    },
    {
      key: "approved",
      label: t.funnelKpiApproved,
      value: conversion(kpis.approved, kpis.verified, t),
      detail: fill(t.funnelKpiOfVerified, { count: kpis.approved }),
    },
    { key: "clickouts", label: t.funnelKpiClickouts, value: count(kpis.clickouts) },
    { key: "issued", label: t.funnelKpiIssued, value: count(kpis.issued) },
    { key: "revenue", label: t.funnelKpiRevenue, value: rupeeDigits(kpis.revenueRupees) },
  ];
  return (
    <section aria-labelledby="funnel-kpis-title">
      <h2 id="funnel-kpis-title">{t.funnelKpisTitle}</h2>
      <dl id="funnel-kpis" className="tiles">
        {tiles.map((tile) => (
          <div key={tile.key} data-kpi={tile.key}>
            <dt>{tile.label}</dt>
            <dd>
              {tile.value}
              {tile.detail ? <span className="meta">{tile.detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="meta">{t.funnelKpisNote}</p>
    </section>
  );
}

export function FunnelPage({ view, t }: { view: FunnelView; t: BackOfficeMessages }) {
  const { report } = view;
  return (
    <div className="funnel">
      {view.problem ? (
        <p className="problem" role="alert">
          {t.funnelRangeProblem}
        </p>
      ) : null}
      <p>
        <strong>{fill(t.funnelShowing, { from: report.from, to: report.to })}</strong>
      </p>
      {/* The month's key figures first: what an operator opens the page for. */}
      <Kpis view={view} t={t} />
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
      <p>{t.funnelIntro}</p>
      <Table view={view} name="steps" t={t} />
      <Table view={view} name="fanout" t={t} />
      <section aria-labelledby="funnel-charts-title">
        <h2 id="funnel-charts-title">{t.funnelChartsTitle}</h2>
        <p>{t.funnelChartsNote}</p>
        <div
          id="funnel-charts"
          data-traffic={t.funnelChartTraffic}
          data-lenders={t.funnelChartLenders}
        />
      </section>
      {FUNNEL_TABLE_NAMES.filter((name) => name !== "steps" && name !== "fanout").map((name) => (
        <Table key={name} view={view} name={name} t={t} />
      ))}
      <script src={FUNNEL_CHART_SCRIPT} defer />
    </div>
  );
}
