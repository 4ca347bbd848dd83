import { type Request, type Response, Router } from "express";
import { type CalendarDate, colomboToday } from "../../core/helpers/dates";
import type { BackOfficeViewer } from "../../core/views/back-office";
import type {
  AdjustmentField,
  DatePeriod,
  PartnerDone,
  PartnerRow,
  PartnerView,
  PayoutProblem,
  PayoutRunRow,
  PayoutRunView,
  PayoutsView,
  PayoutTermsField,
  PayoutTermsProblem,
} from "../../core/views/back-office-partners";
import { approvalFormSchema, payoutTermsFormSchema } from "../../core/views/back-office-partners";
import type { SiteSettings } from "../../core/views/site-contract";
import type { Messenger } from "../messaging/messenger";
import type { AuditActor } from "../staff/audit";
import type { BackOffice, StaffContext } from "../staff/gate";
import { isOpaqueId } from "../storage/opaque-ids";
import {
  AdjustmentError,
  addAdjustment,
  adjustmentFormSchema,
  recentAdjustments,
} from "./adjustments";
import {
  decideSignUp,
  findPartner,
  listPartners,
  PARTNER_ID_PATTERN,
  type Partner,
  PartnerError,
  type RotatableKey,
  rotateKeys,
  setPartnerDisabled,
  updatePartner,
} from "./partners";
import {
  createPayoutRun,
  listPayoutRuns,
  markPayoutPaid,
  PayoutError,
  type PayoutRun,
  payoutRun,
  payoutStatement,
  periodOf,
  previousColomboMonth,
  statementCsv,
  unpaidEarnings,
} from "./payouts";
import { pendingSignUpFacts, tellPortalAccount } from "./portal-accounts";
import { partnersPeriodFigures } from "./stats";

/**
 * /admin/partners/ and /admin/payouts/ (issue 16), for admins: the
 * partners with their period's figures, answering sign-ups, payout terms,
 * key rotation (the new secrets on that one answer), disabling; payout runs,
 * marking a partner paid, and each partner's statement as a page and CSV.
 * Every change goes through the same service as `npm run partner`, which
 * writes the audit log with the member as its author.
 */
const DONE: readonly PartnerDone[] = ["approved", "rejected", "disabled", "enabled", "terms"];
const ROTATABLE: readonly RotatableKey[] = ["secret", "publishable", "postback"];

function rowOf(partner: Partner): PartnerRow {
  return {
    id: partner.id,
    name: partner.name,
    status: partner.status,
    disabled: partner.disabledAt !== null,
    payoutModel: partner.payoutModel,
    payoutRupees: partner.payoutRupees,
    keyEnd: partner.publishableKey.slice(-4),
    origins: partner.origins.length,
    postback: partner.postbackUrl !== null,
    createdAt: partner.createdAt,
  };
}

function runRowOf(run: PayoutRun): PayoutRunRow {
  return {
    id: run.id,
    from: run.from,
    to: run.to,
    totalRupees: run.totalRupees,
    createdBy: run.createdBy,
    createdAt: run.createdAt,
    partners: run.partners,
  };
}

/** The query's period, or the fallback (and whether one was asked for and refused). */
function periodIn(req: Request, fallback: DatePeriod): { period: DatePeriod; problem: boolean } {
  const from = req.query.from;
  const to = req.query.to;
  if (from === undefined && to === undefined) return { period: fallback, problem: false };
  const period =
    typeof from === "string" && typeof to === "string" ? periodOf(from, to) : undefined;
  return period ? { period, problem: false } : { period: fallback, problem: true };
}

const actorOf = ({ session }: StaffContext): AuditActor => ({
  id: session.staff.id,
  label: session.staff.email,
});

type PortalMail = {
  messenger: Messenger;
  site: Pick<SiteSettings, "origin" | "partnerProgramme">;
};

export function partnersBackOfficeRouter(backOffice: BackOffice, portal?: PortalMail): Router {
  const router = Router();
  partnersSection(router, backOffice, portal);
  payoutsSection(router, backOffice);
  return router;
}

