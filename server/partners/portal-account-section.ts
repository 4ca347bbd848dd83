import type { Request, Response } from "express";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import {
  ACCOUNT_NOTICES,
  type AccountFormProblem,
  type AccountNotice,
  type AccountView,
} from "../../core/views/portal/account";
import { portalBase } from "../../site/server";
import { checkPassword, passwordProblem } from "../accounts/passwords";
import {
  accountKey,
  clearFailures,
  countFailure,
  secondFactorKey,
  signInWait,
} from "../accounts/sign-in-throttle";
import { acceptedTotpStep } from "../accounts/totp";
import type { PartnerAccountChange } from "../messaging/messenger";
import {
  changePortalPassword,
  maskedPayoutDetails,
  newPortalRecoveryCodes,
  portalRecoveryCodesLeft,
  turnOffPortalTotp,
  updatePortalPayout,
  updatePortalProfile,
} from "./portal-account";
import type { PartnerAccount } from "./portal-accounts";
import { checkPayout, checkProfile, type Problems, passwordText, text } from "./portal-checks";
import type { PortalSectionRoutes, PortalSignedInRequest } from "./portal-context";

/**
 * The partner portal's account page (issue 18, decisions 0251–0255), for
 * any signed-in account, approved or not: the details given at sign-up,
 * the payout method and account (shown masked; a change is audited and
 * e-mailed), the password (the current one asked; other sessions end) and
 * two-step sign-in (set up, recovery codes, off). Each form posts to its
 * own address and, done, goes back to the page with `done` (POST, 303,
 * GET); a form with problems is sent back with them (400). Every change is
 * to the signed-in account: no form names an account.
 */
