import type { Request, Response, Router } from "express";
import type { Locale } from "../../core/locale";
import type {
  LenderCapability,
  LenderPortalView,
  LenderSignedIn,
} from "../../core/views/lender-portal";
import type { SiteSettings } from "../../core/views/site-contract";
import type { AccountSession } from "../accounts/sessions";
import type { SignInFlow } from "../accounts/sign-in";
import type { RateLimitStore } from "../http/rate-limit";
import type { Storage } from "../storage/database";
import type { DecisionNetwork } from "./decision-network";
import type { LenderAccount } from "./lender-accounts";
import type { LenderDaysCounter } from "./lender-portal-stats";

export type LenderSession = AccountSession<LenderAccount>;

/**
 * What lender-portal-routes.ts gives each section's routes
 * (lender-portal-*-section.ts), once per language: the portal's checks done
 * one way for every page. Every helper that answers undefined has already
 * answered the request.
 */
export interface LenderPortalContext {
  locale: Locale;
  /** /lender/portal/, /en/lender/portal/ or /ta/lender/portal/. */
  base: string;
  storage: Storage;
  limits: RateLimitStore;
  decisions: DecisionNetwork;
  /** Where pending lenders call back (the test application's callbackUrl). */
  callbackUrl: () => string;
  now: () => Date;
  /** Who bills, on an invoice's PDF: the site's origin and contact. */
  site: Pick<SiteSettings, "origin" | "contact" | "contactEmail">;
  /** A lender's figures by Colombo day (the funnel's, handed in by server/app.ts). */
  lenderDays: LenderDaysCounter;
  /** The lender realm's sign-in flow and sessions (accounts/sign-in.ts). */
  accounts: SignInFlow<LenderAccount>;
  send(req: Request, res: Response, status: number, view: LenderPortalView): void;
  /** What every signed-in page carries: its CSRF token and the member's role. */
  frame(session: LenderSession): LenderSignedIn;
  /** A POST's form, from one of our pages; else refused. */
  form(req: Request, res: Response): Promise<Record<string, unknown> | undefined>;
  /**
   * A member signed in with both factors; one without the second factor
   * yet is sent to turn it on, anyone else to sign in.
   */
  member(req: Request, res: Response): Promise<LenderSession | undefined>;
  /** `member`, whose role can do this; any other member is refused (403). */
  memberWhoCan(
    req: Request,
    res: Response,
    can: LenderCapability,
  ): Promise<LenderSession | undefined>;
  /**
   * A POST with the session's CSRF token, from a signed-in session: with
   * both factors if `full`, else with or without the second; else refused.
   */
  signedInForm(
    req: Request,
    res: Response,
    full: boolean,
  ): Promise<{ session: LenderSession; form: Record<string, unknown> } | undefined>;
  /** `signedInForm` with both factors, from a member whose role can do this; else refused. */
  formWhoCan(
    req: Request,
    res: Response,
    can: LenderCapability,
  ): Promise<{ session: LenderSession; form: Record<string, unknown> } | undefined>;
}

/** A section's routes: registered on the portal's router once per language. */
export type LenderPortalSection = (router: Router, portal: LenderPortalContext) => void;
