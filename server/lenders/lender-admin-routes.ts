import { type Response, Router } from "express";
import { z } from "zod";
import { LENDER_ID_PATTERN } from "../../core/domain/schemas/offer";
import { colomboToday } from "../../core/helpers/dates";
import { checkImageBytes, imageDataUrl } from "../../core/helpers/image-bytes";
import type {
  BackOfficeViewer,
  LenderEditView,
  LenderFormValues,
  LenderListNotice,
} from "../../core/views/back-office";
import type { FormFile } from "../accounts/forms";
import { sendUploadedImage } from "../http/send-image";
import { sendBackOfficeScript } from "../staff/back-office-scripts";
import { BACK_OFFICE_SCRIPT_POLICY, type BackOffice, type StaffContext } from "../staff/gate";
import { LENDER_API_FIELDS } from "./decision-api";
import type { DecisionNetwork } from "./decision-network";
import {
  emptyLenderForm,
  importErrors,
  lenderDecisionStats,
  lenderFormFrom,
  lenderFormOf,
  newLenderSecret,
  previewOffersOf,
  recordInputOf,
  rotateLenderSecret,
  sampleLoan,
  schemaErrors,
  storedLender,
  testApplicationFor,
} from "./lender-admin";
import { importLenders, LenderImportError } from "./lender-import";
import { emptyProductForm, PRODUCTS_MAX } from "./lender-product-form";
import { lenderRecordSchema } from "./lender-record";
import { lenderSummaries } from "./lender-summaries";
import { LenderError, mayGoLive, setLenderStatus } from "./lenders";
import { LOGO_MAX_BYTES, LOGO_PROBLEM, monogramSvg } from "./logos";
import { oddsCalibrations } from "./odds-calibration";

const fieldChoices = LENDER_API_FIELDS;

/** The products with an empty one at the end, up to the record's limit. */
const withOneMore = (products: LenderFormValues["products"]) =>
  products.length < PRODUCTS_MAX ? [...products, emptyProductForm()] : products;
/** Pause or go live: the list's and the lender page's one button. */
const statusForm = z.object({ status: z.enum(["live", "paused"]) });
const NOTICES: readonly LenderListNotice[] = ["live", "paused", "no_licence", "not_found"];

/** Where the back office shows a lender's logo, stored or not yet (the monogram of its name). */
const previewLogo = (id: string, name: string) =>
  `/admin/lenders/${id}/logo?name=${encodeURIComponent(name)}`;

/**
 * The lender form's CSP: the back office's, with its live preview's script (decision 0142),
 * which sends the form to its own address with fetch.
 */
export const LENDER_FORM_POLICY = BACK_OFFICE_SCRIPT_POLICY.replace(
  "script-src 'self'",
  "script-src 'self'; connect-src 'self'",
);

const isFormFile = (value: unknown): value is FormFile =>
  typeof value === "object" && value !== null && (value as FormFile).kind === "file";

/**
 * /admin/lenders/ (issue 16), for admins: the list, a new lender, a
 * lender's form with its cards in both languages, pause and go live, and
 * for an `api` lender its secret, a test application and its decisions'
 * statistics. Every change goes through the services `npm run lenders`
 * uses (importLenders, setLenderStatus), which write the audit log. The
 * form's live preview is a script of its own, read from the build
 * (dist/back-office/); without a build it is not there (404) and the
 * preview button does the same.
 */
/** The lender id of an address or a form, when it has a lender id's shape. */
const lenderId = (value: unknown) =>
  typeof value === "string" && LENDER_ID_PATTERN.test(value) ? value : undefined;

interface Dependencies {
  decisions: DecisionNetwork;
  callbackUrl: () => string;
  distDir?: string | undefined;
}

export function lenderAdminRouter(backOffice: BackOffice, dependencies: Dependencies): Router {
  const router = Router();
  const pages = lenderPages(backOffice, dependencies.decisions);
  formSection(router, backOffice, pages, dependencies);
  actionsSection(router, backOffice, pages, dependencies);
  return router;
}

