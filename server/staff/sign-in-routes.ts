import { type Request, type Response, Router } from "express";
import type { SignInNotice, SignInView } from "../../core/back-office";
import { cookieValue } from "../../core/cookies";
import { clientAddressOf } from "../http/client-address";
import { type RateLimitStore, rateLimitCheck } from "../http/rate-limit";
import { twoFactorRequired } from "./access";
import { recordAudit } from "./audit";
import { type BackOffice, DEVICE_COOKIE, SESSION_COOKIE, safeNext } from "./gate";
import { checkPassword, PASSWORD_MAX_LENGTH, passwordProblem } from "./passwords";
import {
  countWrongCode,
  csrfTokenMatches,
  endEverySession,
  endSession,
  type StaffSession,
  startSession,
} from "./sessions";
import {
  accountKey,
  clearFailures,
  countFailure,
  deviceKey,
  newDeviceCookie,
  secondFactorKey,
  signInWait,
  trustedDeviceOf,
} from "./sign-in-throttle";
import {
  completeEnrolment,
  confirmTotp,
  enrolmentOf,
  pendingTotpSecret,
  recoveryCodesLeft,
  spendRecoveryCode,
  spendTotpStep,
  staffByEmail,
  staffById,
} from "./staff";
import { acceptedTotpStep, groupedSecret, normalizedRecoveryCode, qrRows, totpUri } from "./totp";

/**
 * Signing in and out of the back office, one-time links, and a member's own
 * account (issue 16; decisions 0131–0133). Sign-in takes the e-mail and
 * password, then, for a member with two-step sign-in, a code in a second
 * step; failures are slowed down per account, per trusted browser and per
 * address without a lockout a stranger can cause (sign-in-throttle.ts), and
 * every failure reads the same whatever was wrong.
 */

/** Attempts per address in 15 minutes from browsers not trusted for the account (0133). */
export const SIGN_IN_PER_ADDRESS = { limit: 50, windowMs: 15 * 60 * 1000 };

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

const NOTICES: readonly SignInNotice[] = ["signed_out", "ended", "everywhere", "enrolled"];

