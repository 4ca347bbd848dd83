import { Router } from "express";
import {
  addDays,
  type CalendarDate,
  colomboToday,
  daysBetween,
  isIsoDate,
} from "../../core/helpers/dates";
import {
  backOfficeMessagesEn,
  funnelCsv,
  funnelCsvFilename,
  isFunnelTableName,
} from "../../site/server";
import { sendBackOfficeScript } from "../staff/back-office-scripts";
import { BACK_OFFICE_SCRIPT_POLICY, type BackOffice } from "../staff/gate";
import { FUNNEL_MAX_RANGE_DAYS, funnelReport, funnelToday } from "./funnel";

/** The funnel page's CSP: the back office's, and our own script (the charts) on this page only. */
export const FUNNEL_POLICY = BACK_OFFICE_SCRIPT_POLICY;

/** The default range: the last 30 Colombo days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export interface FunnelRange {
  from: CalendarDate;
  to: CalendarDate;
  /** The range asked for could not be used; the default stands in. */
  problem?: "range";
}

/** The range of a query: both dates, in order, at most a year long; else the default. */
export function rangeOf(query: Record<string, unknown>, now: Date): FunnelRange {
  const today = colomboToday(now);
  const fallback = { from: addDays(today, 1 - DEFAULT_RANGE_DAYS), to: today };
  const { from, to } = query;
  if (from === undefined && to === undefined) return fallback;
  if (
    typeof from !== "string" ||
    typeof to !== "string" ||
    !isIsoDate(from) ||
    !isIsoDate(to) ||
    from > to ||
    daysBetween(from, to) >= FUNNEL_MAX_RANGE_DAYS
  ) {
    return { ...fallback, problem: "range" };
  }
  return { from, to };
}

/**
 * The funnel (issue 16): the page, each of its tables as CSV, and the chart
 * script, for admins and analysts (access.ts). The script is read from the
 * build (dist/back-office/); without a build it is not there (404).
 */
export function funnelRouter(backOffice: BackOffice, distDir: string | undefined): Router {
  const router = Router();
  const { storage, send, now } = backOffice;

  backOffice.route(router, "GET /admin/funnel/", async (req, res, { viewer }) => {
    const range = rangeOf(req.query, now());
    const report = await funnelReport(storage, range.from, range.to, funnelToday(now()));
    res.setHeader("Content-Security-Policy", FUNNEL_POLICY);
    send(
      res,
      range.problem ? 400 : 200,
      { page: "funnel", report, problem: range.problem },
      viewer,
    );
  });

  backOffice.route(router, "GET /admin/funnel/download", async (req, res, { viewer }) => {
    const range = rangeOf(req.query, now());
    const table = req.query.table;
    if (range.problem || !isFunnelTableName(table)) {
      send(res, 400, { page: "invalid" }, viewer);
      return;
    }
    const report = await funnelReport(storage, range.from, range.to, funnelToday(now()));
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .setHeader(
        "Content-Disposition",
        `attachment; filename="${funnelCsvFilename(report, table)}"`,
      )
      .send(funnelCsv(report, table, backOfficeMessagesEn()));
  });

  backOffice.route(router, "GET /admin/funnel/chart.js", async (_req, res, { viewer }) => {
    if (!(await sendBackOfficeScript(res, distDir, "funnel-chart.js"))) {
      send(res, 404, { page: "not-found" }, viewer);
    }
  });

  return router;
}
