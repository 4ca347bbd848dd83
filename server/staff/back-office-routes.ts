import { Router } from "express";
import { pendingCount } from "../community/moderation";
import { lenderSummaries } from "../lenders/lender-summaries";
import { listPartners } from "../partners/partners";
import { mayUse } from "./access";
import type { BackOffice } from "./gate";

/**
 * The back office's home, and the sections whose full pages come in the
 * next part of issue 16: lenders and partners as read-only lists from
 * storage. The funnel has its own router (server/funnel/).
 */
export function backOfficeRouter(backOffice: BackOffice): Router {
  const router = Router();
  const { storage, send } = backOffice;

  // Routing is not strict: "/admin" also matches "/admin/", which must go on to its page.
  router.get("/admin", (req, res, next) => {
    if (req.path.endsWith("/")) next();
    else res.redirect(301, "/admin/");
  });

  backOffice.route(router, "GET /admin/", async (_req, res, { session, viewer }) => {
    const { staff } = session;
    const moderates = mayUse(staff.role, "GET /admin/moderation/");
    send(
      res,
      200,
      {
        page: "home",
        pending: moderates ? await pendingCount(storage) : undefined,
        twoFactor: staff.totp_enabled_at !== null,
      },
      viewer,
    );
  });

  backOffice.route(router, "GET /admin/lenders/", async (_req, res, { viewer }) => {
    send(res, 200, { page: "lenders", lenders: await lenderSummaries(storage) }, viewer);
  });

  backOffice.route(router, "GET /admin/partners/", async (_req, res, { viewer }) => {
    const partners = (await listPartners(storage)).map((partner) => ({
      id: partner.id,
      name: partner.name,
      payoutModel: partner.payoutModel,
      payoutRupees: partner.payoutRupees,
      origins: partner.origins.length,
      postback: partner.postbackUrl !== null,
      disabled: partner.disabledAt !== null,
    }));
    send(res, 200, { page: "partners", partners }, viewer);
  });

  return router;
}
