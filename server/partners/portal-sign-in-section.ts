import type { Request, Response } from "express";
import { addDays, colomboToday } from "../../core/helpers/dates";
import type { PortalView } from "../../core/views/partner-portal";
import { csrfTokenMatches } from "../accounts/csrf";
import { codeStep, passwordStep, signOutStep, text } from "../accounts/sign-in";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../accounts/totp";
import { confirmPortalTotp, partnerOfAccount } from "./portal-accounts";
import type { PortalSectionRoutes } from "./portal-context";
import { type PortalSession, pendingPortalTotpSecret } from "./portal-realm";
import { portalStats } from "./portal-stats";

/**
 * The portal's door (issue 18, decisions 0211–0214): its home page (the
 * sign-in form, or once signed in the partner's status and last 30 days),
 * signing in through the partner realm's flow (accounts/sign-in.ts) with a
 * second step for a code, turning the second factor on, and signing out.
 */
export const signInRoutes: PortalSectionRoutes = (router, portal) => {
  const { storage, base, now, accounts, send, form: formFrom } = portal;

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
      ...portal.frameOf(session, partner),
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
    const session = await accounts.sessionOf(req);
    if (session?.stage === "signed_in") {
      send(req, res, 200, await homeView(session));
      return;
    }
    const notice = req.query.notice;
    send(req, res, 200, {
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
    if (!form) return;
    await passwordStep(accounts, req, res, form, {
      again: (status, email, problem) =>
        send(req, res, status, { page: "sign-in", email, problem }),
      next: { second_factor: `${base}sign-in/code/`, signed_in: base },
    });
  });

  /** The session waiting for its code, or undefined once the visitor was sent on. */
  const halfSignedIn = async (req: Request, res: Response) => {
    const session = await accounts.sessionOf(req);
    if (session?.stage === "second_factor") return session;
    res.redirect(303, base);
    return undefined;
  };

  router.get(`${base}sign-in/code/`, async (req, res) => {
    const session = await halfSignedIn(req, res);
    if (!session) return;
    send(req, res, 200, { page: "sign-in-code", csrf: session.csrf });
  });

  router.post(`${base}sign-in/code/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    const session = await halfSignedIn(req, res);
    if (!session) return;
    if (!csrfTokenMatches(session.token, form.csrf)) {
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

  const twoFactorView = async (session: PortalSession, wrong = false): Promise<PortalView> => {
    const { account } = session;
    const frame = portal.frameOf(session, await partnerOfAccount(storage, account));
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
    const request = await portal.signedIn(req, res);
    if (!request) return;
    send(req, res, 200, await twoFactorView(request.session));
  });

  router.post(`${base}two-factor/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    const request = await portal.signedIn(req, res);
    if (!request) return;
    const { session } = request;
    if (!csrfTokenMatches(session.token, form.csrf)) {
      send(req, res, 403, { page: "refused" });
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
      send(req, res, 400, await twoFactorView(session, true));
      return;
    }
    await confirmPortalTotp(storage, account, step, at);
    res.redirect(303, base);
  });

  router.post(`${base}sign-out`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    await signOutStep(accounts, req, res, form, {
      refused: () => send(req, res, 403, { page: "refused" }),
      next: `${base}?notice=signed_out`,
    });
  });
};
