/**
 * The back office's one script (issue 16, decision 0162): draws the funnel
 * page's "By day" table as two uPlot charts (day-chart.ts, shared with the
 * partner portal's dashboard). It reads the table the server rendered, so
 * the figures are those of the page; without it the table is all there is.
 * Built alone (rollup.config.mjs) and served at /admin/funnel/chart.js
 * under that page's CSP only: neither the site's nor the widget's bundles
 * include it.
 */
import { addDays, isIsoDate } from "../../core/helpers/dates";
import { FUNNEL_STEPS, type FunnelStep } from "../../core/views/back-office";
import { adoptChartStyles, drawDayChart } from "../operator/day-chart";

const TRAFFIC: readonly FunnelStep[] = ["visits", "applications", "verified"];
const LENDERS: readonly FunnelStep[] = ["asked", "approved", "clickouts", "issued", "payouts"];

interface Daily {
  days: string[];
  /** The table's header text of each step: the series' labels, in the page's language. */
  labels: Map<string, string>;
  series: Map<string, (number | null)[]>;
}

function readDaily(table: HTMLTableElement): Daily {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent ?? "");
  const days: string[] = [];
  const labels = new Map(FUNNEL_STEPS.map((step, index) => [step, headers[index + 1] ?? step]));
  const series = new Map<string, (number | null)[]>();
  for (const row of table.tBodies[0]?.rows ?? []) {
    // A run of days without records, folded into one line (decision 0443): zeros each day.
    const { from, days: count } = row.dataset;
    if (from && isIsoDate(from) && count) {
      for (let index = 0; index < Number(count); index++) {
        days.push(addDays(from, index));
        for (const name of FUNNEL_STEPS) series.set(name, [...(series.get(name) ?? []), 0]);
      }
      continue;
    }
    const cells = [...row.cells];
    days.push(cells[0]?.textContent ?? "");
    cells.slice(1).forEach((cell, index) => {
      const name = FUNNEL_STEPS[index] ?? "";
      const text = cell.textContent ?? "";
      const values = series.get(name) ?? [];
      values.push(/^\d+$/.test(text) ? Number(text) : null);
      series.set(name, values);
    });
  }
  return { days, labels, series };
}

function drawChart(box: HTMLElement, title: string, daily: Daily, names: readonly string[]) {
  // Only the steps the table records: "not recorded" is not a line at zero.
  const shown = names.filter((name) => daily.series.get(name)?.some((value) => value !== null));
  if (shown.length === 0) return;
  drawDayChart(
    box,
    title,
    daily.days,
    shown.map((name) => ({
      label: daily.labels.get(name) ?? name,
      values: daily.series.get(name) ?? [],
    })),
  );
}

function start() {
  const box = document.getElementById("funnel-charts");
  const table = document.getElementById("funnel-daily");
  if (!box || !(table instanceof HTMLTableElement)) return;
  adoptChartStyles();
  const daily = readDaily(table);
  drawChart(box, box.dataset.traffic ?? "", daily, TRAFFIC);
  drawChart(box, box.dataset.lenders ?? "", daily, LENDERS);
}

start();
