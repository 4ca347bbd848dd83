import { PORTAL_SECTION_PATHS } from "../../core/partner-portal";
import type { PortalSectionRoutes } from "./portal-context";

/** The partner portal's account page (issue 18). */
export const accountRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.account}`;
  router.get(path, async (req, res) => {
    const request = await portal.signedIn(req, res);
    if (!request) return;
    portal.send(req, res, 200, { page: "account", ...request.frame });
  });
};
