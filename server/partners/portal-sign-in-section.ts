import { addDays, colomboToday } from "../../core/helpers/dates";
import type { PortalView } from "../../core/views/partner-portal";
import { csrfTokenMatches } from "../accounts/csrf";
import { portalDoorRoutes } from "../accounts/portal-area";
import { text } from "../accounts/sign-in";
import { acceptedTotpStep, groupedSecret, qrRows, totpUri } from "../accounts/totp";
import { confirmPortalTotp, partnerOfAccount } from "./portal-accounts";
import type { PortalSectionRoutes } from "./portal-context";
import { type PortalSession, pendingPortalTotpSecret } from "./portal-realm";
import { portalStats } from "./portal-stats";

/** What the sign-in page may say after a redirect (its `?notice=`). */
const SIGN_IN_NOTICES = ["signed_out", "verified", "password_set", "code_tries"] as const;

/**
 * The portal's door (issue 18, decisions 0211–0214): its home page (the
 * sign-in form, or once signed in the partner's status and last 30 days),
 * signing in through the partner realm's flow (accounts/sign-in.ts) with a
 * second step for a code, turning the second factor on, and signing out.
 */
export const signInRoutes: PortalSectionRoutes = (router, portal) => {
  const { storage, base, now, send, form: formFrom } = portal;

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

  portalDoorRoutes(router, portal, {
    notices: SIGN_IN_NOTICES,
    home: async (req, res, session) => send(req, res, 200, await homeView(session)),
    signedIn: base,
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
};
