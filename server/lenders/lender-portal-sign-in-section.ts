import { LENDER_CAPABILITIES, lenderRoleCan } from "../../core/views/lender-portal";
import { passwordProblem } from "../accounts/passwords";
import { portalDoorRoutes } from "../accounts/portal-area";
import { pendingTotpSecret } from "../accounts/second-factor";
import { passwordText, text } from "../accounts/sign-in";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../accounts/totp";
import {
  acceptInvitation,
  confirmLenderTotp,
  invitationOf,
  lenderOfAccount,
} from "./lender-accounts";
import type { LenderPortalSection, LenderSession } from "./lender-portal-context";
import { LENDER_REALM } from "./lender-realm";

/** What the sign-in page may say after a redirect (its `?notice=`). */
const SIGN_IN_NOTICES = ["signed_out", "code_tries", "enrolled"] as const;

/**
 * The lender portal's door (issue 34, decisions 0382–0385): its home page
 * (the sign-in form, or once signed in the member's lender and what the
 * role may do), signing in through the lender realm's flow
 * (accounts/sign-in.ts) with a second step for a code, enrolment from the
 * operator's invitation (a password, then the required second factor and
 * recovery codes), and signing out.
 */
export const lenderSignInSection: LenderPortalSection = (router, portal) => {
  const { locale, base, storage, now, accounts, send, frame, member, signedInForm } = portal;
  const formFrom = portal.form;

  portalDoorRoutes(router, portal, {
    notices: SIGN_IN_NOTICES,
    // The home page: the member's lender and what the role may do.
    home: async (req, res) => {
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
        paused: lender.status === "paused",
      });
    },
    // Without the second factor yet, signing in leads to turning it on.
    signedIn: `${base}two-factor/`,
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
};
