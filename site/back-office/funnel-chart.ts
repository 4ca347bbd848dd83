/**
 * The back office's one script (issue 16, decision 0162): draws the funnel
 * page's "By day" table as two uPlot charts. It reads the table the server
 * rendered, so the figures are those of the page; without it the table is
 * all there is. Built alone (rollup.config.mjs) and served at
 * /admin/funnel/chart.js under that page's CSP only: neither the site's nor
 * the widget's bundles include it. uPlot's stylesheet is adopted as a
 * constructed sheet, which the CSP's style-src does not need to name.
 */
import uPlot from "uplot";
import uPlotCss from "uplot/dist/uPlot.min.css?raw";
import { FUNNEL_STEPS, type FunnelStep } from "../../core/back-office";

const COLOURS = ["#0b6e4f", "#1a5fb4", "#a4262c", "#8a5a00", "#6b3fa0", "#2f6f8f", "#444444"];
const TRAFFIC: readonly FunnelStep[] = ["visits", "applications", "verified"];
const LENDERS: readonly FunnelStep[] = ["asked", "approved", "clickouts", "issued", "payouts"];

const WHOLE_STEPS = Array.from({ length: 10 }, (_unused, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

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
  const figure = document.createElement("figure");
  figure.className = "chart";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  const target = document.createElement("div");
  // The table holds the same figures for screen readers.
  target.setAttribute("aria-hidden", "true");
  figure.append(caption, target);
  box.append(figure);
  // The box's width is set by the page, not by the chart inside it: resizing cannot loop.
  const width = () => Math.max(240, Math.floor(box.clientWidth - 18));
  const chart = new uPlot(
    {
      width: width(),
      height: 260,
      scales: { x: { time: false } },
      axes: [
        {
          // Whole days only: a split between two days would repeat a label.
          incrs: [1, 2, 7, 14, 28, 56, 91, 182],
          values: (_chart, splits) =>
            splits.map((split) => daily.days[Math.round(split)]?.slice(5) ?? ""),
        },
        // Counts are whole numbers: no tick at 0.5.
        { incrs: WHOLE_STEPS },
      ],
      series: [
        { label: "Day", value: (_chart, value) => daily.days[Math.round(value)] ?? "" },
        ...shown.map((name, index) => ({
          label: daily.labels.get(name) ?? name,
          stroke: COLOURS[index % COLOURS.length] ?? "#0b6e4f",
          width: 2,
        })),
      ],
    },
    [daily.days.map((_day, index) => index), ...shown.map((name) => daily.series.get(name) ?? [])],
    target,
  );
  let drawnWidth = width();
  new ResizeObserver(() => {
    if (width() === drawnWidth) return;
    drawnWidth = width();
    chart.setSize({ width: drawnWidth, height: 260 });
  }).observe(box);
}

function start() {
  const box = document.getElementById("funnel-charts");
  const table = document.getElementById("funnel-daily");
  if (!box || !(table instanceof HTMLTableElement)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(uPlotCss);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const daily = readDaily(table);
  drawChart(box, box.dataset.traffic ?? "", daily, TRAFFIC);
  drawChart(box, box.dataset.lenders ?? "", daily, LENDERS);
}

start();