/** The pages every section answers with: the list, the form, a lender's edit page. */
function lenderPages(backOffice: BackOffice, decisions: DecisionNetwork) {
  const { storage, send, now } = backOffice;
  /** The form's page, the one page here that runs a script: its preview's (decision 0142). */
  const sendForm = (
    res: Response,
    status: number,
    view: Omit<LenderEditView, "limits">,
    viewer: BackOfficeViewer,
  ) => {
    res.setHeader("Content-Security-Policy", LENDER_FORM_POLICY);
    // The server's own limits: the form's hints, and what a lender's own may not exceed.
    const limits = { concurrency: decisions.concurrency, deadlineMs: decisions.deadlineMs };
    send(res, status, { ...view, limits }, viewer);
  };
  const actorOf = ({ session }: StaffContext) => ({
    id: session.staff.id,
    label: session.staff.email,
  });

  const listPage = async (
    res: Response,
    viewer: BackOfficeViewer,
    status: number,
    notice?: { kind: LenderListNotice; id: string },
  ) => {
    // Which lenders' approval odds are badly calibrated (issue 36): the daily count's rows.
    const calibrations = await oddsCalibrations(storage);
    const lenders = (await lenderSummaries(storage)).map((lender) => ({
      ...lender,
      oddsFlagged: calibrations.get(lender.id)?.flagged === true,
    }));
    send(res, status, { page: "lenders", lenders, notice }, viewer);
  };

  /** The edit page of a stored lender: its form (or the one sent), statistics, preview. */
  const editPage = async (
    res: Response,
    viewer: BackOfficeViewer,
    id: string,
    status: number,
    extra: Partial<Omit<LenderEditView, "page" | "mode" | "fieldChoices">> = {},
  ) => {
    const stored = await storedLender(storage, id);
    if (!stored) {
      send(res, 404, { page: "not-found" }, viewer);
      return;
    }
    const { record, row, hasLogo } = stored;
    const calibration = (await oddsCalibrations(storage, [id])).get(id);
    const form = extra.form ?? lenderFormOf(record);
    let preview = extra.preview;
    if (!preview && !extra.errors) {
      const parsed = lenderRecordSchema.safeParse(record);
      if (parsed.success) {
        const loan = sampleLoan(parsed.data.products);
        preview = {
          offers: previewOffersOf(parsed.data, previewLogo(id, parsed.data.names.en)),
          ...loan,
          today: colomboToday(now()),
        };
      }
    }
    sendForm(
      res,
      status,
      {
        page: "lender-edit",
        mode: "edit",
        fieldChoices,
        ...extra,
        form,
        preview,
        stored: {
          status: row.status,
          sample: row.sample === 1,
          sandbox: row.sandbox === 1,
          hasSecret: row.api_secret !== null,
          hasLogo,
          mayGoLive: mayGoLive(row),
          oddsFlagged: calibration?.flagged === true,
        },
        stats:
          row.decision_mode === "api" || extra.stats
            ? await lenderDecisionStats(storage, id, decisions.breakerState(id))
            : undefined,
      },
      viewer,
    );
  };

  return { sendForm, actorOf, listPage, editPage };
}

type LenderPages = ReturnType<typeof lenderPages>;

