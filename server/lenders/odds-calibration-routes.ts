import { Router } from "express";
import {
  CALIBRATION_MAX_GAP,
  CALIBRATION_MIN_DECISIONS,
  ODDS_WINDOW_DAYS,
} from "../../core/domain/approval-odds";
import type { LenderCalibration } from "../../core/views/back-office";
import type { BackOffice } from "../staff/gate";
import { lenderSummaries } from "./lender-summaries";
import { oddsCalibrations } from "./odds-calibration";

/**
 * /admin/approval-odds/ (issue 36, decision 0459), for admins and analysts:
 * each lender's odds against its answers, from the daily count
 * (odds-calibration.ts: the sandbox lenders' only outside production).
 */
export function oddsCalibrationRouter(backOffice: BackOffice): Router {
  const router = Router();
  const { storage, send } = backOffice;

  backOffice.route(router, "GET /admin/approval-odds/", async (_req, res, { viewer }) => {
    const calibrations = await oddsCalibrations(storage);
    const lenders: LenderCalibration[] = [];
    for (const lender of await lenderSummaries(storage)) {
      const calibration = calibrations.get(lender.id);
      if (calibration) {
        lenders.push({ id: lender.id, name: lender.name, sandbox: lender.sandbox, calibration });
      }
    }
    // Flagged first; otherwise the lenders' own order.
    lenders.sort((a, b) => Number(b.calibration.flagged) - Number(a.calibration.flagged));
    send(
      res,
      200,
      {
        page: "approval-odds",
        lenders,
        windowDays: ODDS_WINDOW_DAYS,
        minDecisions: CALIBRATION_MIN_DECISIONS,
        maxGap: CALIBRATION_MAX_GAP,
      },
      viewer,
    );
  });

  return router;
}
