import type { Request, Response } from "express";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import type { PortalPartnerRequest, PortalSectionRoutes } from "./portal-context";
import {
  type MonthStatement,
  monthStatement,
  monthStatementCsv,
  monthStatementCsvFilename,
  statementMonths,
} from "./statements";

/**
 * The partner portal's statements (issue 18, decision 0244): the months of
 * the signed-in partner's account with their totals, one month's lines,
 * and that month as CSV. The partner is the session's, never a parameter;
 * a month that is not one of its account's answers the portal's 404.
 */
export const statementRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.statements}`;
  const termsOf = (request: PortalPartnerRequest) => ({
    model: request.partner.payoutModel,
    rupees: request.partner.payoutRupees,
  });

  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const months = await statementMonths(portal.storage, request.partner.id, portal.now());
    res.setHeader("Cache-Control", "no-store");
    portal.send(req, res, 200, {
      page: "statements",
      ...request.frame,
      terms: termsOf(request),
      months,
    });
  });

  /** The month of the address, for the signed-in partner; else the 404 page, sent. */
  const monthOf = async (
    req: Request,
    res: Response,
  ): Promise<{ request: PortalPartnerRequest; statement: MonthStatement } | undefined> => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return undefined;
    const month = String(req.params.month ?? "");
    const statement = await monthStatement(portal.storage, request.partner.id, month, portal.now());
    if (!statement) {
      portal.send(req, res, 404, { page: "not-found" });
      return undefined;
    }
    return { request, statement };
  };

  router.get(`${path}:month/`, async (req, res) => {
    const found = await monthOf(req, res);
    if (!found) return;
    const { request, statement } = found;
    res.setHeader("Cache-Control", "no-store");
    portal.send(req, res, 200, {
      page: "statements",
      ...request.frame,
      terms: termsOf(request),
      months: [],
      month: statement,
    });
  });

  router.get(`${path}:month/statement.csv`, async (req, res) => {
    const found = await monthOf(req, res);
    if (!found) return;
    const { request, statement } = found;
    res
      .status(200)
      .setHeader("Cache-Control", "no-store")
      .type("text/csv; charset=utf-8")
      .attachment(monthStatementCsvFilename(request.partner.id, statement.totals.month))
      .send(monthStatementCsv(statement));
  });
};
