import { createHash } from "node:crypto";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { BackOfficeView, BackOfficeViewer } from "../../core/back-office";
import { cookieValue } from "../../core/cookies";
import { backOfficeStylesheet, renderBackOfficeDocument } from "../../site/server";
import { secureCookies, serializeCookie } from "../http/cookies";
import { nulFieldsOf } from "../http/parse";
import type { Storage } from "../storage/database";
import {
  type BackOfficeRoute,
  BEFORE_TWO_FACTOR,
  mayUse,
  type OpenBackOfficeRoute,
  sectionsFor,
  twoFactorRequired,
} from "./access";
import {
  csrfTokenMatches,
  liveSession,
  SECOND_FACTOR_MS,
  SESSION_ABSOLUTE_MS,
  type StaffSession,
} from "./sessions";

/**
 * The back office's door (issue 16): every back-office route goes through
 * `route` (a member's session, their role from access.ts, and for a change
 * its CSRF token and origin) or `open` (sign-in and one-time links: the
 * origin only), and every page through `send` (the headers that keep it
 * out of caches, frames and search engines, and a CSP that runs no script).
 */
export const SESSION_COOKIE = "admin_session";
export const DEVICE_COOKIE = "admin_device";
const COOKIE_PATH = "/admin";

/** Trusted browsers are remembered half a year (sign-in-throttle.ts). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;

const styleHash = createHash("sha256").update(backOfficeStylesheet()).digest("base64");

/** No script at all; our one inline stylesheet by its hash; forms and images to ourselves only. */
export const BACK_OFFICE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * The policy of the pages that run a script of our own, served from /admin/ (the funnel's
 * charts, decision 0162; the lender form's live preview, 0142): still no inline script.
 */
export const BACK_OFFICE_SCRIPT_POLICY = BACK_OFFICE_POLICY.replace(
  "default-src 'none'",
  "default-src 'none'; script-src 'self'",
);

/**
 * The headers of pages behind a sign-in (the back office, the partner portal): this CSP, no
 * frames, no search engines, no caches.
 */
export function privatePageHeaders(policy: string): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("Content-Security-Policy", policy);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    // One-time links carry their token in the query: it must not leave in a Referer. Not
    // no-referrer: with it, browsers send a form's Origin as "null", which fromOurPages refuses.
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  };
}

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
  /** Registers a route of the table for the roles the table gives it. */
  route(router: Router, route: BackOfficeRoute, handler: StaffHandler): void;
  /** Registers a route open without a session; a POST's form is parsed and its origin checked. */
  open(
    router: Router,
    route: OpenBackOfficeRoute,
    handler: (req: Request, res: Response, form: Record<string, unknown>) => Promise<void>,
  ): void;
  send(res: Response, status: number, view: BackOfficeView, viewer?: BackOfficeViewer): void;
  /** The request's live session, whatever its stage. */
  sessionOf(req: Request): Promise<StaffSession | undefined>;
  startSessionCookie(req: Request, res: Response, token: string, signedIn: boolean): void;
  endSessionCookie(req: Request, res: Response): void;
  /** Marks this browser as one the member signs in with (sign-in-throttle.ts). */
  trustBrowser(req: Request, res: Response, value: string): void;
  viewerOf(session: StaffSession): BackOfficeViewer;
}

/** Forms are small: a bulk moderation sends at most a few hundred ids. */
const parseForm = express.urlencoded({ extended: false, limit: "32kb", parameterLimit: 500 });

/** A file sent with a multipart form (a lender's logo): checked by its bytes where it is used. */
export interface FormFile {
  kind: "file";
  name: string;
  bytes: Uint8Array;
}

/** A multipart form carries at most a logo (200 KB) and its lender's fields. */
const MULTIPART_LIMIT_BYTES = 512 * 1024;
const readMultipart = express.raw({ type: "multipart/form-data", limit: MULTIPART_LIMIT_BYTES });

