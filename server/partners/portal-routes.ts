import { createHash } from "node:crypto";
import { type Request, type Response, Router } from "express";
import { cookieValue } from "../../core/cookies";
import { addDays, colomboToday } from "../../core/dates";
import { ALL_LOCALES, type Locale, localizePath } from "../../core/locale";
import type { PortalSignedIn, PortalView } from "../../core/partner-portal";
import { portalBase, portalStylesheet, renderPortalDocument } from "../../site/server";
import { clientAddressOf } from "../http/client-address";
import { secureCookies, serializeCookie } from "../http/cookies";
import type { OutboundRules } from "../http/outbound";
import { type RateLimitStore, rateLimitCheck } from "../http/rate-limit";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import {
  BACK_OFFICE_POLICY,
  formOf,
  fromOurPages,
  privatePageHeaders,
  refusedFormStatus,
} from "../staff/gate";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "../staff/passwords";
import { csrfTokenMatches, csrfTokenOf, SECOND_FACTOR_MS } from "../staff/sessions";
import {
  accountKey,
  clearFailures,
  countFailure,
  secondFactorKey,
  signInWait,
} from "../staff/sign-in-throttle";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../staff/totp";
import type { Storage } from "../storage/database";
import type { PayoutMethod } from "../storage/schema";
import type { Partner } from "./partners";
import { spendPortalRecoveryCode } from "./portal-account";
import { accountRoutes } from "./portal-account-section";
import {
  accountOfLink,
  accountSigningIn,
  confirmPortalTotp,
  endPortalSession,
  LINK_HOURS,
  livePortalSession,
  PORTAL_SESSION_ABSOLUTE_MS,
  type PortalSession,
  partnerOfAccount,
  passwordLinkOf,
  pendingPortalTotpSecret,
  requestReset,
  setPasswordByLink,
  signUp,
  spendPortalTotpStep,
  startPortalSession,
  verifyEmail,
} from "./portal-accounts";
import { checkSignUp, text } from "./portal-checks";
import type {
  PortalPartnerRequest,
  PortalSectionContext,
  PortalSectionRoutes,
} from "./portal-context";
import { dashboardRoutes } from "./portal-dashboard-section";
import { docsRoutes } from "./portal-docs-section";
import { keysRoutes } from "./portal-keys-section";
import { postbackRoutes } from "./portal-postback-section";
import { statementRoutes } from "./portal-statement-section";
import { portalStats } from "./portal-stats";
import { widgetRoutes } from "./portal-widget-section";

/**
 * The partner portal's accounts (issue 18, decisions 0211–0214): sign-up,
 * e-mail verification, sign-in and sign-out, and the portal's home page, at
 * /partner/portal/ (Sinhala), /en/partner/portal/ (English) and /ta/partner/portal/
 * (Tamil). Pages are
 * rendered on the server with no script (site/portal/render.tsx), with the
 * back office's headers, password rules, throttle and CSRF tokens.
 */
export const PORTAL_SESSION_COOKIE = "partner_session";

/** Sign-ups per address per hour, and sign-in attempts per address per 15 minutes. */
export const PORTAL_SIGN_UP_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 };
export const PORTAL_SIGN_IN_PER_ADDRESS = { limit: 50, windowMs: 15 * 60 * 1000 };
/** Password reset links asked for per address per hour. */
export const PORTAL_RESET_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 };

const LOCALES: readonly Locale[] = ALL_LOCALES;

/** Each section's routes, in the menu's order (core/partner-portal.ts PORTAL_SECTIONS). */
const SECTION_ROUTES: readonly PortalSectionRoutes[] = [
  dashboardRoutes,
  widgetRoutes,
  keysRoutes,
  postbackRoutes,
  statementRoutes,
  accountRoutes,
  docsRoutes,
];

