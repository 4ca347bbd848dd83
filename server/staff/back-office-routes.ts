import { Router } from "express";
import { mayUse } from "./access";
import type { BackOffice } from "./gate";

/**
 * The back office's home page. Its sections have routers of their own:
 * moderation, staff and the audit log (server/community, server/staff),
 * lenders (server/lenders/lender-admin-routes.ts), partners and payouts
 * (server/partners/back-office-routes.ts), the funnel (server/funnel/).
 */
export function backOfficeRouter(
  backOffice: BackOffice,
  /** How many comments and reviews wait for a moderator (server/community, from app.ts). */
  pendingModeration: () => Promise<number>,
): Router {
  const router = Router();
  const { send } = backOffice;

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
        pending: moderates ? await pendingModeration() : undefined,
        twoFactor: staff.totp_enabled_at !== null,
      },
      viewer,
    );
  });

  return router;
}
