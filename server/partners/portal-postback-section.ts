import type { Request, Response } from "express";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import type { PostbacksView } from "../../core/views/portal/postbacks";
import { partnerAccountActor } from "../staff/audit";
import { PartnerError, updatePartner } from "./partners";
import type { PortalPartnerRequest, PortalSectionRoutes } from "./portal-context";
import { deliveryLog, sendTestPostback, templateProblem } from "./portal-postbacks";

/**
 * The partner portal's postbacks page (issue 18, decisions 0238, 0239): the
 * URL template with its macros (checked as the partner tool checks it, and
 * its host as deliveries do), the "offers ready" postback turned on or off
 * (issue 30, decision 0357), a test postback sent at once whose request and
 * answer the page shows, and the delivery log of the partner's own
 * postbacks, 50 a page, newest first.
 */
export const POSTBACK_TESTS_PER_MINUTE = 10;

/** ?page=N of the delivery log: 1 unless a whole number 1–9999. */
function pageOf(value: unknown): number {
  return typeof value === "string" && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : 1;
}

export const postbackRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.postbacks}`;

  const view = async (
    request: PortalPartnerRequest,
    page: number,
    extra: Partial<Omit<PostbacksView, "page">> = {},
  ): Promise<PostbacksView> => {
    const { partner } = request;
    const log = await deliveryLog(portal.storage, partner.id, page);
    return {
      page: "postbacks",
      ...request.frame,
      template: partner.postbackUrl ?? "",
      saved: partner.postbackUrl !== null,
      offersReady: partner.offersReadySince !== null,
      payoutModel: partner.payoutModel,
      payoutRupees: partner.payoutRupees,
      log: { ...log, page },
      ...extra,
    };
  };

  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const notices = ["saved", "cleared", "offers_ready_on", "offers_ready_off"] as const;
    const notice = notices.find((one) => one === req.query.notice);
    portal.send(req, res, 200, await view(request, pageOf(req.query.page), { notice }));
  });

  router.post(`${path}template`, async (req: Request, res: Response) => {
    const request = await portal.partnerForm(req, res);
    if (!request) return;
    const sent = request.form.template;
    // Anything but one text (the field twice, or none) is not a template: never read as "remove".
    const typed = typeof sent === "string" ? sent.trim() : undefined;
    if (typed === undefined) {
      portal.send(req, res, 400, await view(request, 1, { problem: { problem: "url" } }));
      return;
    }
    const template = typed.slice(0, 2_100);
    const change = { actor: partnerAccountActor(request.session.account.id, request.partner.id) };
    if (template === "") {
      await updatePartner(
        portal.storage,
        request.partner.id,
        { postbackUrl: null },
        {
          ...change,
          now: portal.now(),
        },
      );
      res.redirect(303, `${path}?notice=cleared`);
      return;
    }
    const refused = async (problem: NonNullable<PostbacksView["problem"]>) =>
      portal.send(req, res, 400, await view(request, 1, { template, saved: false, problem }));
    const problem = await templateProblem(typed, portal.postbackRules);
    if (problem) {
      await refused(problem);
      return;
    }
    try {
      await updatePartner(
        portal.storage,
        request.partner.id,
        { postbackUrl: template },
        {
          ...change,
          now: portal.now(),
          postbackRules: portal.postbackRules,
        },
      );
    } catch (error) {
      // The host's addresses changed between the two checks: refused all the same.
      if (!(error instanceof PartnerError)) throw error;
      await refused({ problem: "address" });
      return;
    }
    res.redirect(303, `${path}?notice=saved`);
  });

  router.post(`${path}offers-ready`, async (req: Request, res: Response) => {
    const request = await portal.partnerForm(req, res);
    if (!request) return;
    const sent = request.form.offersReady;
    // Only "on" or "off": anything else (the field twice, or none) changes nothing.
    if (sent !== "on" && sent !== "off") {
      portal.send(req, res, 400, await view(request, 1));
      return;
    }
    await updatePartner(
      portal.storage,
      request.partner.id,
      { offersReady: sent === "on" },
      {
        actor: partnerAccountActor(request.session.account.id, request.partner.id),
        now: portal.now(),
      },
    );
    res.redirect(303, `${path}?notice=offers_ready_${sent}`);
  });

  router.post(`${path}test`, async (req, res) => {
    const request = await portal.partnerForm(req, res);
    if (!request) return;
    const counted = await portal.limits.hit(
      `partner postback test:${request.partner.id}`,
      60_000,
      portal.now().getTime(),
    );
    if (counted.count > POSTBACK_TESTS_PER_MINUTE) {
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(counted.resetMs / 1000))));
      portal.send(req, res, 429, await view(request, 1, { testRefused: "busy" }));
      return;
    }
    const test = await sendTestPostback(portal.storage, request.partner, {
      rules: portal.postbackRules,
      timeoutMs: portal.postbackTestTimeoutMs,
    });
    // Answered here: what was sent and what came back are shown once, kept nowhere.
    portal.send(
      req,
      res,
      test ? 200 : 400,
      await view(request, 1, test ? { test } : { testRefused: "no_template" }),
    );
  });
};
