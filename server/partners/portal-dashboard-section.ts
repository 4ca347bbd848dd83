import type { Response } from "express";
import { addDays, colomboToday, isIsoDate } from "../../core/helpers/dates";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import type {
  DashboardProblem,
  DashboardReport,
  DashboardRow,
  DashboardView,
} from "../../core/views/portal/dashboard";
import { sendPortalScript } from "../http/built-scripts";
import { queryText } from "../http/query-text";
import type { PortalSectionRoutes } from "./portal-context";
import {
  PORTAL_GROUPINGS,
  type PortalGrouping,
  type PortalReport,
  type PortalStatsQuery,
  portalStats,
  portalStatsCsv,
  portalStatsCsvFilename,
  portalStatsQuerySchema,
} from "./portal-stats";

/**
 * The partner portal's dashboard (issue 18, decision 0223): the signed-in
 * partner's figures for a range of Colombo days, per day and broken down by
 * one grouping, as tables, charts (site/portal/dashboard-chart.ts) and CSV.
 * Every figure is portal-stats.ts's, counted for `request.partner.id` only:
 * no query parameter names a partner.
 */

/** The range shown when none is asked for: the last 30 Colombo days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The breakdown shown when none is asked for: every recent lead has a channel. */
export const DASHBOARD_DEFAULT_GROUPING: PortalGrouping = "channel";

/** The groupings the page's breakdown offers: every one of portal-stats.ts but the day. */
export const DASHBOARD_GROUPINGS: readonly PortalGrouping[] = PORTAL_GROUPINGS.filter(
  (grouping) => grouping !== "day",
);

type Checked =
  | { query: DashboardView["query"]; range: PortalStatsQuery; problem?: undefined }
  | { query: DashboardView["query"]; range?: undefined; problem: DashboardProblem };

/**
 * A request's range and grouping: absent or empty fields take the defaults;
 * anything else must be what the partner API's GET stats takes (a date twice
 * or a date that is not one is a problem, never a 500).
 */
export function dashboardQuery(raw: Record<string, unknown>, now: Date): Checked {
  const today = colomboToday(now);
  const field = (name: string, fallback: string) => queryText(raw, name, fallback);
  const from = field("from", addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1)));
  const to = field("to", today);
  const by = field("by", DASHBOARD_DEFAULT_GROUPING);
  const query = { from: from.text, to: to.text, by: by.text };
  if (!from.ok || !to.ok || !isIsoDate(query.from) || !isIsoDate(query.to)) {
    return { query, problem: "date" };
  }
  if (!by.ok || !(PORTAL_GROUPINGS as readonly string[]).includes(query.by)) {
    return { query, problem: "grouping" };
  }
  const parsed = portalStatsQuerySchema.safeParse(query);
  if (!parsed.success) return { query, problem: query.from > query.to ? "order" : "length" };
  return { query, range: parsed.data };
}

const rowsOf = (report: PortalReport): DashboardRow[] =>
  report.rows.map(({ key, clicks, leads, approvals, issued, earnings }) => ({
    key,
    clicks,
    leads,
    approvals,
    issued,
    earnings,
  }));

export const dashboardRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.dashboard}`;
  const chartScript = `${path}chart.js`;

  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const checked = dashboardQuery(req.query, portal.now());
    const view: DashboardView = {
      page: "dashboard",
      ...request.frame,
      query: checked.query,
      groupings: DASHBOARD_GROUPINGS,
      chartScript,
    };
    if (!checked.range) {
      portal.send(req, res, 400, { ...view, problem: checked.problem });
      return;
    }
    const { from, to } = checked.range;
    // The per-day table is the day grouping: the breakdown shows another one.
    const by = checked.range.by === "day" ? DASHBOARD_DEFAULT_GROUPING : checked.range.by;
    const partnerId = request.partner.id;
    const [days, breakdown] = await Promise.all([
      portalStats(portal.storage, partnerId, from, to, "day"),
      portalStats(portal.storage, partnerId, from, to, by),
    ]);
    const report: DashboardReport = {
      from,
      to,
      by,
      days: rowsOf(days),
      breakdown: rowsOf(breakdown),
      totals: days.totals,
    };
    // This page alone runs a script of ours (the charts): still none inline.
    allowOwnScripts(res);
    portal.send(req, res, 200, { ...view, query: { from, to, by }, report });
  });

  router.get(`${path}download`, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const checked = dashboardQuery(req.query, portal.now());
    if (!checked.range) {
      portal.send(req, res, 400, {
        page: "dashboard",
        ...request.frame,
        query: checked.query,
        groupings: DASHBOARD_GROUPINGS,
        chartScript,
        problem: checked.problem,
      });
      return;
    }
    const { from, to, by } = checked.range;
    const report = await portalStats(portal.storage, request.partner.id, from, to, by);
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .setHeader("Content-Disposition", `attachment; filename="${portalStatsCsvFilename(report)}"`)
      .send(portalStatsCsv(report));
  });

  router.get(chartScript, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    if (!(await sendPortalScript(res, portal.distDir, "dashboard-chart.js"))) {
      portal.send(req, res, 404, { page: "not-found" });
    }
  });
};

/** The portal's policy (portal-routes.ts, set before the sections run) with our own scripts. */
function allowOwnScripts(res: Response): void {
  const policy = String(res.getHeader("Content-Security-Policy") ?? "");
  if (!policy.includes("default-src 'none'") || policy.includes("script-src")) return;
  res.setHeader(
    "Content-Security-Policy",
    policy.replace("default-src 'none'", "default-src 'none'; script-src 'self'"),
  );
}
