import { type Request, type Response, Router } from "express";
import type { SignInNotice, SignInView } from "../../core/views/back-office";
import { csrfTokenMatches } from "../accounts/csrf";
import { passwordProblem } from "../accounts/passwords";
import { passwordText, type SignInFlow, signInFlow, text } from "../accounts/sign-in";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../accounts/totp";
import type { RateLimitStore } from "../http/rate-limit";
import { twoFactorRequired } from "./access";
import { recordAudit } from "./audit";
import { type BackOffice, safeNext } from "./gate";
import { endEverySession, type StaffSession } from "./sessions";
import { completeEnrolment, enrolmentOf, type StaffRow, staffById } from "./staff";
import { STAFF_REALM, selfActor } from "./staff-realm";
import { confirmTotp, pendingTotpSecret, recoveryCodesLeft } from "./two-factor";

/**
 * Signing in and out of the back office, one-time links, and a member's own
 * account (issue 16; decisions 0131–0133). Sign-in takes the e-mail and
 * password, then, for a member with two-step sign-in, a code in a second
 * step; failures are slowed down per account, per trusted browser and per
 * address without a lockout a stranger can cause (sign-in-throttle.ts), and
 * every failure reads the same whatever was wrong.
 */

const NOTICES: readonly SignInNotice[] = ["signed_out", "ended", "everywhere", "enrolled"];

export function signInRouter(backOffice: BackOffice, limits: RateLimitStore): Router {
  const router = Router();
  const { storage, now } = backOffice;
  const flow = signInFlow(STAFF_REALM, { storage, limits, now });
  signInSection(router, backOffice, flow);
  accountSection(router, backOffice, flow);
  return router;
}

type StaffFlow = SignInFlow<StaffRow>;

/** Signing in (both steps), a one-time link's page, signing out. */
function signInSection(router: Router, backOffice: BackOffice, flow: StaffFlow): void {
  const { storage, now, send } = backOffice;

  /** Signed in: to the page asked for, else the back office's home. */
  const signedIn = (res: Response, next?: string) => res.redirect(303, next ?? "/admin/");

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
    const next = safeNext(form.next);
    const refuse = (status: number, problem: SignInView["problem"], waitMs = 0) =>
      send(res, status, {
        page: "sign-in",
        email,
        next,
        problem,
        ...(waitMs > 0 ? { waitSeconds: Math.ceil(waitMs / 1000) } : {}),
      });
    const outcome = await flow.password(
      req,
      res,
      { email, password: passwordText(form.password) },
      (_req, res, seconds) =>
        send(res, 429, { page: "sign-in", email, next, problem: "busy", waitSeconds: seconds }),
    );
    if (outcome.kind === "wait") refuse(429, "wait", outcome.waitMs);
    else if (outcome.kind === "mismatch") refuse(401, "mismatch");
    else if (outcome.kind === "second_factor") {
      res.redirect(303, `/admin/sign-in/code/${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    } else if (outcome.kind === "signed_in") signedIn(res, next);
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
    const outcome = await flow.code(req, res, session, form.code);
    if (outcome.kind === "signed_in") signedIn(res, next);
    else if (outcome.kind === "wait") {
      const waitSeconds = Math.ceil(outcome.waitMs / 1000);
      send(res, 429, {
        page: "sign-in-code",
        csrf: session.csrf,
        next,
        problem: "wait",
        waitSeconds,
      });
    } else if (outcome.kind === "ended") {
      send(res, 401, { page: "sign-in", email: session.staff.email, problem: "code_tries" });
    } else {
      const { triesLeft } = outcome;
      send(res, 401, {
        page: "sign-in-code",
        csrf: session.csrf,
        next,
        problem: "wrong",
        triesLeft,
      });
    }
  });

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
    const password = passwordText(form.password);
    const staff = await enrolmentOf(storage, token, now());
    if (!staff) {
      send(res, 410, { page: "enrol-invalid" });
      return;
    }
    const problem =
      passwordProblem(password, staff.email) ??
      (password === passwordText(form.confirm) ? undefined : "mismatch");
    if (problem) {
      send(res, 400, { page: "enrol", email: staff.email, token, problem });
      return;
    }
    const enrolled = await completeEnrolment(storage, token, password, now());
    if (!enrolled) {
      send(res, 410, { page: "enrol-invalid" });
      return;
    }
    await flow.startSession(req, res, enrolled, "signed_in");
    signedIn(res, "/admin/account/two-factor/");
  });

  backOffice.route(router, "POST /admin/sign-out", async (req, res, { session }) => {
    await flow.endSession(req, res, session);
    res.redirect(303, "/admin/sign-in/?notice=signed_out");
  });
}

/** A member's own account: its page, signing out everywhere, the second factor. */
function accountSection(router: Router, backOffice: BackOffice, flow: StaffFlow): void {
  const { storage, now, send } = backOffice;

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
        selfActor(staff),
        { action: "staff.sign_out_everywhere", subject: `staff:${staff.id}`, after: { ended } },
        now(),
      );
      flow.clearCookie(req, res);
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
}