/** The list, a new lender, a lender saved or previewed, the preview's script. */
function formSection(
  router: Router,
  backOffice: BackOffice,
  { sendForm, actorOf, listPage, editPage }: LenderPages,
  { decisions, distDir }: Dependencies,
): void {
  const { storage, send, now } = backOffice;

  backOffice.route(router, "GET /admin/lenders/", async (req, res, { viewer }) => {
    const kind = NOTICES.find((known) => known === req.query.done);
    const id = lenderId(req.query.id);
    await listPage(res, viewer, 200, kind && id ? { kind, id } : undefined);
  });

  backOffice.route(router, "GET /admin/lenders/new/", async (_req, res, { viewer }) => {
    sendForm(
      res,
      200,
      { page: "lender-edit", mode: "new", form: emptyLenderForm(), fieldChoices },
      viewer,
    );
  });

  /**
   * Create (no `existing`) or save: the form becomes a record, checked by
   * the record's schema; "Preview" shows the cards and writes nothing;
   * "Save" writes it with importLenders, which checks it again with
   * storage (offer ids, the licence rule, the decision URL's addresses).
   */
  const saveOrPreview = async (
    res: Response,
    context: StaffContext,
    existing: Awaited<ReturnType<typeof storedLender>>,
  ) => {
    const { form, viewer } = context;
    const values: LenderFormValues = lenderFormFrom(form);
    if (existing) values.id = existing.record.id;
    if (form.intent === "add-product") {
      // Without a script (decision 0437): the same form again, one empty product more, nothing checked.
      const more = { ...values, products: withOneMore(values.products) };
      if (existing) await editPage(res, viewer, existing.record.id, 200, { form: more });
      else
        sendForm(res, 200, { page: "lender-edit", mode: "new", form: more, fieldChoices }, viewer);
      return;
    }
    const { input, errors } = recordInputOf(values);
    const parsed = lenderRecordSchema.safeParse(input);
    const all = { ...(parsed.success ? {} : schemaErrors(parsed.error)), ...errors };
    const logo = isFormFile(form.logo)
      ? checkImageBytes(form.logo.bytes, LOGO_MAX_BYTES)
      : undefined;
    if (isFormFile(form.logo) && !logo) all.logo = `must be ${LOGO_PROBLEM}`;
    if (!existing && parsed.success && parsed.data.id === "new") {
      // /admin/lenders/new/ is this form's own address: such a lender could not be opened here.
      all.id = "new is this form's address: choose another id";
    } else if (!existing && parsed.success && (await storedLender(storage, parsed.data.id))) {
      all.id = `${parsed.data.id} is taken: open that lender to change it`;
    }
    const mode = existing ? "edit" : "new";
    const problem = async (status: number, found: Record<string, string>) => {
      if (existing)
        await editPage(res, viewer, existing.record.id, status, { form: values, errors: found });
      else
        sendForm(
          res,
          status,
          { page: "lender-edit", mode, form: values, errors: found, fieldChoices },
          viewer,
        );
    };
    if (Object.keys(all).length > 0 || !parsed.success) {
      await problem(400, all);
      return;
    }
    const record = parsed.data;
    if (form.intent === "preview") {
      const preview = {
        offers: previewOffersOf(record, previewLogo(record.id, record.names.en)),
        ...sampleLoan(record.products),
        today: colomboToday(now()),
      };
      if (existing) await editPage(res, viewer, record.id, 200, { form: values, preview });
      else
        sendForm(
          res,
          200,
          { page: "lender-edit", mode, form: values, preview, fieldChoices },
          viewer,
        );
      return;
    }
    // An api lender without a secret gets one now, shown once below.
    const secret =
      record.decision.mode === "api" && !existing?.row.api_secret ? newLenderSecret() : undefined;
    const full: Record<string, unknown> = {
      ...input,
      ...(existing?.row.sample === 1 ? { sample: true } : {}),
      ...(existing?.row.sandbox === 1 ? { sandbox: true } : {}),
      ...(secret ? { secret } : {}),
      ...(logo ? { logo: imageDataUrl(logo) } : values.removeLogo ? { logo: null } : {}),
    };
    try {
      await importLenders(storage, [full], {
        baseDir: ".",
        allowSandbox: decisions.sandboxAllowed,
        urlRules: decisions.rules,
        maxDeadlineMs: decisions.deadlineMs,
        now: now(),
        actor: actorOf(context),
      });
    } catch (error) {
      if (!(error instanceof LenderImportError)) throw error;
      await problem(400, importErrors(error.problems));
      return;
    }
    if (secret || !existing) {
      await editPage(res, viewer, record.id, existing ? 200 : 201, {
        done: existing ? "saved" : "created",
        newSecret: secret,
      });
      return;
    }
    res.redirect(303, `/admin/lenders/${record.id}/?done=saved`);
  };

  backOffice.route(router, "POST /admin/lenders/", async (_req, res, context) => {
    await saveOrPreview(res, context, undefined);
  });

  // Before /admin/lenders/:id/, which would take it for a lender's id (non-strict routing).
  backOffice.route(router, "GET /admin/lenders/preview.js", async (_req, res, { viewer }) => {
    if (!(await sendBackOfficeScript(res, distDir, "lender-preview.js"))) {
      send(res, 404, { page: "not-found" }, viewer);
    }
  });

  backOffice.route(router, "GET /admin/lenders/:id/", async (req, res, { viewer }) => {
    const id = lenderId(req.params.id);
    if (!id) {
      send(res, 404, { page: "not-found" }, viewer);
      return;
    }
    await editPage(res, viewer, id, 200, {
      done: req.query.done === "saved" ? "saved" : undefined,
    });
  });

  backOffice.route(router, "POST /admin/lenders/:id/", async (req, res, context) => {
    const id = lenderId(req.params.id);
    const existing = id ? await storedLender(storage, id) : undefined;
    if (!existing) {
      send(res, 404, { page: "not-found" }, context.viewer);
      return;
    }
    await saveOrPreview(res, context, existing);
  });
}

