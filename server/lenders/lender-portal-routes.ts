import { Router } from "express";
import { type LenderPortalView, lenderRoleCan } from "../../core/views/lender-portal";
import type { SiteSettings } from "../../core/views/site-contract";
import { lenderPortalStylesheet, renderLenderPortalDocument } from "../../site/server";
import { csrfTokenMatches } from "../accounts/csrf";
import { type PortalPages, portalInEachLanguage } from "../accounts/portal-area";
import { signInFlow } from "../accounts/sign-in";
import type { RateLimitStore } from "../http/rate-limit";
import type { Storage } from "../storage/database";
import type { DecisionNetwork } from "./decision-network";
import type {
  LenderPortalContext,
  LenderPortalSection,
  LenderSession,
} from "./lender-portal-context";
import { lenderControlsSection } from "./lender-portal-controls-section";
import { lenderInvoicesSection } from "./lender-portal-invoices-section";
import { lenderLogSection } from "./lender-portal-log-section";
import { lenderProductsSection } from "./lender-portal-products-section";
import { lenderSecretSection } from "./lender-portal-secret-section";
import { lenderSignInSection } from "./lender-portal-sign-in-section";
import type { LenderDaysCounter } from "./lender-portal-stats";
import { lenderStatsSection } from "./lender-portal-stats-section";
import { lenderTestSection } from "./lender-portal-test-section";
import { LENDER_REALM } from "./lender-realm";

export { TEST_SENDS_PER_MINUTE } from "./lender-portal-test-section";

/**
 * The lender portal (issue 34, decisions 0382–0387) at /lender/portal/
 * (Sinhala), /en/lender/portal/ and /ta/lender/portal/: its headers, the
 * checks every page shares (lender-portal-context.ts), its sections (the
 * door: home, sign-in, enrolment, sign-out; test mode) and its 404. Pages
 * are rendered on the server with no script (site/lender-portal/), every
 * form carries the session's CSRF token, and roles are checked in the
 * sections.
 */

/** Each section's routes, in the order they answer (decision 0381). */
const SECTIONS: readonly LenderPortalSection[] = [
  lenderSignInSection,
  lenderTestSection,
  lenderStatsSection,
  lenderInvoicesSection,
  lenderControlsSection,
  lenderSecretSection,
  lenderLogSection,
  lenderProductsSection,
];

/** The portal's pages in every language: where, and how they are styled and rendered. */
const PAGES: PortalPages<LenderPortalView> = {
  path: "/lender/portal",
  stylesheet: lenderPortalStylesheet(),
  render: renderLenderPortalDocument,
};

export function lenderPortalRouter(dependencies: {
  storage: Storage;
  site: Pick<SiteSettings, "origin" | "contact" | "contactEmail">;
  limits: RateLimitStore;
  decisions: DecisionNetwork;
  /** Where pending lenders call back (the test application's callbackUrl). */
  callbackUrl: () => string;
  now: () => Date;
  /** A lender's figures by Colombo day: the funnel's (server/funnel/ imports this feature). */
  lenderDays: LenderDaysCounter;
}): Router {
  const { storage, site, limits, decisions, callbackUrl, now, lenderDays } = dependencies;
  const router = Router();
  const accounts = signInFlow(LENDER_REALM, { storage, limits, now });

  portalInEachLanguage(router, PAGES, site.origin, ({ locale, base, send, formFrom }) => {
    const portal: LenderPortalContext = {
      locale,
      base,
      storage,
      limits,
      decisions,
      callbackUrl,
      now,
      site,
      lenderDays,
      accounts,
      send,
      frame: (session: LenderSession) => ({ csrf: session.csrf, role: session.account.role }),
      form: formFrom,
      member: async (req, res) => {
        const session = await accounts.sessionOf(req);
        if (session?.stage === "signed_in" && session.account.totp_secret) return session;
        res.redirect(303, session?.stage === "signed_in" ? `${base}two-factor/` : base);
        return undefined;
      },
      memberWhoCan: async (req, res, can) => {
        const session = await portal.member(req, res);
        if (!session) return undefined;
        if (lenderRoleCan(session.account.role, can)) return session;
        send(req, res, 403, { page: "refused" });
        return undefined;
      },
      signedInForm: async (req, res, full) => {
        const form = await formFrom(req, res);
        if (!form) return undefined;
        const session = await accounts.sessionOf(req);
        const ready = session?.stage === "signed_in" && (!full || session.account.totp_secret);
        if (!session || !ready || !csrfTokenMatches(session.token, form.csrf)) {
          send(req, res, 403, { page: "refused" });
          return undefined;
        }
        return { session, form };
      },
      formWhoCan: async (req, res, can) => {
        const request = await portal.signedInForm(req, res, true);
        if (!request) return undefined;
        if (lenderRoleCan(request.session.account.role, can)) return request;
        send(req, res, 403, { page: "refused" });
        return undefined;
      },
    };
    for (const section of SECTIONS) section(router, portal);
  });
  return router;
}
