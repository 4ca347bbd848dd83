/**
 * One uPlot chart of figures per day, shared by the back office's funnel
 * charts (funnel-chart.ts, decision 0162) and the partner portal's
 * dashboard (site/portal/dashboard-chart.ts, decision 0223): the same
 * library, axes, colours and resizing in both. Browser only; each script
 * that imports it is built alone (rollup.config.mjs).
 */
import uPlot from "uplot";
import uPlotCss from "uplot/dist/uPlot.min.css?raw";

export const CHART_COLOURS = [
  "#0b6e4f",
  "#1a5fb4",
  "#a4262c",
  "#8a5a00",
  "#6b3fa0",
  "#2f6f8f",
  "#444444",
];

/** Ticks for whole numbers. */
const WHOLE_STEPS = Array.from({ length: 10 }, (_unused, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/** uPlot's stylesheet, adopted as a constructed sheet: the pages' CSP style-src need not name it. */
export function adoptChartStyles(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(uPlotCss);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

export interface DaySeries {
  label: string;
  /** One value per day; null where the figure was not recorded. */
  values: (number | null)[];
}

export interface DayChartOptions {
  height?: number;
  /** A value as the axis and the legend print it (uPlot's own numbers when not given). */
  format?: (value: number) => string;
  /** The first series' label in the legend (the day). */
  dayLabel?: string;
  /**
   * The legend shows the figures under the cursor (true), or is a plain key of the
   * lines' colours (false: on a touch screen, where no cursor hovers, it would show dashes).
   */
  liveLegend?: boolean;
  /**
   * Each line thinner than the one before, so that a line drawn over an equal one (verified
   * leads over leads, on a day every lead was verified) leaves the one under it in sight.
   */
  layered?: boolean;
}

/**
 * Appends a figure with `title` as its caption and the chart of `series`
 * over `days` (YYYY-MM-DD) to `box`, at the box's width, redrawn when the
 * box's width changes. The chart is hidden from screen readers: the page
 * holds the same figures in a table.
 */
export function drawDayChart(
  box: HTMLElement,
  title: string,
  days: readonly string[],
  series: readonly DaySeries[],
  {
    height = 260,
    format,
    dayLabel = "Day",
    liveLegend = true,
    layered = false,
  }: DayChartOptions = {},
): HTMLElement {
  const figure = document.createElement("figure");
  figure.className = "chart";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  const target = document.createElement("div");
  target.setAttribute("aria-hidden", "true");
  figure.append(caption, target);
  box.append(figure);
  // The box's width is set by the page, not by the chart inside it: resizing cannot loop.
  const width = () => Math.max(240, Math.floor(box.clientWidth - 18));
  // Room for the longest figure's digits, no more: a phone's width is precious.
  const longest = format
    ? Math.max(1, ...series.flatMap((one) => one.values.map((value) => format(value ?? 0).length)))
    : 0;
  const chart = new uPlot(
    {
      width: width(),
      height,
      scales: { x: { time: false } },
      legend: { live: liveLegend },
      axes: [
        {
          // Whole days only: a split between two days would repeat a label.
          incrs: [1, 2, 7, 14, 28, 56, 91, 182],
          values: (_chart, splits) =>
            splits.map((split) => days[Math.round(split)]?.slice(5) ?? ""),
        },
        // Counts are whole numbers: no tick at 0.5.
        format
          ? {
              incrs: WHOLE_STEPS,
              values: (_chart, splits) => splits.map((split) => format(split)),
              size: 18 + 8 * longest,
            }
          : { incrs: WHOLE_STEPS },
      ],
      series: [
        { label: dayLabel, value: (_chart, value) => days[Math.round(value)] ?? "" },
        ...series.map((one, index) => ({
          label: one.label,
          stroke: CHART_COLOURS[index % CHART_COLOURS.length] ?? "#0b6e4f",
          width: layered ? 2 + 1.5 * (series.length - 1 - index) : 2,
          ...(format
            ? {
                value: (_chart: uPlot, value: number | null) =>
                  value === null ? "—" : format(value),
              }
            : {}),
        })),
      ],
    },
    [days.map((_day, index) => index), ...series.map((one) => one.values)],
    target,
  );
  let drawnWidth = width();
  new ResizeObserver(() => {
    if (width() === drawnWidth) return;
    drawnWidth = width();
    chart.setSize({ width: drawnWidth, height });
  }).observe(box);
  return figure;
}
