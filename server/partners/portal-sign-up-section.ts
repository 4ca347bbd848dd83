import type { Request, Response } from "express";
import { HOME_COUNTRY } from "../../core/views/partner-portal";
import { passwordProblem } from "../accounts/passwords";
import { passwordText, text } from "../accounts/sign-in";
import { clientAddressOf } from "../http/client-address";
import { rateLimitCheck } from "../http/rate-limit";
import {
  accountOfLink,
  LINK_HOURS,
  passwordLinkOf,
  requestReset,
  setPasswordByLink,
  signUp,
  verifyEmail,
} from "./portal-accounts";
import { checkSignUp } from "./portal-checks";
import type { PortalSectionContext, PortalSectionRoutes } from "./portal-context";

/**
 * The portal's one-time links (issue 18, decisions 0211–0213): a sign-up
 * and its e-mail verification, a forgotten password's reset link, and the
 * page where a claim or reset link sets the password. Every answer is the
 * same whether or not the address has an account: no enumeration.
 */

/** Sign-ups per address per hour. */
export const PORTAL_SIGN_UP_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Password reset links asked for per address per hour. */
export const PORTAL_RESET_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 };

const perAddress = (
  portal: PortalSectionContext,
  name: string,
  rule: { limit: number; windowMs: number },
  onLimited: (req: Request, res: Response) => void,
) =>
  rateLimitCheck({
    store: portal.limits,
    name,
    rules: [{ ...rule, keyOf: (req) => `ip:${clientAddressOf(req)}` }],
    now: () => portal.now().getTime(),
    onLimited,
  });

export const signUpRoutes: PortalSectionRoutes = (router, portal) => {
  const { storage, base, now, site, messenger, send, form: formFrom } = portal;
  const programme = site.partnerProgramme ?? { ewallets: [] };
  const check = (form: Record<string, unknown>) => checkSignUp(form, programme.ewallets);
  const signUpLimit = perAddress(
    portal,
    "partner sign-up",
    PORTAL_SIGN_UP_PER_ADDRESS,
    (req, res) =>
      send(req, res, 429, {
        page: "sign-up",
        form: check(req.body ?? {}).typed,
        problems: {},
        busy: true,
        programme,
      }),
  );
  const forgotLimit = perAddress(portal, "partner reset", PORTAL_RESET_PER_ADDRESS, (req, res) =>
    send(req, res, 429, { page: "forgot", email: text(req.body?.email, 254), busy: true }),
  );

  router.get(`${base}sign-up/`, (req, res) => {
    const form = { ...check({}).typed, countries: [HOME_COUNTRY] };
    send(req, res, 200, { page: "sign-up", form, problems: {}, programme });
  });

  router.post(`${base}sign-up/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form || !(await signUpLimit(req, res))) return;
    const { typed, password, problems, payout } = check(form);
    if (Object.keys(problems).length > 0) {
      send(req, res, 400, { page: "sign-up", form: typed, problems, programme });
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
        payoutMethod: payout.method,
        payoutDetails: payout.details,
        locale: portal.locale,
      },
      now(),
    );
    if (token) {
      const link = `${site.origin}${base}verify/?token=${token}`;
      // A failure is logged by the messenger; the page says the same either way.
      await messenger
        .partnerAccountLink(typed.email, "verify", link, LINK_HOURS, portal.locale)
        .catch(() => {});
    }
    // The same answer whether the address had an account already: no enumeration.
    res.redirect(303, `${base}sign-up/sent/`);
  });

  router.get(`${base}sign-up/sent/`, (req, res) => {
    send(req, res, 200, { page: "check-email" });
  });

  router.get(`${base}verify/`, async (req, res) => {
    const token = text(req.query.token, 100);
    const account = await accountOfLink(storage, token, "verify", now());
    send(
      req,
      res,
      account ? 200 : 410,
      account ? { page: "verify", token } : { page: "link-invalid" },
    );
  });

  router.post(`${base}verify/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    const account = await verifyEmail(storage, text(form.token, 100), now());
    if (!account) {
      send(req, res, 410, { page: "link-invalid" });
      return;
    }
    res.redirect(303, `${base}?notice=verified`);
  });

  router.get(`${base}forgot/`, (req, res) => {
    send(req, res, 200, { page: "forgot", email: "" });
  });

  router.post(`${base}forgot/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form || !(await forgotLimit(req, res))) return;
    const reset = await requestReset(storage, text(form.email, 254), now());
    if (reset) {
      const link = `${site.origin}${base}password/?token=${reset.token}`;
      await messenger
        .partnerAccountLink(reset.account.email, "reset", link, LINK_HOURS, portal.locale)
        .catch(() => {});
    }
    // The same answer whether or not the address has an account: no enumeration.
    res.redirect(303, `${base}forgot/sent/`);
  });

  router.get(`${base}forgot/sent/`, (req, res) => {
    send(req, res, 200, { page: "forgot-sent" });
  });

  router.get(`${base}password/`, async (req, res) => {
    const token = text(req.query.token, 100);
    const found = await passwordLinkOf(storage, token, now());
    send(
      req,
      res,
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
      send(req, res, 410, { page: "link-invalid" });
      return;
    }
    const password = passwordText(form.password);
    const problem =
      passwordProblem(password, found.account.email) ??
      (password === passwordText(form.confirm) ? undefined : "mismatch") ??
      (found.purpose === "claim" && form.terms !== "yes" ? "terms" : undefined);
    if (problem) {
      send(req, res, 400, { page: "set-password", token, purpose: found.purpose, problem });
      return;
    }
    const account = await setPasswordByLink(storage, token, password, now());
    if (!account) {
      send(req, res, 410, { page: "link-invalid" });
      return;
    }
    portal.accounts.clearCookie(req, res);
    res.redirect(303, `${base}?notice=password_set`);
  });
};
