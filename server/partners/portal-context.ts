import type { Request, Response, Router } from "express";
import type { Locale } from "../../core/locale";
import type { PortalSignedIn, PortalView } from "../../core/views/partner-portal";
import type { SiteSettings } from "../../core/views/site-contract";
import type { SignInFlow } from "../accounts/sign-in";
import type { OutboundRules } from "../http/outbound";
import type { RateLimitStore } from "../http/rate-limit";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import type { Partner } from "./partners";
import type { PartnerAccount } from "./portal-accounts";
import type { PortalSession } from "./portal-realm";

/** A signed-in request: the session, the account's partner if any, and what every page carries. */
export interface PortalSignedInRequest {
  session: PortalSession;
  partner: Partner | undefined;
  frame: PortalSignedIn;
}

/** A signed-in request for a partner-only section: the partner is there and approved. */
export interface PortalPartnerRequest extends PortalSignedInRequest {
  partner: Partner;
}

/**
 * What portal-routes.ts gives each section's routes (portal-*-section.ts),
 * once per language: the portal's checks done one way for every page.
 * Every helper that answers undefined has already answered the request.
 */
export interface PortalSectionContext {
  locale: Locale;
  /** /partner/portal/, /en/partner/portal/ or /ta/partner/portal/. */
  base: string;
  storage: Storage;
  site: Pick<SiteSettings, "origin" | "partnerProgramme">;
  /** The build (dist/), for scripts the portal's pages load; undefined in tests without one. */
  distDir: string | undefined;
  log: Logger;
  /** E-mail to the account (the account page's notices). */
  messenger: Messenger;
  now: () => Date;
  /** Where partners' postbacks may go (start.ts: http too outside production); the test send's. */
  postbackRules: OutboundRules;
  /** How long a test postback waits for the partner's server. */
  postbackTestTimeoutMs: number;
  /** Where per-partner limits count (test postbacks). */
  limits: RateLimitStore;
  /** The partner realm's sign-in flow and sessions (accounts/sign-in.ts). */
  accounts: SignInFlow<PartnerAccount>;
  send(req: Request, res: Response, status: number, view: PortalView): void;
  /** A POST's form, from one of our pages; else refused. */
  form(req: Request, res: Response): Promise<Record<string, unknown> | undefined>;
  /** What every signed-in page carries: its CSRF token, whether the partner is approved. */
  frameOf(session: PortalSession, partner: Partner | undefined): PortalSignedIn;
  /** Signed in (both factors); else sent to sign in. */
  signedIn(req: Request, res: Response): Promise<PortalSignedInRequest | undefined>;
  /** Signed in with an approved partner; else sent to sign in, or to the portal's home. */
  partnerSignedIn(req: Request, res: Response): Promise<PortalPartnerRequest | undefined>;
  /** A POST from one of our pages with the session's CSRF token, signed in; else refused. */
  signedInForm(
    req: Request,
    res: Response,
  ): Promise<(PortalSignedInRequest & { form: Record<string, unknown> }) | undefined>;
  /** As signedInForm, with an approved partner. */
  partnerForm(
    req: Request,
    res: Response,
  ): Promise<(PortalPartnerRequest & { form: Record<string, unknown> }) | undefined>;
}

/** A section's routes: registered on the portal's router once per language. */
export type PortalSectionRoutes = (router: Router, portal: PortalSectionContext) => void;
