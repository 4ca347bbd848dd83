import type { Request, RequestHandler, Response, Router } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import type { BackOfficeView, BackOfficeViewer } from "../../core/views/back-office";
import { backOfficeStylesheet, renderBackOfficeDocument } from "../../site/server";
import { csrfTokenMatches } from "../accounts/csrf";
import { formFromOurPages, privatePageHeaders, signedInPagePolicy } from "../accounts/forms";
import type { Storage } from "../storage/database";
import {
  type BackOfficeRoute,
  BEFORE_TWO_FACTOR,
  mayUse,
  type OpenBackOfficeRoute,
  rolesOf,
  sectionsFor,
  twoFactorRequired,
} from "./access";
import { liveSession, type StaffSession } from "./sessions";
import { SESSION_COOKIE } from "./staff-realm";

/**
 * The back office's door (issue 16): every back-office route goes through
 * `route` (a member's session, their role from access.ts, and for a change
 * its CSRF token and origin) or `open` (sign-in and one-time links: the
 * origin only), and every page through `send` (the headers that keep it
 * out of caches, frames and search engines, and a CSP that runs no script).
 */
/** No script at all; our one inline stylesheet by its hash; forms and images to ourselves only. */
export const BACK_OFFICE_POLICY = signedInPagePolicy(backOfficeStylesheet());

/**
 * The policy of the pages that run a script of our own, served from /admin/ (the funnel's
 * charts, decision 0162; the lender form's live preview, 0142): still no inline script.
 */
export const BACK_OFFICE_SCRIPT_POLICY = BACK_OFFICE_POLICY.replace(
  "default-src 'none'",
  "default-src 'none'; script-src 'self'",
);

/** What a guarded route's handler gets besides the request and response. */
export interface StaffContext {
  session: StaffSession;
  viewer: BackOfficeViewer;
  /** The parsed form of a POST (empty for a GET). */
  form: Record<string, unknown>;
}

export type StaffHandler = (req: Request, res: Response, context: StaffContext) => Promise<void>;

export interface BackOffice {
  readonly storage: Storage;
  now(): Date;
  /** The headers of every answer under /admin; app.ts mounts it before the back-office routers. */
  headers: RequestHandler;
  /** The 404 page for the rest of /admin; app.ts mounts it after them. */
  notFound: RequestHandler;
  /** Registers a route for the roles of its section (access.ts); a route under no section throws. */
  route(router: Router, route: BackOfficeRoute, handler: StaffHandler): void;
  /** The routes registered so far, in order: what the walking test visits. */
  routes(): readonly BackOfficeRoute[];
  /** Registers a route open without a session; a POST's form is parsed and its origin checked. */
  open(
    router: Router,
    route: OpenBackOfficeRoute,
    handler: (req: Request, res: Response, form: Record<string, unknown>) => Promise<void>,
  ): void;
  send(res: Response, status: number, view: BackOfficeView, viewer?: BackOfficeViewer): void;
  /** The request's live session, whatever its stage. */
  sessionOf(req: Request): Promise<StaffSession | undefined>;
  viewerOf(session: StaffSession): BackOfficeViewer;
}

/** A back-office path to return to after signing in; anything else is dropped. */
export function safeNext(value: unknown): string | undefined {
  return typeof value === "string" && /^\/admin\/[a-z0-9/-]*$/.test(value) && !value.includes("//")
    ? value
    : undefined;
}

export function createBackOffice(dependencies: {
  storage: Storage;
  now: () => Date;
  /** Our public origin (PUBLIC_ORIGIN), which a form's Origin header must name; read at each request. */
  site: { readonly origin: string };
}): BackOffice {
  const { storage, now, site } = dependencies;

  const send: BackOffice["send"] = (res, status, view, viewer) => {
    res.status(status).type("html").send(renderBackOfficeDocument(view, viewer));
  };

  const sessionOf = async (req: Request) => {
    const cached = (req as Request & { staffSession?: StaffSession | null }).staffSession;
    if (cached !== undefined) return cached ?? undefined;
    const session = await liveSession(
      storage,
      cookieValue(req.headers.cookie, SESSION_COOKIE),
      now(),
    );
    (req as Request & { staffSession?: StaffSession | null }).staffSession = session ?? null;
    return session;
  };

  const viewerOf = (session: StaffSession): BackOfficeViewer => ({
    email: session.staff.email,
    role: session.staff.role,
    csrf: session.csrf,
    sections: sectionsFor(session.staff.role),
  });

  const signInAddress = (req: Request) => {
    const next = req.method === "GET" ? safeNext(req.path) : undefined;
    const params = new URLSearchParams();
    if (next && next !== "/admin/") params.set("next", next);
    if (cookieValue(req.headers.cookie, SESSION_COOKIE)) params.set("notice", "ended");
    const query = params.toString();
    return `/admin/sign-in/${query ? `?${query}` : ""}`;
  };

  const registered: BackOfficeRoute[] = [];
  const route: BackOffice["route"] = (router, key, handler) => {
    const [method, path] = key.split(" ") as ["GET" | "POST", string];
    if (rolesOf(key).length === 0) throw new Error(`${key} lies under no back-office section`);
    registered.push(key);
    const guarded: RequestHandler = async (req, res) => {
      const session = await sessionOf(req);
      if (!session) {
        res.redirect(303, signInAddress(req));
        return;
      }
      if (session.stage === "second_factor") {
        res.redirect(303, "/admin/sign-in/code/");
        return;
      }
      const { staff } = session;
      const viewer = viewerOf(session);
      if (
        twoFactorRequired(staff.role) &&
        staff.totp_enabled_at === null &&
        !BEFORE_TWO_FACTOR.includes(key)
      ) {
        res.redirect(303, "/admin/account/two-factor/");
        return;
      }
      if (!mayUse(staff.role, key)) {
        send(res, 403, { page: "forbidden" }, viewer);
        return;
      }
      let form: Record<string, unknown> = {};
      if (method === "POST") {
        const posted = await formFromOurPages(req, res, site.origin, (status, page) =>
          send(res, status, { page }, viewer),
        );
        if (!posted) return;
        if (!csrfTokenMatches(session.token, posted.csrf)) {
          send(res, 403, { page: "refused" }, viewer);
          return;
        }
        form = posted;
      }
      await handler(req, res, { session, viewer, form });
    };
    if (method === "GET") router.get(path, guarded);
    else router.post(path, guarded);
  };

  const open: BackOffice["open"] = (router, key, handler) => {
    const [method, path] = key.split(" ") as ["GET" | "POST", string];
    if (method === "GET") {
      router.get(path, (req, res) => handler(req, res, {}));
      return;
    }
    router.post(path, async (req, res) => {
      const form = await formFromOurPages(req, res, site.origin, (status, page) =>
        send(res, status, { page }),
      );
      if (form) await handler(req, res, form);
    });
  };

  return {
    storage,
    now,
    headers: privatePageHeaders(BACK_OFFICE_POLICY),
    notFound(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
        next();
        return;
      }
      send(res, 404, { page: "not-found" });
    },
    route,
    routes: () => registered,
    open,
    send,
    sessionOf,
    viewerOf,
  };
}
