import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import type { PortalSectionRoutes } from "./portal-context";

/**
 * The partner portal's API documentation (issue 18, decision 0247): the
 * signed-in partner's publishable key and origins in the examples; the
 * secret key is never shown (only its hash is kept).
 */
export const docsRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.docs}`;
  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    portal.send(req, res, 200, {
      page: "docs",
      ...request.frame,
      partnerId: request.partner.id,
      publishableKey: request.partner.publishableKey,
      origins: request.partner.origins,
      siteOrigin: portal.site.origin,
    });
  });
};