/** A lender's status, API secret, test application and logo. */
function actionsSection(
  router: Router,
  backOffice: BackOffice,
  { actorOf, listPage, editPage }: LenderPages,
  { decisions, callbackUrl }: Dependencies,
): void {
  const { storage, send, now } = backOffice;

  backOffice.route(router, "POST /admin/lenders/:id/status", async (req, res, context) => {
    const id = lenderId(req.params.id) ?? "";
    const parsed = statusForm.safeParse(context.form);
    if (!parsed.success) {
      send(res, 400, { page: "invalid" }, context.viewer);
      return;
    }
    const { status } = parsed.data;
    try {
      await setLenderStatus(storage, id, status, now(), actorOf(context));
    } catch (error) {
      if (!(error instanceof LenderError)) throw error;
      const kind = error.problem === "no_licence" ? "no_licence" : "not_found";
      await listPage(res, context.viewer, kind === "not_found" ? 404 : 400, { kind, id });
      return;
    }
    res.redirect(303, `/admin/lenders/?done=${status}&id=${id}`);
  });

  backOffice.route(router, "POST /admin/lenders/:id/secret", async (req, res, context) => {
    const id = lenderId(req.params.id) ?? "";
    try {
      const secret = await rotateLenderSecret(storage, id, actorOf(context), now());
      await editPage(res, context.viewer, id, 200, { done: "rotated", newSecret: secret });
    } catch (error) {
      if (!(error instanceof LenderError)) throw error;
      send(res, error.problem === "not_found" ? 404 : 400, { page: "invalid" }, context.viewer);
    }
  });

  backOffice.route(router, "POST /admin/lenders/:id/test", async (req, res, context) => {
    const id = lenderId(req.params.id) ?? "";
    let target: Awaited<ReturnType<typeof testApplicationFor>>;
    try {
      target = await testApplicationFor(storage, id, {
        now: now(),
        deadlineMs: decisions.deadlineMs,
        callbackUrl: callbackUrl(),
      });
    } catch (error) {
      if (!(error instanceof LenderError)) throw error;
      send(res, error.problem === "not_found" ? 404 : 400, { page: "invalid" }, context.viewer);
      return;
    }
    const outcome = await decisions.sendTest(target);
    const latencyMs = Math.round(outcome.latencyMs);
    const test: LenderEditView["test"] =
      outcome.kind === "failed"
        ? {
            kind: "failed",
            // A refused approval says which rule it broke (decision 0354).
            error: outcome.rule ? `${outcome.error} (${outcome.rule})` : outcome.error,
            latencyMs,
          }
        : {
            kind: "answer",
            decision: outcome.answer.decision,
            detail:
              outcome.answer.decision === "approved"
                ? `offer ${outcome.answer.offerId}, ${outcome.answer.amount} rupees, ${outcome.answer.termDays} days`
                : outcome.answer.decision === "declined"
                  ? outcome.answer.reason
                  : "",
            latencyMs,
          };
    await editPage(res, context.viewer, id, 200, { test });
  });

  backOffice.route(router, "GET /admin/lenders/:id/logo", async (req, res, { viewer }) => {
    const id = lenderId(req.params.id);
    if (!id) {
      send(res, 404, { page: "not-found" }, viewer);
      return;
    }
    const row = await storage.db
      .selectFrom("lenders")
      .leftJoin("lender_logos", "lender_logos.lender_id", "lenders.id")
      .select(["lenders.names", "lender_logos.content_type", "lender_logos.data"])
      .where("lenders.id", "=", id)
      .executeTakeFirst();
    if (row?.content_type && row.data) {
      sendUploadedImage(
        res,
        { contentType: row.content_type, data: Buffer.from(row.data) },
        "no-store",
      );
      return;
    }
    const given = typeof req.query.name === "string" ? req.query.name.slice(0, 100) : "";
    const name = given || (row ? (JSON.parse(row.names) as { en: string }).en : id);
    sendUploadedImage(
      res,
      { contentType: "image/svg+xml", data: Buffer.from(monogramSvg(id, name)) },
      "no-store",
    );
  });
}
