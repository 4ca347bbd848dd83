import { Router } from "express";
import {
  ODDS_BANDS,
  ODDS_WINDOW_DAYS,
  type OddsView,
  oddsView,
} from "../../core/domain/approval-odds";
import { sendError } from "../http/errors";
import type { Storage } from "../storage/database";
import { partialApprovalOddsFor } from "./approval-odds";

/** The query's names and the bands each takes: 0 … the number of bounds. */
const BAND_PARAMS = [
  ["amount_band", "amount"],
  ["term_band", "termDays"],
  ["income_band", "monthlyIncome"],
] as const;

/**
 * GET /api/approval-odds?amount_band=2&term_band=1&income_band=1 — each
 * lender's approval odds for a partial profile (issue 36, decision 0449):
 * the widget's offer list, when the host page gives the income band. Keyed
 * by bands only, never an amount, an income or anyone's answers, so it is
 * public, CORS-open like the offers feed and cacheable by anyone; counted
 * once a day, kept an hour. Lenders with fewer than 30 answers of those
 * bands are absent. `income_band` may be left out (the loan's bands alone).
 */
export function approvalOddsRouter(storage: Storage): Router {
  const router = Router();
  router.get("/approval-odds", async (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    const bands: Partial<Record<(typeof BAND_PARAMS)[number][1], number>> = {};
    const fields: Record<string, string> = {};
    for (const [param, field] of BAND_PARAMS) {
      const value = req.query[param];
      if (value === undefined && param === "income_band") continue;
      const band = typeof value === "string" && /^\d$/.test(value) ? Number(value) : Number.NaN;
      if (band >= 0 && band <= ODDS_BANDS[field].length) bands[field] = band;
      else fields[param] = `A band from 0 to ${ODDS_BANDS[field].length}.`;
    }
    if (
      Object.keys(fields).length > 0 ||
      bands.amount === undefined ||
      bands.termDays === undefined
    ) {
      sendError(res, 400, "invalid_band", "Give the odds' bands as whole numbers.", fields);
      return;
    }
    const odds = await partialApprovalOddsFor(storage, {
      amount: bands.amount,
      termDays: bands.termDays,
      monthlyIncome: bands.monthlyIncome,
    });
    const lenders: Record<string, OddsView> = {};
    for (const [lenderId, estimate] of odds) lenders[lenderId] = oddsView(estimate);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json({ windowDays: ODDS_WINDOW_DAYS, lenders });
  });
  return router;
}