export function signInRouter(backOffice: BackOffice, limits: RateLimitStore): Router {
  const router = Router();
  const { storage, now, send } = backOffice;
  const perAddress = rateLimitCheck({
    store: limits,
    name: "staff sign-in",
    rules: [{ ...SIGN_IN_PER_ADDRESS, keyOf: (req) => `ip:${clientAddressOf(req)}` }],
    now: () => now().getTime(),
    onLimited: (req, res, seconds) =>
      send(res, 429, {
        page: "sign-in",
        email: text(req.body?.email, 254),
        next: safeNext(req.body?.next),
        problem: "busy",
        waitSeconds: seconds,
      }),
  });

  /** Whatever session the browser had ends when it signs in anew: one session per sign-in. */
  const endPreviousSession = async (req: Request) => {
    const previous = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (previous) await endSession(storage, previous);
  };

  /** A signed-in session, with its cookie, the browser trusted for the member from now on. */
  const signIn = async (req: Request, res: Response, staffId: string, next?: string) => {
    await endPreviousSession(req);
    const token = await startSession(storage, staffId, "signed_in", now());
    backOffice.startSessionCookie(req, res, token, true);
    backOffice.trustBrowser(req, res, newDeviceCookie(staffId, await storage.keys.hashKey()));
    res.redirect(303, next ?? "/admin/");
  };

  backOffice.open(router, "GET /admin/sign-in/", async (req, res) => {
    const session = await backOffice.sessionOf(req);
    if (session?.stage === "signed_in") {
      res.redirect(303, "/admin/");
      return;
    }
    const notice = NOTICES.find((known) => known === req.query.notice);
    send(res, 200, { page: "sign-in", email: "", next: safeNext(req.query.next), notice });
  });

  backOffice.open(router, "POST /admin/sign-in/", async (req, res, form) => {
    const email = text(form.email, 254);
    const password = text(form.password, PASSWORD_MAX_LENGTH * 4);
    const next = safeNext(form.next);
    const at = now();
    const refuse = (status: number, problem: SignInView["problem"], waitMs = 0) =>
      send(res, status, {
        page: "sign-in",
        email,
        next,
        problem,
        ...(waitMs > 0 ? { waitSeconds: Math.ceil(waitMs / 1000) } : {}),
      });
    const key = await storage.keys.hashKey();
    const staff = await staffByEmail(storage, email);
    const device =
      staff && trustedDeviceOf(cookieValue(req.headers.cookie, DEVICE_COOKIE), staff.id, key);
    // A trusted browser counts its own failures and skips the address's limit (0133).
    if (!device && !(await perAddress(req, res))) return;
    const failures = device ? deviceKey(device) : accountKey(email, key);
    const wait = await signInWait(storage, failures, at);
    if (wait > 0) {
      refuse(429, "wait", wait);
      return;
    }
    // Always one argon2 verification, an account or not: the same time either way.
    const matches = await checkPassword(staff?.password_hash ?? null, password);
    if (!staff || !matches || staff.disabled_at) {
      await countFailure(storage, failures, at);
      refuse(401, "mismatch");
      return;
    }
    await clearFailures(storage, failures);
    if (staff.totp_enabled_at) {
      await endPreviousSession(req);
      const token = await startSession(storage, staff.id, "second_factor", at);
      backOffice.startSessionCookie(req, res, token, false);
      res.redirect(303, `/admin/sign-in/code/${next ? `?next=${encodeURIComponent(next)}` : ""}`);
      return;
    }
    await signIn(req, res, staff.id, next);
  });

  const halfSignedIn = async (req: Request, res: Response) => {
    const session = await backOffice.sessionOf(req);
    if (session?.stage === "second_factor") return session;
    res.redirect(303, session ? "/admin/" : "/admin/sign-in/");
    return undefined;
  };

  backOffice.open(router, "GET /admin/sign-in/code/", async (req, res) => {
    const session = await halfSignedIn(req, res);
    if (!session) return;
    send(res, 200, { page: "sign-in-code", csrf: session.csrf, next: safeNext(req.query.next) });
  });

  backOffice.open(router, "POST /admin/sign-in/code/", async (req, res, form) => {
    const session = await halfSignedIn(req, res);
    if (!session) return;
    if (!csrfTokenMatches(session.token, form.csrf)) {
      send(res, 403, { page: "refused" });
      return;
    }
    const next = safeNext(form.next);
    const at = now();
    const { staff } = session;
    const key = secondFactorKey(staff.id);
    const wait = await signInWait(storage, key, at);
    if (wait > 0) {
      send(res, 429, {
        page: "sign-in-code",
        csrf: session.csrf,
        next,
        problem: "wait",
        waitSeconds: Math.ceil(wait / 1000),
      });
      return;
    }
    if (await secondFactorMatches(session, text(form.code, 40))) {
      await clearFailures(storage, key);
      await endSession(storage, session.token);
      await signIn(req, res, staff.id, next);
      return;
    }
    await countFailure(storage, key, at);
    const triesLeft = await countWrongCode(storage, session);
    if (triesLeft === 0) {
      backOffice.endSessionCookie(req, res);
      send(res, 401, { page: "sign-in", email: staff.email, problem: "code_tries" });
      return;
    }
    send(res, 401, {
      page: "sign-in-code",
      csrf: session.csrf,
      next,
      problem: "wrong",
      triesLeft,
    });
  });

  /** A TOTP code not used before, or an unused recovery code. */
  const secondFactorMatches = async (session: StaffSession, code: string) => {
    const { staff } = session;
    const typed = code.replace(/\s/g, "");
    if (/^\d{6}$/.test(typed) && staff.totp_secret) {
      const step = acceptedTotpStep(staff.totp_secret, typed, now(), staff.totp_last_step);
      return step !== undefined && (await spendTotpStep(storage, staff.id, step));
    }
    return normalizedRecoveryCode(code) !== undefined
      ? spendRecoveryCode(storage, staff, code, now())
      : false;
  };

  backOffice.open(router, "GET /admin/enrol/", async (req, res) => {
    const token = text(req.query.token, 100);
    const staff = await enrolmentOf(storage, token, now());
    if (!staff) {
      send(res, 410, { page: "enrol-invalid" });
      return;
    }
    send(res, 200, { page: "enrol", email: staff.email, token });
  });

  backOffice.open(router, "POST /admin/enrol/", async (req, res, form) => {
    const token = text(form.token, 100);
    const password = text(form.password, PASSWORD_MAX_LENGTH * 4);
    const staff = await enrolmentOf(storage, token, now());
    if (!staff) {
      send(res, 410, { page: "enrol-invalid" });
      return;
    }
    const problem =
      passwordProblem(password, staff.email) ??
      (password === text(form.confirm, PASSWORD_MAX_LENGTH * 4) ? undefined : "mismatch");
    if (problem) {
      send(res, 400, { page: "enrol", email: staff.email, token, problem });
      return;
    }
    const enrolled = await completeEnrolment(storage, token, password, now());
    if (!enrolled) {
      send(res, 410, { page: "enrol-invalid" });
      return;
    }
    await signIn(req, res, enrolled.id, "/admin/account/two-factor/");
  });

  backOffice.route(router, "POST /admin/sign-out", async (req, res, { session }) => {
    await endSession(storage, session.token);
    backOffice.endSessionCookie(req, res);
    res.redirect(303, "/admin/sign-in/?notice=signed_out");
  });

  backOffice.route(router, "GET /admin/account/", async (_req, res, { session, viewer }) => {
    const { staff } = session;
    send(
      res,
      200,
      {
        page: "account",
        email: staff.email,
        role: staff.role,
        twoFactorSince: staff.totp_enabled_at,
        recoveryCodesLeft: await recoveryCodesLeft(storage, staff.id),
        createdAt: staff.created_at,
      },
      viewer,
    );
  });

  backOffice.route(
    router,
    "POST /admin/account/sign-out-everywhere",
    async (req, res, { session }) => {
      const { staff } = session;
      const ended = await endEverySession(storage, staff.id);
      await recordAudit(
        storage.db,
        { id: staff.id, label: staff.email },
        { action: "staff.sign_out_everywhere", subject: `staff:${staff.id}`, after: { ended } },
        now(),
      );
      backOffice.endSessionCookie(req, res);
      res.redirect(303, "/admin/sign-in/?notice=everywhere");
    },
  );

  backOffice.route(router, "GET /admin/account/two-factor/", async (_req, res, context) => {
    await twoFactorPage(res, context.session, context.viewer, 200);
  });

  const twoFactorPage = async (
    res: Response,
    session: StaffSession,
    viewer: ReturnType<BackOffice["viewerOf"]>,
    status: number,
    problem?: "wrong",
  ) => {
    const staff = (await staffById(storage, session.staff.id)) ?? session.staff;
    const required = twoFactorRequired(staff.role);
    if (staff.totp_enabled_at) {
      const recoveryCodes = await recoveryCodesLeft(storage, staff.id);
      send(
        res,
        status,
        {
          page: "two-factor",
          required,
          state: { enrolled: true, since: staff.totp_enabled_at, recoveryCodesLeft: recoveryCodes },
        },
        viewer,
      );
      return;
    }
    const secret = await pendingTotpSecret(storage, staff);
    send(
      res,
      status,
      {
        page: "two-factor",
        required,
        state: {
          enrolled: false,
          secret: groupedSecret(secret),
          qr: qrRows(totpUri(secret, staff.email)),
          problem,
        },
      },
      viewer,
    );
  };

  backOffice.route(
    router,
    "POST /admin/account/two-factor/",
    async (_req, res, { session, viewer, form }) => {
      const staff = await staffById(storage, session.staff.id);
      if (!staff || staff.totp_enabled_at || !staff.totp_pending_secret) {
        res.redirect(303, "/admin/account/two-factor/");
        return;
      }
      const at = now();
      const step = acceptedTotpStep(
        staff.totp_pending_secret,
        text(form.code, 20).trim(),
        at,
        null,
      );
      if (step === undefined) {
        await twoFactorPage(res, session, viewer, 400, "wrong");
        return;
      }
      const codes = await confirmTotp(storage, staff, step, at);
      send(res, 200, { page: "recovery-codes", codes }, viewer);
    },
  );

  return router;
}
