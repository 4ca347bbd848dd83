import { type Request, type Response, Router } from "express";
import { ALL_LOCALES, localizePath } from "../../core/locale";
import {
  LENDER_CAPABILITIES,
  type LenderPortalView,
  type LenderSignedIn,
  lenderRoleCan,
  TEST_PROFILES,
  type TestModeView,
  type TestProfile,
} from "../../core/views/lender-portal";
import {
  lenderPortalBase,
  lenderPortalStylesheet,
  renderLenderPortalDocument,
} from "../../site/server";
import { csrfTokenMatches } from "../accounts/csrf";
import { formFromOurPages, privatePageHeaders, signedInPagePolicy } from "../accounts/forms";
import { passwordProblem } from "../accounts/passwords";
import { pendingTotpSecret } from "../accounts/second-factor";
import type { AccountSession } from "../accounts/sessions";
import {
  codeStep,
  passwordStep,
  passwordText,
  signInFlow,
  signOutStep,
  text,
} from "../accounts/sign-in";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../accounts/totp";
import type { RateLimitStore } from "../http/rate-limit";
import type { Storage } from "../storage/database";
import type { DecisionNetwork } from "./decision-network";
import {
  acceptInvitation,
  confirmLenderTotp,
  invitationOf,
  type LenderAccount,
  lenderOfAccount,
} from "./lender-accounts";
import { LENDER_REALM } from "./lender-realm";
import {
  rotateTestSecret,
  saveTestUrl,
  sendTestApplication,
  TestUrlRefused,
  testSettingsOf,
  testUrlRules,
} from "./lender-test-mode";

/**
 * The lender portal (issue 34, decisions 0382–0387) at /lender/portal/
 * (Sinhala), /en/lender/portal/ and /ta/lender/portal/: enrolment from the
 * operator's invitation (a password, then the required second factor and
 * recovery codes), sign-in through the lender realm's flow
 * (accounts/sign-in.ts, with its throttle), sign-out, the home page and
 * test mode. Pages are rendered on the server with no script
 * (site/lender-portal/), every form carries the session's CSRF token, and
 * roles are checked here.
 */
type LenderSession = AccountSession<LenderAccount>;

/** What the sign-in page may say after a redirect (its `?notice=`). */
const SIGN_IN_NOTICES = ["signed_out", "code_tries", "enrolled"] as const;

/** Test applications per lender per minute: each one calls the lender's test URL. */
export const TEST_SENDS_PER_MINUTE = 20;

