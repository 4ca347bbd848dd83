import { type Request, type Response, Router } from "express";
import type { PortalSignedIn, PortalView } from "../../core/views/partner-portal";
import type { SiteSettings } from "../../core/views/site-contract";
import { portalStylesheet, renderPortalDocument } from "../../site/server";
import { csrfTokenMatches } from "../accounts/csrf";
import { type PortalPages, portalInEachLanguage } from "../accounts/portal-area";
import { signInFlow } from "../accounts/sign-in";
import type { OutboundRules } from "../http/outbound";
import type { RateLimitStore } from "../http/rate-limit";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import type { Partner } from "./partners";
import { accountRoutes } from "./portal-account-section";
import { partnerOfAccount } from "./portal-accounts";
import type {
  PortalPartnerRequest,
  PortalSectionContext,
  PortalSectionRoutes,
} from "./portal-context";
import { dashboardRoutes } from "./portal-dashboard-section";
import { docsRoutes } from "./portal-docs-section";
import { keysRoutes } from "./portal-keys-section";
import { postbackRoutes } from "./portal-postback-section";
import { PARTNER_REALM, type PortalSession } from "./portal-realm";
import { signInRoutes } from "./portal-sign-in-section";
import { signUpRoutes } from "./portal-sign-up-section";
import { statementRoutes } from "./portal-statement-section";
import { widgetRoutes } from "./portal-widget-section";

/**
 * The partner portal (issue 18, decisions 0211–0214) at /partner/portal/
 * (Sinhala), /en/partner/portal/ (English) and /ta/partner/portal/ (Tamil):
 * its headers, the checks every page shares (portal-context.ts), its
 * sections and its 404. Pages are rendered on the server with no script
 * (site/portal/render.tsx), with the back office's headers, and the
 * accounts' passwords, throttle and CSRF tokens in the partner realm
 * (portal-realm.ts).
 */

/** Each section's routes: the door and the links, then the menu's (core/views/partner-portal.ts). */
const SECTION_ROUTES: readonly PortalSectionRoutes[] = [
  signInRoutes,
  signUpRoutes,
  dashboardRoutes,
  widgetRoutes,
  keysRoutes,
  postbackRoutes,
  statementRoutes,
  accountRoutes,
  docsRoutes,
];

/** The portal's pages in every language: where, and how they are styled and rendered. */
const PAGES: PortalPages<PortalView> = {
  path: "/partner/portal",
  stylesheet: portalStylesheet(),
  render: renderPortalDocument,
};

export function partnerPortalRouter(dependencies: {
  storage: Storage;
  messenger: Messenger;
  site: Pick<SiteSettings, "origin" | "partnerProgramme">;
  limits: RateLimitStore;
  distDir: string | undefined;
  log: Logger;
  now: () => Date;
  /** Where partners' postbacks may go: https to public addresses unless given (start.ts). */
  postbackRules?: OutboundRules | undefined;
  /** How long a test postback waits for an answer: the deliveries' 10 seconds unless given. */
  postbackTestTimeoutMs?: number | undefined;
}): Router {
  const { storage, messenger, site, limits, distDir, log, now } = dependencies;
  const router = Router();
  const accounts = signInFlow(PARTNER_REALM, { storage, limits, now });

  // Every language's portal: /partner/portal, /en/partner/portal, /ta/partner/portal.
  portalInEachLanguage(router, PAGES, site.origin, ({ locale, base, send, formFrom }) => {
    const frameOf = (session: PortalSession, partner: Partner | undefined): PortalSignedIn => ({
      csrf: session.csrf,
      approved: partner?.status === "active",
      ...(partner?.status === "active"
        ? { terms: { model: partner.payoutModel, rupees: partner.payoutRupees } }
        : {}),
    });

    /** The signed-in session, or undefined once the visitor was sent to sign in. */
    const signedIn = async (req: Request, res: Response) => {
      const session = await accounts.sessionOf(req);
      if (session?.stage === "signed_in") return session;
      res.redirect(303, base);
      return undefined;
    };
    const signedInRequest = async (session: PortalSession) => {
      const partner = await partnerOfAccount(storage, session.account);
      return { session, partner, frame: frameOf(session, partner) };
    };
    /** An approved partner's request, or undefined once sent to the portal's home. */
    const approved = (
      request: Awaited<ReturnType<typeof signedInRequest>>,
      res: Response,
    ): PortalPartnerRequest | undefined => {
      const { partner } = request;
      if (partner?.status === "active") return { ...request, partner };
      res.redirect(303, base);
      return undefined;
    };
    const signedInForm = async (req: Request, res: Response) => {
      const form = await formFrom(req, res);
      if (!form) return undefined;
      const session = await accounts.sessionOf(req);
      if (session?.stage !== "signed_in" || !csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, 403, { page: "refused" });
        return undefined;
      }
      return { ...(await signedInRequest(session)), form };
    };
    const portal: PortalSectionContext = {
      locale,
      base,
      storage,
      site,
      distDir,
      log,
      messenger,
      now,
      postbackRules: dependencies.postbackRules ?? { allowHttp: false },
      postbackTestTimeoutMs: dependencies.postbackTestTimeoutMs ?? 10_000,
      limits,
      accounts,
      send,
      form: formFrom,
      frameOf,
      signedIn: async (req, res) => {
        const session = await signedIn(req, res);
        return session ? signedInRequest(session) : undefined;
      },
      partnerSignedIn: async (req, res) => {
        const session = await signedIn(req, res);
        return session ? approved(await signedInRequest(session), res) : undefined;
      },
      signedInForm,
      partnerForm: async (req, res) => {
        const request = await signedInForm(req, res);
        if (!request) return undefined;
        const partnerRequest = approved(request, res);
        return partnerRequest ? { ...partnerRequest, form: request.form } : undefined;
      },
    };
    for (const routes of SECTION_ROUTES) routes(router, portal);
  });
  return router;
}
