/**
 * The partner portal dashboard's one script (issue 18, decision 0223):
 * draws the figures the page embeds as JSON (<script type="application/json">,
 * which runs nothing) as uPlot charts, with the back office's chart code
 * (site/operator/day-chart.ts). The page's tables hold the same figures
 * and are what the page is without this script; the charts' section stays
 * hidden until they are drawn. Built alone (rollup.config.mjs) and served at
 * <portal>/dashboard/chart.js under that page's CSP only.
 */
import { adoptChartStyles, drawDayChart } from "../operator/day-chart";
import { rupeeDigits } from "../operator/format";
import { DASHBOARD_CHARTS_ID, DASHBOARD_DATA_ID, type DashboardChartData } from "./dashboard-data";

function start() {
  const box = document.getElementById(DASHBOARD_CHARTS_ID);
  const data = document.getElementById(DASHBOARD_DATA_ID);
  if (!box || !data?.textContent) return;
  const figures = JSON.parse(data.textContent) as DashboardChartData;
  // Shown first: a hidden box has no width to draw at.
  box.hidden = false;
  adoptChartStyles();
  // A phone's chart is lower, so that a chart and its key fit on its screen.
  const height = window.innerWidth < 600 ? 200 : 260;
  // Figures under the cursor where there is one; a plain key of colours on a touch screen.
  const liveLegend = window.matchMedia("(hover: hover)").matches;
  for (const chart of figures.charts) {
    drawDayChart(
      box,
      chart.title,
      figures.days,
      chart.steps.map((step) => ({
        label: figures.labels[step] ?? step,
        values: figures.series[step] ?? [],
      })),
      { height, format: rupeeDigits, dayLabel: figures.dayLabel, liveLegend, layered: true },
    );
  }
  box.dataset.drawn = String(figures.charts.length);
}

start();