export const accountRoutes: PortalSectionRoutes = (router, portal) => {
  const { storage, base, now } = portal;
  const ewallets = portal.site.partnerProgramme?.ewallets ?? [];
  const path = `${base}${PORTAL_SECTION_PATHS.account}`;

  const viewOf = async (
    request: PortalSignedInRequest,
    extra: Pick<AccountView, "notice" | "problem" | "recoveryCodes"> = {},
  ): Promise<AccountView> => {
    const { account } = request.session;
    return {
      page: "account",
      ...request.frame,
      email: account.email,
      kind: account.kind,
      details: {
        name: account.name,
        website: account.website,
        trafficSources: account.traffic_sources,
        countries: JSON.parse(account.countries) as string[],
      },
      payout: {
        method: account.payout_method,
        masked: maskedPayoutDetails(account.payout_details),
      },
      ewallets,
      twoFactor: account.totp_secret !== null,
      recoveryCodesLeft: await portalRecoveryCodesLeft(storage, account.id),
      ...extra,
    };
  };

  const done = (res: Response, notice: AccountNotice) =>
    res.redirect(303, `${path}?done=${notice}`);
  const refuse = async (
    req: Request,
    res: Response,
    request: PortalSignedInRequest,
    problem: AccountFormProblem,
    status = 400,
  ) => portal.send(req, res, status, await viewOf(request, { problem }));

  router.get(path, async (req, res) => {
    const request = await portal.signedIn(req, res);
    if (!request) return;
    const notice = ACCOUNT_NOTICES.find((known) => known === req.query.done);
    portal.send(req, res, 200, await viewOf(request, { notice }));
  });

  router.post(`${path}details`, async (req, res) => {
    const request = await portal.signedInForm(req, res);
    if (!request) return;
    const problems: Problems = {};
    const profile = checkProfile(request.form, problems);
    if (Object.keys(problems).length > 0) {
      await refuse(req, res, request, { form: "details", values: profile, problems });
      return;
    }
    await updatePortalProfile(storage, request.session.account.id, profile, now());
    done(res, "details");
  });

  /**
   * Tells the account's address of a change, in its own language, with a
   * link to its account page: that it changed, never what to. A failure is
   * logged by the messenger; the change stands either way.
   */
  const tell = async (account: PartnerAccount, change: PartnerAccountChange) => {
    const link = `${portal.site.origin}${portalBase(account.locale)}${PORTAL_SECTION_PATHS.account}`;
    await portal.messenger
      .partnerAccountChanged(account.email, change, link, account.locale)
      .catch(() => {});
  };

  router.post(`${path}payout`, async (req, res) => {
    const request = await portal.signedInForm(req, res);
    if (!request) return;
    const problems: Problems = {};
    const payout = checkPayout(request.form, problems, ewallets);
    if (Object.keys(problems).length > 0) {
      const values = { payoutMethod: payout.payoutMethod };
      await refuse(req, res, request, { form: "payout", values, problems });
      return;
    }
    const { account } = request.session;
    const { method, details } = payout;
    await updatePortalPayout(storage, account, { method, details }, now());
    await tell(account, "payout");
    done(res, "payout");
  });

  /** The current password, through the sign-in's throttle: this form is no way to guess it. */
  const currentPasswordProblem = async (request: PortalSignedInRequest, typed: unknown) => {
    const { account } = request.session;
    const at = now();
    const key = `partner-${accountKey(account.email, await storage.keys.hashKey())}`;
    if ((await signInWait(storage, key, at)) > 0) return "wait" as const;
    if (!(await checkPassword(account.password_hash, passwordText(typed)))) {
      await countFailure(storage, key, at);
      return "current" as const;
    }
    await clearFailures(storage, key);
    return undefined;
  };

  router.post(`${path}password`, async (req, res) => {
    const request = await portal.signedInForm(req, res);
    if (!request) return;
    const { form, session } = request;
    const password = passwordText(form.password);
    const problem =
      (await currentPasswordProblem(request, form.current)) ??
      passwordProblem(password, session.account.email) ??
      (password === passwordText(form.confirm) ? undefined : "mismatch");
    if (problem) {
      await refuse(
        req,
        res,
        request,
        { form: "password", problem },
        problem === "wait" ? 429 : 400,
      );
      return;
    }
    await changePortalPassword(storage, session.account.id, password, session.token, now());
    await tell(session.account, "password");
    done(res, "password");
  });

  /** A signed-in form about two-step sign-in while it is on; undefined once sent back to the page. */
  const twoStepForm = async (req: Request, res: Response) => {
    const request = await portal.signedInForm(req, res);
    if (!request) return undefined;
    const { account } = request.session;
    if (account.totp_secret) return { request, account, secret: account.totp_secret };
    res.redirect(303, path);
    return undefined;
  };

  router.post(`${path}recovery-codes`, async (req, res) => {
    const twoStep = await twoStepForm(req, res);
    if (!twoStep) return;
    const { request, account } = twoStep;
    // Shown once, in this answer (no-store, like every portal page), never in an address.
    const codes = await newPortalRecoveryCodes(storage, account.id, now());
    portal.send(req, res, 200, await viewOf(request, { recoveryCodes: codes }));
  });

  router.post(`${path}two-factor-off`, async (req, res) => {
    const twoStep = await twoStepForm(req, res);
    if (!twoStep) return;
    const { request, account } = twoStep;
    const passwordWrong = await currentPasswordProblem(request, request.form.current);
    if (passwordWrong) {
      const status = passwordWrong === "wait" ? 429 : 400;
      await refuse(req, res, request, { form: "two_factor_off", problem: passwordWrong }, status);
      return;
    }
    const at = now();
    const key = `partner-${secondFactorKey(account.id)}`;
    if ((await signInWait(storage, key, at)) > 0) {
      await refuse(req, res, request, { form: "two_factor_off", problem: "wait" }, 429);
      return;
    }
    const code = text(request.form.code, 20).replace(/\s/g, "");
    const step = acceptedTotpStep(twoStep.secret, code, at, account.totp_last_step);
    if (step === undefined) {
      await countFailure(storage, key, at);
      await refuse(req, res, request, { form: "two_factor_off", problem: "code" });
      return;
    }
    await clearFailures(storage, key);
    await turnOffPortalTotp(storage, account.id, at);
    await tell(account, "two_step_off");
    done(res, "two_factor_off");
  });
};
