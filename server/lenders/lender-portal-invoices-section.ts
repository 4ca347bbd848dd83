import type { Request, Response } from "express";
import type { InvoiceModelLine } from "../../core/views/lender-portal-stats";
import { invoicePdf } from "../invoices/invoice-pdf";
import { findInvoice, type Invoice, invoiceCsv, invoicesOfLender } from "../invoices/invoices";
import { isOpaqueId } from "../storage/opaque-ids";
import type { LenderPortalSection } from "./lender-portal-context";

/**
 * The lender's own invoices in its portal (decision 0422), for its admins:
 * the list by month, an invoice's page, its CSV and its PDF, made by the
 * back office's own functions (server/invoices/). Another lender's invoice
 * is answered as an unknown one: 404.
 */
export const lenderInvoicesSection: LenderPortalSection = (router, portal) => {
  const { base, storage, site, send, frame, memberWhoCan } = portal;
  const invoicesPath = `${base}invoices/`;

  router.get(invoicesPath, async (req, res) => {
    const session = await memberWhoCan(req, res, "invoices");
    if (!session) return;
    const rows = await invoicesOfLender(storage, session.account.lender_id);
    send(req, res, 200, {
      page: "invoices",
      ...frame(session),
      invoices: rows.map(({ id, month, items, totalRupees, createdAt }) => ({
        id,
        month,
        items,
        totalRupees,
        createdAt,
      })),
    });
  });

  /** The member's own invoice by the address's id; else the 404 page, and undefined. */
  const ownInvoice = async (req: Request, res: Response) => {
    const session = await memberWhoCan(req, res, "invoices");
    if (!session) return undefined;
    const id = req.params.invoice;
    const found = isOpaqueId(id) ? await findInvoice(storage, id) : undefined;
    if (!found || found.invoice.lenderId !== session.account.lender_id) {
      send(req, res, 404, { page: "not-found" });
      return undefined;
    }
    return { session, found };
  };

  router.get(`${invoicesPath}:invoice/`, async (req, res) => {
    const own = await ownInvoice(req, res);
    if (!own) return;
    const { invoice, items } = own.found;
    const lines = new Map<string, InvoiceModelLine>();
    for (const item of items) {
      const line = lines.get(item.model) ?? { model: item.model, count: 0, rupees: 0 };
      line.count += 1;
      line.rupees += item.rupees;
      lines.set(item.model, line);
    }
    send(req, res, 200, {
      page: "invoice",
      ...frame(own.session),
      invoice: {
        id: invoice.id,
        month: invoice.month,
        items: invoice.items,
        totalRupees: invoice.totalRupees,
        createdAt: invoice.createdAt,
      },
      lines: [...lines.values()],
      items,
    });
  });

  // The invoice as a file, named as the back office names it.
  const downloads = [
    {
      ext: "csv",
      type: "text/csv; charset=utf-8",
      make: async (found: Invoice) => invoiceCsv(found),
    },
    { ext: "pdf", type: "application/pdf", make: (found: Invoice) => invoicePdf(found, site) },
  ];
  for (const { ext, type, make } of downloads) {
    router.get(`${invoicesPath}:invoice/invoice.${ext}`, async (req, res) => {
      const own = await ownInvoice(req, res);
      if (!own) return;
      const { lenderId, month, id } = own.found.invoice;
      res
        .status(200)
        .type(type)
        .attachment(`invoice-${lenderId}-${month}-${id.slice(0, 8)}.${ext}`)
        .send(await make(own.found));
    });
  }
};
