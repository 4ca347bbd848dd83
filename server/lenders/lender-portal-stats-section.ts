import type { StatsView } from "../../core/views/lender-portal-stats";
import type { LenderPortalSection } from "./lender-portal-context";
import { lenderStats, lenderStatsCsv, statsRange } from "./lender-portal-stats";

/**
 * The lender portal's statistics (decision 0419): its figures by Colombo
 * day with its breaker's, as a page and as CSV; for its admins and
 * developers. A range the page cannot show is answered on the page (400),
 * with the dates as typed.
 */
export const lenderStatsSection: LenderPortalSection = (router, portal) => {
  const { base, storage, now, send, frame, memberWhoCan, lenderDays } = portal;
  const statsPath = `${base}stats/`;

  router.get(statsPath, async (req, res) => {
    const session = await memberWhoCan(req, res, "statistics");
    if (!session) return;
    const range = statsRange(req.query, now());
    const page = { page: "stats" as const, ...frame(session) };
    if ("problem" in range) {
      const empty = { asked: 0, answered: 0, approved: 0, clickouts: 0, issued: 0 };
      const view: StatsView = {
        ...page,
        ...range,
        rows: [],
        totals: { ...empty, opened: 0, minutesOpen: 0 },
        latest: [],
      };
      send(req, res, 400, view);
      return;
    }
    const { days: _days, ...figures } = await lenderStats(
      storage,
      lenderDays,
      session.account.lender_id,
      range,
      now(),
    );
    send(req, res, 200, { ...page, ...figures });
  });

  router.get(`${statsPath}statistics.csv`, async (req, res) => {
    const session = await memberWhoCan(req, res, "statistics");
    if (!session) return;
    const range = statsRange(req.query, now());
    if ("problem" in range) {
      send(req, res, 400, { page: "not-found" });
      return;
    }
    const lenderId = session.account.lender_id;
    const figures = await lenderStats(storage, lenderDays, lenderId, range, now());
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .attachment(`statistics-${lenderId}-${range.from}-${range.to}.csv`)
      .send(lenderStatsCsv(figures));
  });
};
