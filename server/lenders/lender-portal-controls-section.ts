import type { ControlsLimit, ControlsView } from "../../core/views/lender-portal";
import { lenderAccountActor } from "../staff/audit";
import {
  controlsOf,
  type LimitField,
  limitRanges,
  limitsFrom,
  saveLimits,
  setPaused,
} from "./lender-controls";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";

const NOTICES = ["paused", "resumed", "saved"] as const;

/**
 * The lender portal's controls (decisions 0410, 0411), admins only: pause
 * and resume, and the daily cap, concurrency and deadline within the
 * operator's limits (refused inline, what was typed kept). Audited with
 * the member as the actor.
 */
export const lenderControlsSection: LenderPortalSection = (router, portal) => {
  const { base, storage, decisions, now, send, frame, memberWhoCan, formWhoCan } = portal;
  const path = `${base}controls/`;
  const ranges = limitRanges(decisions);
  const actorOf = (session: LenderSession) =>
    lenderAccountActor(session.account.id, session.account.lender_id);

  const view = async (
    session: LenderSession,
    more: Partial<ControlsView> = {},
  ): Promise<ControlsView> => {
    const row = await controlsOf(storage, session.account.lender_id);
    const stored: Record<LimitField, number | null> = {
      dailyLeadCap: row.daily_lead_cap,
      concurrency: row.api_concurrency,
      deadlineMs: row.api_deadline_ms,
    };
    const limit = (field: LimitField): ControlsLimit => ({
      value: stored[field] === null ? "" : String(stored[field]),
      ...ranges[field],
    });
    return {
      page: "controls",
      ...frame(session),
      status: row.status,
      pausedBy: row.paused_by,
      api: row.decision_mode === "api",
      dailyLeadCap: limit("dailyLeadCap"),
      concurrency: limit("concurrency"),
      deadlineMs: limit("deadlineMs"),
      serverConcurrency: decisions.concurrency,
      serverDeadlineMs: decisions.deadlineMs,
      ...more,
    };
  };

  router.get(path, async (req, res) => {
    const session = await memberWhoCan(req, res, "controls");
    if (!session) return;
    const notice = NOTICES.find((one) => one === req.query.notice);
    send(req, res, 200, await view(session, notice ? { notice } : {}));
  });

  router.post(`${path}limits`, async (req, res) => {
    const request = await formWhoCan(req, res, "controls");
    if (!request) return;
    const { session, form } = request;
    const checked = limitsFrom(form, ranges);
    if (!checked.ok) {
      send(req, res, 400, await view(session, checked.fields));
      return;
    }
    const { decision_mode } = await controlsOf(storage, session.account.lender_id);
    if (decision_mode !== "api") {
      send(req, res, 400, await view(session));
      return;
    }
    await saveLimits(storage, session.account.lender_id, checked.values, actorOf(session), now());
    res.redirect(303, `${path}?notice=saved`);
  });

  for (const [action, paused] of [
    ["pause", true],
    ["resume", false],
  ] as const) {
    router.post(`${path}${action}`, async (req, res) => {
      const request = await formWhoCan(req, res, "controls");
      if (!request) return;
      const { session } = request;
      const outcome = await setPaused(
        storage,
        session.account.lender_id,
        paused,
        actorOf(session),
        now(),
      );
      if (outcome === "paused" || outcome === "resumed") {
        res.redirect(303, `${path}?notice=${outcome}`);
        return;
      }
      send(req, res, 409, await view(session, { problem: outcome }));
    });
  }
};
