import { Router } from "express";
import { pendingCount } from "../community/moderation";
import { mayUse } from "./access";
import type { BackOffice } from "./gate";

/**
 * The back office's home, and the sections whose full pages come in the
 * next part of issue 16: the funnel as a page that says it is coming, with
 * no figure until one can be counted from stored records. Lenders, partners
 * and payouts have routers of their own (server/lenders/lender-admin-routes.ts,
 * server/partners/back-office-routes.ts).
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

  backOffice.route(router, "GET /admin/funnel/", async (_req, res, { viewer }) => {
    send(res, 200, { page: "funnel" }, viewer);
  });

  return router;
}