export function partnerPortalRouter(dependencies: {
  storage: Storage;
  messenger: Messenger;
  site: { readonly origin: string };
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
  const postbackRules = dependencies.postbackRules ?? { allowHttp: false };
  const postbackTestTimeoutMs = dependencies.postbackTestTimeoutMs ?? 10_000;
  const router = Router();
  const styleHash = createHash("sha256").update(portalStylesheet()).digest("base64");
  const policy = BACK_OFFICE_POLICY.replace(/style-src '[^']*'/, `style-src 'sha256-${styleHash}'`);

  // Every language's portal: /partner/portal, /en/partner/portal, /ta/partner/portal.
  router.use(
    LOCALES.map((locale) => localizePath(locale, "/partner/portal")),
    privatePageHeaders(policy),
  );

  const send = (req: Request, res: Response, locale: Locale, status: number, view: PortalView) => {
    res
      .status(status)
      .type("html")
      .send(renderPortalDocument(locale, view, req.path));
  };

  const cookie = (req: Request, value: string, maxAgeSeconds: number) =>
    serializeCookie(PORTAL_SESSION_COOKIE, value, {
      maxAgeSeconds,
      httpOnly: true,
      secure: secureCookies(req),
      // Every language's portal (/partner/portal/, /en/…, /ta/…) shares the session.
      path: "/",
      sameSite: "Strict",
    });

  /** A new session for the account, in place of whatever session the browser had. */
  const startSession = async (
    req: Request,
    res: Response,
    accountId: string,
    stage: "signed_in" | "second_factor",
  ) => {
    const previous = cookieValue(req.headers.cookie, PORTAL_SESSION_COOKIE);
    if (previous) await endPortalSession(storage, previous);
    const token = await startPortalSession(storage, accountId, now(), stage);
    const lifetime = stage === "signed_in" ? PORTAL_SESSION_ABSOLUTE_MS : SECOND_FACTOR_MS;
    res.append("Set-Cookie", cookie(req, token, lifetime / 1000));
  };

  const sessionOf = (req: Request) =>
    livePortalSession(storage, cookieValue(req.headers.cookie, PORTAL_SESSION_COOKIE), now());

  const perAddress = (
    name: string,
    rule: { limit: number; windowMs: number },
    onLimited: (req: Request, res: Response) => void,
  ) =>
    rateLimitCheck({
      store: limits,
      name,
      rules: [{ ...rule, keyOf: (req) => `ip:${clientAddressOf(req)}` }],
      now: () => now().getTime(),
      onLimited,
    });

  for (const locale of LOCALES) {
    const base = portalBase(locale);
    const signUpLimit = perAddress("partner sign-up", PORTAL_SIGN_UP_PER_ADDRESS, (req, res) =>
      send(req, res, locale, 429, {
        page: "sign-up",
        form: checkSignUp(req.body ?? {}).typed,
        problems: {},
        busy: true,
      }),
    );
    const signInLimit = perAddress("partner sign-in", PORTAL_SIGN_IN_PER_ADDRESS, (req, res) =>
      send(req, res, locale, 429, {
        page: "sign-in",
        email: text(req.body?.email, 254),
        problem: "busy",
      }),
    );

    /** A POST's form, from one of our pages; undefined once a refusal was sent. */
    const formFrom = async (req: Request, res: Response) => {
      let form: Record<string, unknown>;
      try {
        form = await formOf(req, res);
      } catch (error) {
        const status = refusedFormStatus(error);
        if (status === undefined) throw error;
        send(req, res, locale, status, { page: "refused" });
        return undefined;
      }
      if (!fromOurPages(req, site.origin)) {
        send(req, res, locale, 403, { page: "refused" });
        return undefined;
      }
      return form;
    };

    const frameOf = (session: PortalSession, partner: Partner | undefined): PortalSignedIn => ({
      csrf: csrfTokenOf(session.token),
      approved: partner?.status === "active",
    });

    /** The last 30 Colombo days, today included, as the dashboard counts them. */
    const recentFigures = async (partnerId: string) => {
      const today = colomboToday(now());
      const { totals } = await portalStats(storage, partnerId, addDays(today, -29), today);
      return { leads: totals.leads, earnings: totals.earnings };
    };

    const homeView = async (session: PortalSession): Promise<PortalView> => {
      const partner = await partnerOfAccount(storage, session.account);
      return {
        page: "home",
        ...frameOf(session, partner),
        partnerId: partner?.id ?? null,
        status: partner?.disabledAt ? "disabled" : (partner?.status ?? "unverified"),
        publishableKey: partner?.publishableKey ?? null,
        twoFactor: session.account.totp_secret !== null,
        recent: partner?.status === "active" ? await recentFigures(partner.id) : undefined,
      };
    };

    router.get(base, async (req, res) => {
      // Routing is not strict: the address without its slash must go to the one with it.
      if (!req.path.endsWith("/")) {
        res.redirect(301, base);
        return;
      }
      const session = await sessionOf(req);
      if (session?.stage === "signed_in") {
        send(req, res, locale, 200, await homeView(session));
        return;
      }
      const notice = req.query.notice;
      send(req, res, locale, 200, {
        page: "sign-in",
        email: "",
        notice:
          notice === "signed_out" ||
          notice === "verified" ||
          notice === "password_set" ||
          notice === "code_tries"
            ? notice
            : undefined,
      });
    });

    router.post(`${base}sign-in/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form || !(await signInLimit(req, res))) return;
      const email = text(form.email, 254).trim();
      const password = text(form.password, PASSWORD_MAX_LENGTH * 4);
      const at = now();
      const key = `partner-${accountKey(email, await storage.keys.hashKey())}`;
      const wait = await signInWait(storage, key, at);
      if (wait > 0) {
        res.setHeader("Retry-After", String(Math.ceil(wait / 1000)));
        send(req, res, locale, 429, { page: "sign-in", email, problem: "wait" });
        return;
      }
      const account = await accountSigningIn(storage, email, password);
      if (!account) {
        await countFailure(storage, key, at);
        send(req, res, locale, 401, { page: "sign-in", email, problem: "mismatch" });
        return;
      }
      await clearFailures(storage, key);
      if (account.totp_secret) {
        await startSession(req, res, account.id, "second_factor");
        res.redirect(303, `${base}sign-in/code/`);
        return;
      }
      await startSession(req, res, account.id, "signed_in");
      res.redirect(303, base);
    });

    /** The session waiting for its code, or undefined once the visitor was sent on. */
    const halfSignedIn = async (req: Request, res: Response) => {
      const session = await sessionOf(req);
      if (session?.stage === "second_factor") return session;
      res.redirect(303, base);
      return undefined;
    };

    router.get(`${base}sign-in/code/`, async (req, res) => {
      const session = await halfSignedIn(req, res);
      if (!session) return;
      send(req, res, locale, 200, { page: "sign-in-code", csrf: csrfTokenOf(session.token) });
    });

    router.post(`${base}sign-in/code/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const session = await halfSignedIn(req, res);
      if (!session) return;
      const csrf = csrfTokenOf(session.token);
      if (!csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, locale, 403, { page: "refused" });
        return;
      }
      const { account } = session;
      const at = now();
      const key = `partner-${secondFactorKey(account.id)}`;
      if ((await signInWait(storage, key, at)) > 0) {
        send(req, res, locale, 429, { page: "sign-in-code", csrf, problem: "wait" });
        return;
      }
      const code = text(form.code, 20).replace(/\s/g, "");
      const step = account.totp_secret
        ? acceptedTotpStep(account.totp_secret, code, at, account.totp_last_step)
        : undefined;
      // Six digits are the app's code; anything else may be a recovery code, good once (0253).
      const accepted = /^\d{6}$/.test(code)
        ? step !== undefined && (await spendPortalTotpStep(storage, account.id, step))
        : await spendPortalRecoveryCode(storage, account.id, code, at);
      if (accepted) {
        await clearFailures(storage, key);
        await startSession(req, res, account.id, "signed_in");
        res.redirect(303, base);
        return;
      }
      await countFailure(storage, key, at);
      if ((await signInWait(storage, key, at)) > 0) {
        await endPortalSession(storage, session.token);
        res.append("Set-Cookie", cookie(req, "", 0));
        res.redirect(303, `${base}?notice=code_tries`);
        return;
      }
      send(req, res, locale, 401, { page: "sign-in-code", csrf, problem: "wrong" });
    });

    /** The signed-in session, or undefined once the visitor was sent to sign in. */
    const signedIn = async (req: Request, res: Response) => {
      const session = await sessionOf(req);
      if (session?.stage === "signed_in") return session;
      res.redirect(303, base);
      return undefined;
    };

    const twoFactorView = async (session: PortalSession, wrong = false): Promise<PortalView> => {
      const { account } = session;
      const frame = frameOf(session, await partnerOfAccount(storage, account));
      if (account.totp_secret) return { page: "two-factor", ...frame, state: { on: true } };
      const secret = await pendingPortalTotpSecret(storage, account);
      return {
        page: "two-factor",
        ...frame,
        state: {
          on: false,
          secret: groupedSecret(secret),
          qr: qrRows(totpUri(secret, account.email)),
          ...(wrong ? { wrong } : {}),
        },
      };
    };

    router.get(`${base}two-factor/`, async (req, res) => {
      const session = await signedIn(req, res);
      if (!session) return;
      send(req, res, locale, 200, await twoFactorView(session));
    });

    router.post(`${base}two-factor/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const session = await signedIn(req, res);
      if (!session) return;
      if (!csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, locale, 403, { page: "refused" });
        return;
      }
      const { account } = session;
      const pending = account.totp_pending_secret;
      const at = now();
      const step =
        pending && !account.totp_secret
          ? acceptedTotpStep(pending, text(form.code, 20).replace(/\s/g, ""), at, null)
          : undefined;
      if (step === undefined) {
        send(req, res, locale, 400, await twoFactorView(session, true));
        return;
      }
      await confirmPortalTotp(storage, account, step, at);
      res.redirect(303, base);
    });

    router.get(`${base}sign-up/`, (req, res) => {
      send(req, res, locale, 200, {
        page: "sign-up",
        form: checkSignUp({}).typed,
        problems: {},
      });
    });

    router.post(`${base}sign-up/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form || !(await signUpLimit(req, res))) return;
      const { typed, password, problems } = checkSignUp(form);
      if (Object.keys(problems).length > 0) {
        send(req, res, locale, 400, { page: "sign-up", form: typed, problems });
        return;
      }
      const token = await signUp(
        storage,
        {
          kind: typed.kind as "company" | "person",
          name: typed.name,
          email: typed.email,
          password,
          website: typed.website,
          trafficSources: typed.trafficSources,
          countries: typed.countries,
          payoutMethod: typed.payoutMethod as PayoutMethod,
          payoutDetails: typed.payoutDetails,
          locale,
        },
        now(),
      );
      if (token) {
        const link = `${site.origin}${base}verify/?token=${token}`;
        // A failure is logged by the messenger; the page says the same either way.
        await messenger
          .partnerAccountLink(typed.email, "verify", link, LINK_HOURS, locale)
          .catch(() => {});
      }
      // The same answer whether the address had an account already: no enumeration.
      res.redirect(303, `${base}sign-up/sent/`);
    });

    router.get(`${base}sign-up/sent/`, (req, res) => {
      send(req, res, locale, 200, { page: "check-email" });
    });

    router.get(`${base}verify/`, async (req, res) => {
      const token = text(req.query.token, 100);
      const account = await accountOfLink(storage, token, "verify", now());
      send(
        req,
        res,
        locale,
        account ? 200 : 410,
        account ? { page: "verify", token } : { page: "link-invalid" },
      );
    });

    router.post(`${base}verify/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const account = await verifyEmail(storage, text(form.token, 100), now());
      if (!account) {
        send(req, res, locale, 410, { page: "link-invalid" });
        return;
      }
      res.redirect(303, `${base}?notice=verified`);
    });

    const forgotLimit = perAddress("partner reset", PORTAL_RESET_PER_ADDRESS, (req, res) =>
      send(req, res, locale, 429, {
        page: "forgot",
        email: text(req.body?.email, 254),
        busy: true,
      }),
    );

    router.get(`${base}forgot/`, (req, res) => {
      send(req, res, locale, 200, { page: "forgot", email: "" });
    });

    router.post(`${base}forgot/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form || !(await forgotLimit(req, res))) return;
      const reset = await requestReset(storage, text(form.email, 254), now());
      if (reset) {
        const link = `${site.origin}${base}password/?token=${reset.token}`;
        await messenger
          .partnerAccountLink(reset.account.email, "reset", link, LINK_HOURS, locale)
          .catch(() => {});
      }
      // The same answer whether or not the address has an account: no enumeration.
      res.redirect(303, `${base}forgot/sent/`);
    });

    router.get(`${base}forgot/sent/`, (req, res) => {
      send(req, res, locale, 200, { page: "forgot-sent" });
    });

    router.get(`${base}password/`, async (req, res) => {
      const token = text(req.query.token, 100);
      const found = await passwordLinkOf(storage, token, now());
      send(
        req,
        res,
        locale,
        found ? 200 : 410,
        found ? { page: "set-password", token, purpose: found.purpose } : { page: "link-invalid" },
      );
    });

    router.post(`${base}password/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const token = text(form.token, 100);
      const found = await passwordLinkOf(storage, token, now());
      if (!found) {
        send(req, res, locale, 410, { page: "link-invalid" });
        return;
      }
      const password = text(form.password, PASSWORD_MAX_LENGTH * 4);
      const problem =
        passwordProblem(password, found.account.email) ??
        (password === text(form.confirm, PASSWORD_MAX_LENGTH * 4) ? undefined : "mismatch") ??
        (found.purpose === "claim" && form.terms !== "yes" ? "terms" : undefined);
      if (problem) {
        send(req, res, locale, 400, {
          page: "set-password",
          token,
          purpose: found.purpose,
          problem,
        });
        return;
      }
      const account = await setPasswordByLink(storage, token, password, now());
      if (!account) {
        send(req, res, locale, 410, { page: "link-invalid" });
        return;
      }
      res.append("Set-Cookie", cookie(req, "", 0));
      res.redirect(303, `${base}?notice=password_set`);
    });

    router.post(`${base}sign-out`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const session = await sessionOf(req);
      if (!session || !csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, locale, 403, { page: "refused" });
        return;
      }
      await endPortalSession(storage, session.token);
      res.append("Set-Cookie", cookie(req, "", 0));
      res.redirect(303, `${base}?notice=signed_out`);
    });

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
      const session = await sessionOf(req);
      if (session?.stage !== "signed_in" || !csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, locale, 403, { page: "refused" });
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
      postbackRules,
      postbackTestTimeoutMs,
      limits,
      send: (req, res, status, view) => send(req, res, locale, status, view),
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

    // The rest of the portal: its own 404 page, in its language.
    router.use(base, (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
        next();
        return;
      }
      send(req, res, locale, 404, { page: "not-found" });
    });
  }
  return router;
}
