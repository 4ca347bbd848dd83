import type { Request, Response } from "express";
import { LENDER_PORTAL_SECTION_PATHS } from "../../core/views/lender-portal";
import {
  decisionLogCsv,
  decisionLogEntry,
  decisionLogPage,
  decisionLogQuery,
  decisionLogSearch,
} from "./decision-log";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";

/**
 * The lender portal's decision log (issue 34, decision 0406): the
 * applications sent to the member's lender in the last 90 Colombo days, by
 * status and days, as pages and CSV, and each one with the fields it was
 * sent. The lender is the session's, never a parameter; the role's
 * capability is checked on every request.
 */
export const lenderLogSection: LenderPortalSection = (router, portal) => {
  const { base, storage, now, send, frame, memberWhoCan } = portal;
  const path = `${base}${LENDER_PORTAL_SECTION_PATHS.log}`;
  const csvPath = `${path}decisions.csv`;

  /** The page's filters as asked, and the list's links for them. */
  const logView = (session: LenderSession, checked: ReturnType<typeof decisionLogQuery>) => {
    const search = decisionLogSearch(checked.query);
    return {
      page: "log" as const,
      ...frame(session),
      query: checked.query,
      window: checked.window,
      csvHref: `${csvPath}?${search}`,
      search,
    };
  };
  /**
   * A member who may read the log and the filters they asked for; filters
   * that are not right get the page again, the problem beside them, no rows.
   */
  const filtered = async (req: Request, res: Response) => {
    const session = await memberWhoCan(req, res, "decision_log");
    if (!session) return undefined;
    const checked = decisionLogQuery(req.query, now());
    if (checked.filter) return { session, checked, filter: checked.filter };
    send(req, res, 400, {
      ...logView(session, checked),
      problem: checked.problem,
      rows: [],
      paging: { number: 1, count: 1, total: 0 },
    });
    return undefined;
  };

  router.get(path, async (req, res) => {
    const asked = await filtered(req, res);
    if (!asked) return;
    const { session, checked, filter } = asked;
    const listed = await decisionLogPage(storage, session.account.lender_id, filter, checked.page);
    send(req, res, 200, { ...logView(session, checked), ...listed });
  });

  router.get(csvPath, async (req, res) => {
    const asked = await filtered(req, res);
    if (!asked) return;
    const { session, checked, filter } = asked;
    const csv = await decisionLogCsv(storage, session.account.lender_id, filter);
    const { from, to } = checked.query;
    res
      .status(200)
      .setHeader("Cache-Control", "no-store")
      .type("text/csv; charset=utf-8")
      .attachment(`decisions-${session.account.lender_id}-${from}-${to}.csv`)
      .send(csv);
  });

  router.get(`${path}:decisionId`, async (req, res) => {
    const session = await memberWhoCan(req, res, "decision_log");
    if (!session) return;
    const entry = await decisionLogEntry(
      storage,
      session.account.lender_id,
      req.params.decisionId ?? "",
      now(),
    );
    if (!entry) {
      send(req, res, 404, { page: "not-found" });
      return;
    }
    send(req, res, 200, { page: "log-entry", ...frame(session), ...entry });
  });
};