/** A multipart body as the form: repeated names as lists, files as FormFile (empty ones left out). */
async function multipartForm(req: Request): Promise<Record<string, unknown>> {
  const body = req.body;
  if (!Buffer.isBuffer(body)) return {};
  let data: FormData;
  try {
    // Node's own multipart parser (undici's), through the Fetch API's Request.
    data = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"]) },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw refusedForm("unreadable multipart form");
  }
  const form: Record<string, unknown> = {};
  for (const [name, value] of data.entries()) {
    let entry: unknown = value;
    if (typeof value !== "string") {
      if (value.size === 0) continue;
      entry = { kind: "file", name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
    const before = form[name];
    form[name] =
      before === undefined ? entry : [...(Array.isArray(before) ? before : [before]), entry];
  }
  return form;
}

/** A form the client got wrong: a 400 that refusedFormStatus (and the API's error handler) reads. */
function refusedForm(message: string): Error {
  return Object.assign(new Error(message), { status: 400, expose: true });
}

/** The form, unless a field (a file's name included) holds U+0000 (decision 0340). */
function withoutNul(form: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(nulFieldsOf(form)).length > 0) {
    throw refusedForm("a form field holds a NUL character");
  }
  return form;
}

/**
 * Runs the form parser and resolves with the form (empty when the body is
 * not a form); rejects with a 4xx refusedFormStatus reads for a form too
 * large, unreadable (a multipart type whose body is not one), or with
 * U+0000 in a field.
 */
export function formOf(req: Request, res: Response): Promise<Record<string, unknown>> {
  if (req.is("multipart/form-data")) {
    return new Promise((resolve, reject) => {
      readMultipart(req, res, (error?: unknown) => {
        if (error) reject(error);
        else multipartForm(req).then(withoutNul).then(resolve, reject);
      });
    });
  }
  return new Promise((resolve, reject) => {
    parseForm(req, res, (error?: unknown) => {
      if (error) reject(error);
      else {
        try {
          resolve(withoutNul((req.body ?? {}) as Record<string, unknown>));
        } catch (refused) {
          reject(refused);
        }
      }
    });
  });
}

/** A form the parsers refused (too large, unreadable): its 4xx status, or undefined for anything else. */
export function refusedFormStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Whether a change comes from a page of ours: the Origin header (every
 * browser sends it with a form POST) is our public origin or the request's
 * own; without one, Fetch Metadata must not say cross-site. A client that
 * sends neither is not a browser, and cannot carry a member's
 * SameSite=Strict cookie across sites.
 */
export function fromOurPages(req: Request, siteOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return origin === siteOrigin || origin === `${req.protocol}://${req.headers.host ?? ""}`;
  }
  const site = req.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
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

  const cookie = (req: Request, name: string, value: string, maxAgeSeconds: number) =>
    serializeCookie(name, value, {
      maxAgeSeconds,
      httpOnly: true,
      secure: secureCookies(req),
      path: COOKIE_PATH,
      sameSite: "Strict",
    });

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

  const route: BackOffice["route"] = (router, key, handler) => {
    const [method, path] = key.split(" ") as ["GET" | "POST", string];
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
        try {
          form = await formOf(req, res);
        } catch (error) {
          const status = refusedFormStatus(error);
          if (status === undefined) throw error;
          send(res, status, { page: "invalid" }, viewer);
          return;
        }
        if (!fromOurPages(req, site.origin) || !csrfTokenMatches(session.token, form.csrf)) {
          send(res, 403, { page: "refused" }, viewer);
          return;
        }
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
      let form: Record<string, unknown>;
      try {
        form = await formOf(req, res);
      } catch (error) {
        const status = refusedFormStatus(error);
        if (status === undefined) throw error;
        send(res, status, { page: "invalid" });
        return;
      }
      if (!fromOurPages(req, site.origin)) {
        send(res, 403, { page: "refused" });
        return;
      }
      await handler(req, res, form);
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
    open,
    send,
    sessionOf,
    viewerOf,
    startSessionCookie(req, res, token, signedIn) {
      const lifetime = signedIn ? SESSION_ABSOLUTE_MS : SECOND_FACTOR_MS;
      res.append("Set-Cookie", cookie(req, SESSION_COOKIE, token, lifetime / 1000));
    },
    endSessionCookie(req, res) {
      res.append("Set-Cookie", cookie(req, SESSION_COOKIE, "", 0));
    },
    trustBrowser(req, res, value) {
      res.append("Set-Cookie", cookie(req, DEVICE_COOKIE, value, DEVICE_COOKIE_MAX_AGE_SECONDS));
    },
  };
}
