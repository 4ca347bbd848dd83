import { type Request, type Response, Router } from "express";
import type { BackOfficeViewer } from "../../core/views/back-office";
import {
  type InvoiceProblem,
  type InvoicesView,
  PRICE_FIELDS,
  type PriceField,
} from "../../core/views/back-office-invoices";
import type { SiteSettings } from "../../core/views/site-contract";
import { monthPeriod, previousColomboMonth } from "../partners/payouts";
import type { BackOfficeRoute } from "../staff/access";
import type { AuditActor } from "../staff/audit";
import type { BackOffice, StaffContext } from "../staff/gate";
import { isOpaqueId } from "../storage/opaque-ids";
import { invoicePdf } from "./invoice-pdf";
import {
  createInvoices,
  findInvoice,
  type Invoice,
  InvoiceError,
  invoiceCsv,
  lenderChoices,
  listInvoices,
  listLenderPrices,
  monthMatch,
  priceFormSchema,
  setLenderPrice,
  unbilledItems,
} from "./invoices";

/**
 * /admin/invoices/ (issue 34), for admins as payouts are (decision 0153):
 * lenders' prices, a month's invoices made in one run, each invoice as a
 * page, CSV and PDF, and the month's money in beside the payouts'.
 */
const actorOf = ({ session }: StaffContext): AuditActor => ({
  id: session.staff.id,
  label: session.staff.email,
});

export function invoicesRouter(
  backOffice: BackOffice,
  site: Pick<SiteSettings, "origin" | "contact" | "contactEmail">,
): Router {
  const router = Router();
  const { storage, send, now } = backOffice;
  const lastMonth = () => previousColomboMonth(now()).from.slice(0, 7);

  const invoicesPage = async (
    res: Response,
    viewer: BackOfficeViewer,
    status: number,
    month: string,
    extra: Pick<InvoicesView, "problem" | "price" | "priced"> = {},
  ) => {
    const [unbilled, invoices, match, prices, lenders] = await Promise.all([
      unbilledItems(storage, month),
      listInvoices(storage, month),
      monthMatch(storage, month),
      listLenderPrices(storage),
      lenderChoices(storage),
    ]);
    send(
      res,
      status,
      { page: "invoices", month, unbilled, invoices, match, prices, lenders, ...extra },
      viewer,
    );
  };

  backOffice.route(router, "GET /admin/invoices/", async (req, res, { viewer }) => {
    const asked = req.query.month;
    if (asked === undefined) {
      await invoicesPage(res, viewer, 200, lastMonth(), {
        priced: req.query.priced === "1" || undefined,
      });
      return;
    }
    const month = typeof asked === "string" && monthPeriod(asked) ? asked : undefined;
    await invoicesPage(res, viewer, month ? 200 : 400, month ?? lastMonth(), {
      problem: month ? undefined : "month",
    });
  });

  backOffice.route(router, "POST /admin/invoices/", async (_req, res, context) => {
    const sent = typeof context.form.month === "string" ? context.form.month.slice(0, 20) : "";
    const month = monthPeriod(sent) ? sent : undefined;
    if (!month) {
      await invoicesPage(res, context.viewer, 400, lastMonth(), { problem: "month" });
      return;
    }
    try {
      const made = await createInvoices(storage, month, { actor: actorOf(context), now: now() });
      const only = made.length === 1 ? made[0] : undefined;
      res.redirect(
        303,
        only ? `/admin/invoices/${only.id}/?created=1` : `/admin/invoices/?month=${month}`,
      );
    } catch (error) {
      if (!(error instanceof InvoiceError)) throw error;
      await invoicesPage(res, context.viewer, 400, month, {
        problem: error.problem as InvoiceProblem,
      });
    }
  });

  backOffice.route(router, "POST /admin/invoices/prices", async (_req, res, context) => {
    const form = Object.fromEntries(
      PRICE_FIELDS.map((field) => {
        const value = context.form[field];
        return [field, typeof value === "string" ? value.slice(0, 40) : ""];
      }),
    ) as Record<PriceField, string>;
    const refuse = (problems: PriceField[]) =>
      invoicesPage(res, context.viewer, 400, lastMonth(), { price: { form, problems } });
    const parsed = priceFormSchema.safeParse(form);
    if (!parsed.success) {
      await refuse([...new Set(parsed.error.issues.map((issue) => issue.path[0] as PriceField))]);
      return;
    }
    try {
      await setLenderPrice(storage, parsed.data, { actor: actorOf(context), now: now() });
    } catch (error) {
      if (!(error instanceof InvoiceError)) throw error;
      await refuse(["lender"]);
      return;
    }
    res.redirect(303, "/admin/invoices/?priced=1#prices");
  });

  const invoiceFor = async (req: Request, res: Response, viewer: BackOfficeViewer) => {
    const id = String(req.params.invoice);
    const invoice = isOpaqueId(id) ? await findInvoice(storage, id) : undefined;
    if (!invoice) send(res, 404, { page: "not-found" }, viewer);
    return invoice;
  };

  backOffice.route(router, "GET /admin/invoices/:invoice/", async (req, res, { viewer }) => {
    const found = await invoiceFor(req, res, viewer);
    if (!found) return;
    send(
      res,
      200,
      {
        page: "invoice",
        invoice: found.invoice,
        items: found.items,
        created: req.query.created === "1" || undefined,
      },
      viewer,
    );
  });

  // The invoice as a file: its CSV and its PDF, named by lender, month and id.
  const downloads: {
    ext: string;
    route: BackOfficeRoute;
    type: string;
    make(found: Invoice): Promise<string | Buffer>;
  }[] = [
    {
      ext: "csv",
      route: "GET /admin/invoices/:invoice/invoice.csv",
      type: "text/csv; charset=utf-8",
      make: async (found) => invoiceCsv(found),
    },
    {
      ext: "pdf",
      route: "GET /admin/invoices/:invoice/invoice.pdf",
      type: "application/pdf",
      make: (found) => invoicePdf(found, site),
    },
  ];
  for (const { ext, route, type, make } of downloads) {
    backOffice.route(router, route, async (req, res, { viewer }) => {
      const found = await invoiceFor(req, res, viewer);
      if (!found) return;
      const { lenderId, month, id } = found.invoice;
      res
        .status(200)
        .type(type)
        .attachment(`invoice-${lenderId}-${month}-${id.slice(0, 8)}.${ext}`)
        .send(await make(found));
    });
  }

  return router;
}