export function lenderPortalRouter(dependencies: {
  storage: Storage;
  site: { readonly origin: string };
  limits: RateLimitStore;
  decisions: DecisionNetwork;
  /** Where pending lenders call back (the test application's callbackUrl). */
  callbackUrl: () => string;
  now: () => Date;
}): Router {
  const { storage, site, limits, decisions, now } = dependencies;
  const router = Router();
  const accounts = signInFlow(LENDER_REALM, { storage, limits, now });

  router.use(
    ALL_LOCALES.map((locale) => localizePath(locale, "/lender/portal")),
    privatePageHeaders(signedInPagePolicy(lenderPortalStylesheet())),
  );

  for (const locale of ALL_LOCALES) {
    const base = lenderPortalBase(locale);
    const send = (req: Request, res: Response, status: number, view: LenderPortalView) => {
      res
        .status(status)
        .type("html")
        .send(renderLenderPortalDocument(locale, view, req.path));
    };
    const frame = (session: LenderSession): LenderSignedIn => ({
      csrf: session.csrf,
      role: session.account.role,
    });

    /** A POST's form, from one of our pages; undefined once refused. */
    const formFrom = (req: Request, res: Response) =>
      formFromOurPages(req, res, site.origin, (status) =>
        send(req, res, status, { page: "refused" }),
      );

    /**
     * A member signed in with both factors; one without the second factor
     * yet is sent to turn it on, anyone else to sign in.
     */
    const member = async (req: Request, res: Response) => {
      const session = await accounts.sessionOf(req);
      if (session?.stage === "signed_in" && session.account.totp_secret) return session;
      res.redirect(303, session?.stage === "signed_in" ? `${base}two-factor/` : base);
      return undefined;
    };
    /** A POST with the session's CSRF token, from a signed-in session (second factor or not). */
    const signedInForm = async (req: Request, res: Response, full: boolean) => {
      const form = await formFrom(req, res);
      if (!form) return undefined;
      const session = await accounts.sessionOf(req);
      const ready = session?.stage === "signed_in" && (!full || session.account.totp_secret);
      if (!session || !ready || !csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, 403, { page: "refused" });
        return undefined;
      }
      return { session, form };
    };

    router.get(base, async (req, res) => {
      // Routing is not strict: the address without its slash must go to the one with it.
      if (!req.path.endsWith("/")) {
        res.redirect(301, base);
        return;
      }
      const session = await accounts.sessionOf(req);
      if (session?.stage === "signed_in") {
        const signedIn = await member(req, res);
        if (!signedIn) return;
        const { account } = signedIn;
        const lender = await lenderOfAccount(storage, account);
        send(req, res, 200, {
          page: "home",
          ...frame(signedIn),
          lenderId: lender.id,
          lenderName: lender.names[locale] ?? lender.names.en ?? lender.id,
          email: account.email,
          can: LENDER_CAPABILITIES.filter((capability) => lenderRoleCan(account.role, capability)),
        });
        return;
      }
      const notice = SIGN_IN_NOTICES.find((one) => one === req.query.notice);
      send(req, res, 200, { page: "sign-in", email: "", notice });
    });

    router.post(`${base}sign-in/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      await passwordStep(accounts, req, res, form, {
        again: (status, email, problem) =>
          send(req, res, status, { page: "sign-in", email, problem }),
        // Without the second factor yet, signing in leads to turning it on.
        next: { second_factor: `${base}sign-in/code/`, signed_in: `${base}two-factor/` },
      });
    });

    router.get(`${base}sign-in/code/`, async (req, res) => {
      const session = await accounts.sessionOf(req);
      if (session?.stage === "second_factor") {
        send(req, res, 200, { page: "sign-in-code", csrf: session.csrf });
      } else res.redirect(303, base);
    });

    router.post(`${base}sign-in/code/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const session = await accounts.sessionOf(req);
      if (session?.stage !== "second_factor" || !csrfTokenMatches(session.token, form.csrf)) {
        send(req, res, 403, { page: "refused" });
        return;
      }
      await codeStep(accounts, req, res, session, form.code, {
        again: (status, problem) =>
          send(req, res, status, { page: "sign-in-code", csrf: session.csrf, problem }),
        next: base,
        ended: `${base}?notice=code_tries`,
      });
    });

    // The invitation's link: the token in the query (no log line holds a query).
    router.get(`${base}enrol/`, async (req, res) => {
      const token = text(req.query.token, 64);
      const account = await invitationOf(storage, token, now());
      if (!account) send(req, res, 404, { page: "link-invalid" });
      else send(req, res, 200, { page: "enrol", token, email: account.email });
    });

    router.post(`${base}enrol/`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      const token = text(form.token, 64);
      const account = await invitationOf(storage, token, now());
      if (!account) {
        send(req, res, 404, { page: "link-invalid" });
        return;
      }
      const password = passwordText(form.password);
      const problem =
        passwordProblem(password, account.email) ??
        (password === passwordText(form.confirm) ? undefined : "mismatch");
      if (problem) {
        send(req, res, 400, { page: "enrol", token, email: account.email, problem });
        return;
      }
      const enrolled = await acceptInvitation(storage, token, password, now());
      if (!enrolled) {
        send(req, res, 404, { page: "link-invalid" });
        return;
      }
      // Signed in by the link and the password: the second factor is next, and required.
      await accounts.startSession(req, res, enrolled, "signed_in");
      res.redirect(303, `${base}two-factor/`);
    });

    const twoFactorView = async (session: LenderSession, wrong = false) => {
      const secret = await pendingTotpSecret(storage, LENDER_REALM, session.account);
      return {
        page: "two-factor" as const,
        ...frame(session),
        secret: groupedSecret(secret),
        qr: qrRows(totpUri(secret, session.account.email)),
        wrong,
      };
    };

    router.get(`${base}two-factor/`, async (req, res) => {
      const session = await accounts.sessionOf(req);
      if (session?.stage !== "signed_in" || session.account.totp_secret) {
        res.redirect(303, base);
        return;
      }
      send(req, res, 200, await twoFactorView(session));
    });

    router.post(`${base}two-factor/`, async (req, res) => {
      const request = await signedInForm(req, res, false);
      if (!request) return;
      const { account } = request.session;
      if (account.totp_secret) {
        res.redirect(303, base);
        return;
      }
      const at = now();
      const pending = account.totp_pending_secret;
      const typed = text(request.form.code, 20).replace(/\s/g, "");
      const step = pending ? acceptedTotpStep(pending, typed, at, null) : undefined;
      const codes =
        step === undefined ? undefined : await confirmLenderTotp(storage, account, step, at);
      if (!codes) {
        send(req, res, 400, await twoFactorView(request.session, true));
        return;
      }
      // Shown once, here: only their HMACs are kept.
      send(req, res, 200, { page: "recovery-codes", ...frame(request.session), codes });
    });

    router.post(`${base}sign-out`, async (req, res) => {
      const form = await formFrom(req, res);
      if (!form) return;
      await signOutStep(accounts, req, res, form, {
        refused: () => send(req, res, 403, { page: "refused" }),
        next: `${base}?notice=signed_out`,
      });
    });

    // Test mode (decision 0386): the role's, checked here on every request.
    const testPath = `${base}test/`;
    const testView = async (
      session: LenderSession,
      more: Partial<TestModeView> = {},
    ): Promise<TestModeView> => ({
      page: "test",
      ...frame(session),
      ...(await testSettingsOf(storage, session.account.lender_id)),
      loopbackAllowed: decisions.testLoopback,
      profile: "salaried",
      ...more,
    });
    const tester = (req: Request, res: Response, session: LenderSession | undefined) => {
      if (!session) return undefined;
      if (lenderRoleCan(session.account.role, "test_mode")) return session;
      send(req, res, 403, { page: "refused" });
      return undefined;
    };
    const testForm = async (req: Request, res: Response) => {
      const request = await signedInForm(req, res, true);
      return request && tester(req, res, request.session) ? request : undefined;
    };

    router.get(testPath, async (req, res) => {
      const session = tester(req, res, await member(req, res));
      if (!session) return;
      const saved = req.query.notice === "url_saved";
      send(req, res, 200, await testView(session, saved ? { notice: "url_saved" } : {}));
    });

    router.post(`${testPath}url`, async (req, res) => {
      const request = await testForm(req, res);
      if (!request) return;
      const url = text(request.form.url, 4000).trim();
      try {
        await saveTestUrl(
          storage,
          request.session.account.lender_id,
          url,
          testUrlRules(decisions),
          now(),
        );
      } catch (error) {
        if (!(error instanceof TestUrlRefused)) throw error;
        send(req, res, 400, await testView(request.session, { url, problem: error.problem }));
        return;
      }
      res.redirect(303, `${testPath}?notice=url_saved`);
    });

    router.post(`${testPath}secret`, async (req, res) => {
      const request = await testForm(req, res);
      if (!request) return;
      const secret = await rotateTestSecret(storage, request.session.account.lender_id, now());
      // Shown once, in this answer.
      send(req, res, 200, await testView(request.session, { newSecret: secret }));
    });

    router.post(`${testPath}send`, async (req, res) => {
      const request = await testForm(req, res);
      if (!request) return;
      const { session, form } = request;
      const profile: TestProfile = TEST_PROFILES.find((one) => one === form.profile) ?? "salaried";
      const settings = await testSettingsOf(storage, session.account.lender_id);
      if (!settings.url || !settings.hasSecret) {
        const problem = settings.url ? "no_secret" : "no_url";
        send(req, res, 400, await testView(session, { profile, problem }));
        return;
      }
      const counted = await limits.hit(
        `lender test send:${session.account.lender_id}`,
        60_000,
        now().getTime(),
      );
      if (counted.count > TEST_SENDS_PER_MINUTE) {
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil(counted.resetMs / 1000))));
        send(req, res, 429, { page: "refused" });
        return;
      }
      const sent = await sendTestApplication(
        storage,
        decisions,
        session.account.lender_id,
        profile,
        {
          now: now(),
          callbackUrl: dependencies.callbackUrl(),
        },
      );
      send(req, res, 200, await testView(session, { profile, sent }));
    });

    // The rest of the portal: its own 404 page, in its language.
    router.use(base, (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
        next();
        return;
      }
      send(req, res, 404, { page: "not-found" });
    });
  }
  return router;
}