/** This Colombo month so far: what the lists' figures cover unless asked. */
function thisMonth(now: Date): DatePeriod {
  const today = colomboToday(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** /admin/partners/: the list, a partner's page, sign-ups answered, terms, keys, disabling. */
function partnersSection(router: Router, backOffice: BackOffice, portal?: PortalMail): void {
  const { storage, send, now } = backOffice;
  const { leadRupees, loanRupees } = portal?.site.partnerProgramme ?? {};
  const defaults = { leadRupees, loanRupees };

  backOffice.route(router, "GET /admin/partners/", async (req, res, { viewer }) => {
    const { period, problem } = periodIn(req, thisMonth(now()));
    const [partners, figures, signUps] = await Promise.all([
      listPartners(storage),
      partnersPeriodFigures(storage, period.from as CalendarDate, period.to as CalendarDate),
      pendingSignUpFacts(storage),
    ]);
    const what = DONE.find((known) => known === req.query.done);
    const named = typeof req.query.partner === "string" ? req.query.partner : "";
    const donePartner = partners.find((partner) => partner.id === named);
    send(
      res,
      200,
      {
        page: "partners",
        defaults,
        period,
        periodProblem: problem || undefined,
        // By name; the page lists the sign-ups waiting above them too.
        partners: partners
          .map((partner) => ({
            ...rowOf(partner),
            signUp: signUps.get(partner.id),
            figures: figures.get(partner.id) ?? { leads: 0, sales: 0, earnedRupees: 0 },
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        done: what && donePartner ? { what, partner: donePartner.name } : undefined,
        problem: req.query.problem === "not_pending" ? "not_pending" : undefined,
      },
      viewer,
    );
  });

  /** The partner named by the address, or the 404 page. */
  const partnerFor = async (req: Request, res: Response, viewer: BackOfficeViewer) => {
    const id = String(req.params.id);
    const partner = PARTNER_ID_PATTERN.test(id) ? await findPartner(storage, id) : undefined;
    if (!partner) send(res, 404, { page: "not-found" }, viewer);
    return partner;
  };

  const partnerPage = (
    res: Response,
    viewer: BackOfficeViewer,
    status: number,
    partner: Partner,
    extra: Omit<PartnerView, "page" | "partner"> = {},
  ) => send(res, status, { page: "partner", partner: rowOf(partner), ...extra }, viewer);

  backOffice.route(router, "GET /admin/partners/:id/", async (req, res, { viewer }) => {
    const partner = await partnerFor(req, res, viewer);
    if (!partner) return;
    partnerPage(res, viewer, 200, partner, {
      defaults,
      done: DONE.find((known) => known === req.query.done),
    });
  });

  /** The terms form's fields as sent, checked by `schema`: the terms, or what to show again. */
  const termsFrom = <Schema extends typeof payoutTermsFormSchema | typeof approvalFormSchema>(
    form: Record<string, unknown>,
    schema: Schema,
  ) => {
    const sent = {
      payoutModel: typeof form.payoutModel === "string" ? form.payoutModel.slice(0, 20) : "",
      payoutRupees: typeof form.payoutRupees === "string" ? form.payoutRupees.slice(0, 20) : "",
    };
    const parsed = schema.safeParse(sent);
    if (parsed.success) return { terms: parsed.data };
    const errors: Partial<Record<PayoutTermsField, PayoutTermsProblem>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "payoutModel") errors.payoutModel = "model";
      if (field === "payoutRupees") errors.payoutRupees = "rupees";
    }
    return { refused: { form: sent, errors } };
  };

  for (const decision of ["approve", "reject"] as const) {
    backOffice.route(router, `POST /admin/partners/:id/${decision}`, async (req, res, context) => {
      const partner = await partnerFor(req, res, context.viewer);
      if (!partner) return;
      // Approving sets the partner's terms (decision 0429): refused without a valid rate.
      const approval =
        decision === "approve" ? termsFrom(context.form, approvalFormSchema) : undefined;
      if (approval?.refused) {
        partnerPage(res, context.viewer, 400, partner, { defaults, approval: approval.refused });
        return;
      }
      try {
        await decideSignUp(storage, partner.id, decision, {
          actor: actorOf(context),
          now: now(),
          terms: approval?.terms,
        });
      } catch (error) {
        if (!(error instanceof PartnerError)) throw error;
        res.redirect(303, "/admin/partners/?problem=not_pending");
        return;
      }
      // A portal sign-up hears the answer by e-mail (the messenger logs a failure; the answer
      // stands either way, and the portal's home page shows it).
      if (portal) {
        await tellPortalAccount(storage, portal, partner.id, decision).catch(() => {});
      }
      const done = decision === "approve" ? "approved" : "rejected";
      res.redirect(303, `/admin/partners/?done=${done}&partner=${partner.id}`);
    });
  }

  for (const change of ["disable", "enable"] as const) {
    backOffice.route(router, `POST /admin/partners/:id/${change}`, async (req, res, context) => {
      const partner = await partnerFor(req, res, context.viewer);
      if (!partner) return;
      await setPartnerDisabled(storage, partner.id, change === "disable", {
        actor: actorOf(context),
        now: now(),
      });
      res.redirect(303, `/admin/partners/${partner.id}/?done=${change}d`);
    });
  }

  backOffice.route(router, "POST /admin/partners/:id/terms", async (req, res, context) => {
    const partner = await partnerFor(req, res, context.viewer);
    if (!partner) return;
    const { terms, refused } = termsFrom(context.form, payoutTermsFormSchema);
    if (refused) {
      partnerPage(res, context.viewer, 400, partner, refused);
      return;
    }
    await updatePartner(storage, partner.id, terms, {
      actor: actorOf(context),
      now: now(),
    });
    res.redirect(303, `/admin/partners/${partner.id}/?done=terms`);
  });

  backOffice.route(router, "POST /admin/partners/:id/keys", async (req, res, context) => {
    const partner = await partnerFor(req, res, context.viewer);
    if (!partner) return;
    const asked = [context.form.key].flat();
    const which = ROTATABLE.filter((key) => asked.includes(key));
    if (which.length === 0) {
      partnerPage(res, context.viewer, 400, partner, { noKeyChosen: true });
      return;
    }
    const issued = await rotateKeys(storage, partner.id, which, {
      actor: actorOf(context),
      now: now(),
    });
    // Answered here, not redirected: the secrets are in this page once, never in an address.
    const after = (await findPartner(storage, partner.id)) ?? partner;
    partnerPage(res, context.viewer, 200, after, { issued });
  });
}

/** /admin/payouts/: runs, adjustments, a partner marked paid, statements as pages and CSV. */
function payoutsSection(router: Router, backOffice: BackOffice): void {
  const { storage, send, now } = backOffice;

  const payoutsPage = async (
    res: Response,
    viewer: BackOfficeViewer,
    status: number,
    period: DatePeriod,
    extra: {
      periodProblem?: boolean;
      problem?: PayoutProblem;
      adjustment?: PayoutsView["adjustment"];
      adjusted?: boolean;
    } = {},
  ) => {
    const [unpaid, runs, partners, adjustments] = await Promise.all([
      unpaidEarnings(storage, period as { from: CalendarDate; to: CalendarDate }),
      listPayoutRuns(storage),
      listPartners(storage),
      recentAdjustments(storage),
    ]);
    send(
      res,
      status,
      {
        page: "payouts",
        period,
        periodProblem: extra.periodProblem || undefined,
        problem: extra.problem,
        unpaid,
        runs: runs.map(runRowOf),
        partners: partners
          .filter((partner) => partner.status === "active")
          .map((partner) => ({ id: partner.id, name: partner.name })),
        adjustments,
        adjustment: extra.adjustment,
        adjusted: extra.adjusted || undefined,
      },
      viewer,
    );
  };

  backOffice.route(router, "GET /admin/payouts/", async (req, res, { viewer }) => {
    const { period, problem } = periodIn(req, previousColomboMonth(now()));
    await payoutsPage(res, viewer, 200, period, {
      periodProblem: problem,
      adjusted: req.query.adjusted === "1",
    });
  });

  // An adjustment to what a partner is owed for a month (decision 0245), audited.
  backOffice.route(router, "POST /admin/payouts/adjustments", async (_req, res, context) => {
    const text = (name: AdjustmentField, max: number) => {
      const value = context.form[name];
      return typeof value === "string" ? value.slice(0, max) : "";
    };
    const form: Record<AdjustmentField, string> = {
      partner: text("partner", 40),
      month: text("month", 20),
      rupees: text("rupees", 20),
      reason: text("reason", 400),
    };
    const refuse = async (problems: AdjustmentField[]) =>
      payoutsPage(res, context.viewer, 400, previousColomboMonth(now()), {
        adjustment: { form, problems },
      });
    const parsed = adjustmentFormSchema.safeParse(form);
    if (!parsed.success) {
      const problems = new Set<AdjustmentField>();
      for (const issue of parsed.error.issues) problems.add(issue.path[0] as AdjustmentField);
      await refuse([...problems]);
      return;
    }
    try {
      await addAdjustment(storage, parsed.data, { actor: actorOf(context), now: now() });
    } catch (error) {
      if (!(error instanceof AdjustmentError)) throw error;
      await refuse([error.field]);
      return;
    }
    res.redirect(303, "/admin/payouts/?adjusted=1");
  });

  backOffice.route(router, "POST /admin/payouts/", async (_req, res, context) => {
    const from = typeof context.form.from === "string" ? context.form.from : "";
    const to = typeof context.form.to === "string" ? context.form.to : "";
    const period = periodOf(from, to);
    if (!period) {
      await payoutsPage(res, context.viewer, 400, previousColomboMonth(now()), {
        problem: "period",
      });
      return;
    }
    try {
      const run = await createPayoutRun(storage, period, { actor: actorOf(context), now: now() });
      res.redirect(303, `/admin/payouts/${run.id}/?created=1`);
    } catch (error) {
      if (!(error instanceof PayoutError)) throw error;
      await payoutsPage(res, context.viewer, 400, period, { problem: error.problem });
    }
  });

  const runFor = async (req: Request, res: Response, viewer: BackOfficeViewer) => {
    const id = String(req.params.run);
    const run = isOpaqueId(id) ? await payoutRun(storage, id) : undefined;
    if (!run) send(res, 404, { page: "not-found" }, viewer);
    return run;
  };

  const runPage = (
    res: Response,
    viewer: BackOfficeViewer,
    status: number,
    run: PayoutRun,
    extra: Omit<PayoutRunView, "page" | "run"> = {},
  ) => send(res, status, { page: "payout-run", run: runRowOf(run), ...extra }, viewer);

  backOffice.route(router, "GET /admin/payouts/:run/", async (req, res, { viewer }) => {
    const run = await runFor(req, res, viewer);
    if (!run) return;
    const paid = typeof req.query.paid === "string" ? req.query.paid : "";
    runPage(res, viewer, 200, run, {
      created: req.query.created === "1" || undefined,
      done: run.partners.some((partner) => partner.partnerId === paid) ? { paid } : undefined,
    });
  });

  backOffice.route(router, "POST /admin/payouts/:run/:partner/paid", async (req, res, context) => {
    const run = await runFor(req, res, context.viewer);
    if (!run) return;
    const partnerId = String(req.params.partner);
    const reference =
      typeof context.form.reference === "string" ? context.form.reference.slice(0, 200) : "";
    try {
      await markPayoutPaid(storage, run.id, partnerId, reference, {
        actor: actorOf(context),
        now: now(),
      });
    } catch (error) {
      if (!(error instanceof PayoutError)) throw error;
      const status = error.problem === "not_found" ? 404 : 400;
      runPage(res, context.viewer, status, run, {
        problem: { partner: partnerId, problem: error.problem, reference },
      });
      return;
    }
    res.redirect(303, `/admin/payouts/${run.id}/?paid=${encodeURIComponent(partnerId)}`);
  });

  const statementFor = async (req: Request, res: Response, viewer: BackOfficeViewer) => {
    const runId = String(req.params.run);
    const partnerId = String(req.params.partner);
    const statement =
      isOpaqueId(runId) && PARTNER_ID_PATTERN.test(partnerId)
        ? await payoutStatement(storage, runId, partnerId)
        : undefined;
    if (!statement) send(res, 404, { page: "not-found" }, viewer);
    return statement;
  };

  backOffice.route(router, "GET /admin/payouts/:run/:partner/", async (req, res, { viewer }) => {
    const statement = await statementFor(req, res, viewer);
    if (!statement) return;
    send(
      res,
      200,
      {
        page: "payout-statement",
        run: { id: statement.run.id, from: statement.run.from, to: statement.run.to },
        partner: statement.partner,
        payoutModel: statement.payoutModel,
        items: statement.items,
        adjustments: statement.adjustments,
      },
      viewer,
    );
  });

  backOffice.route(
    router,
    "GET /admin/payouts/:run/:partner/statement.csv",
    async (req, res, { viewer }) => {
      const statement = await statementFor(req, res, viewer);
      if (!statement) return;
      const name = `payout-${statement.partner.partnerId}-${statement.run.from}-${statement.run.to}.csv`;
      res
        .status(200)
        .type("text/csv; charset=utf-8")
        .attachment(name)
        .send(statementCsv(statement));
    },
  );
}
