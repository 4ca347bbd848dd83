import { PORTAL_SECTION_PATHS } from "../../core/partner-portal";
import type { PortalSectionRoutes } from "./portal-context";

/** The partner portal's docs page (issue 18). */
export const docsRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.docs}`;
  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    portal.send(req, res, 200, { page: "docs", ...request.frame });
  });
};
