import type { Request, Response } from "express";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import {
  type KeysView,
  PORTAL_ROTATABLE_KEYS,
  type PortalRotatableKey,
} from "../../core/views/portal/keys";
import { partnerAccountActor } from "../staff/audit";
import { rotateKeys, updatePartner } from "./partners";
import type { PortalPartnerRequest, PortalSectionRoutes } from "./portal-context";
import { checkOrigins } from "./portal-keys";

/**
 * The partner portal's keys page (issue 18, decision 0237): the publishable
 * key and its allowed origins (edited), and new keys for the secret key,
 * the postback secret and the publishable key, each after a confirmation.
 * A new key is on the answer to the rotation only: never in an address,
 * never stored in plain (partners.ts keeps the secret key's hash). Every
 * change goes through partners.ts, which writes the audit log with the
 * partner's account as its author.
 */
const keyOf = (value: unknown): PortalRotatableKey | undefined =>
  PORTAL_ROTATABLE_KEYS.find((key) => key === value);

export const keysRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.keys}`;
  const actorOf = (request: PortalPartnerRequest) =>
    partnerAccountActor(request.session.account.id, request.partner.id);

  const view = (
    request: PortalPartnerRequest,
    extra: Partial<Omit<KeysView, "page">> = {},
  ): KeysView => ({
    page: "keys",
    ...request.frame,
    publishableKey: request.partner.publishableKey,
    origins: request.partner.origins,
    localHttp: portal.postbackRules.allowHttp,
    ...extra,
  });

  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const notice = req.query.notice === "origins_saved" ? "origins_saved" : undefined;
    portal.send(req, res, 200, view(request, { notice }));
  });

  router.post(`${path}origins`, async (req, res) => {
    const request = await portal.partnerForm(req, res);
    if (!request) return;
    // One textarea; the same field twice is read as its lines one after the other.
    const typed = [request.form.origins]
      .flat()
      .filter((value): value is string => typeof value === "string")
      .join("\n");
    const { origins, lines, problems } = checkOrigins(
      typed.slice(0, 20_000),
      portal.postbackRules.allowHttp,
    );
    if (problems.length > 0) {
      portal.send(req, res, 400, view(request, { origins: lines, originProblems: problems }));
      return;
    }
    await updatePartner(
      portal.storage,
      request.partner.id,
      { origins },
      {
        actor: actorOf(request),
        now: portal.now(),
      },
    );
    res.redirect(303, `${path}?notice=origins_saved`);
  });

  /** The confirmation step: what a new key means, and the button that makes it. */
  router.get(`${path}rotate/`, async (req: Request, res: Response) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const key = keyOf(req.query.key);
    if (!key) {
      res.redirect(303, path);
      return;
    }
    portal.send(req, res, 200, view(request, { confirm: key }));
  });

  router.post(`${path}rotate/`, async (req, res) => {
    const request = await portal.partnerForm(req, res);
    if (!request) return;
    const key = keyOf(request.form.key);
    if (!key) {
      res.redirect(303, path);
      return;
    }
    if (request.form.confirm !== "yes") {
      portal.send(req, res, 400, view(request, { confirm: key }));
      return;
    }
    const issued = await rotateKeys(portal.storage, request.partner.id, [key], {
      actor: actorOf(request),
      now: portal.now(),
    });
    const value =
      key === "secret"
        ? issued.secretKey
        : key === "postback"
          ? issued.postbackSecret
          : issued.publishableKey;
    // Answered here, not redirected: the new key is on this answer once (no-store), never again.
    const publishableKey = issued.publishableKey ?? request.partner.publishableKey;
    portal.send(
      req,
      res,
      200,
      view(request, { publishableKey, issued: { key, value: value ?? "" } }),
    );
  });
};
