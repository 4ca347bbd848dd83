import type { PriceModel } from "../../core/views/back-office-invoices";
import type { ContactDetails } from "../../core/views/site-contract";
import { colomboDateTime } from "../partners/payouts";
import type { Invoice } from "./invoices";

/**
 * An invoice as a PDF (decision 0398): pdfkit, its built-in Helvetica, in
 * English (a document between businesses; the back office is English too).
 * Who bills is the site's configured company and contact; the lender by its
 * legal name. A line per model with its count, unit price and amount, then
 * every item, and the total, which equals the invoice's figure.
 */
const MODEL_WORDS: Record<PriceModel, string> = {
  lead: "Verified leads sent",
  click: "Click-outs",
  issued: "Loans issued",
};

const rupees = (amount: number) => `Rs. ${amount.toLocaleString("en-US")}`;

export async function invoicePdf(
  { invoice, items, legalName }: Invoice,
  from: { origin: string; contact?: ContactDetails | undefined; contactEmail: string },
): Promise<Buffer> {
  // Loaded on the first invoice asked for: pdfkit and its fonts' code add about 30 MB to a
  // server's memory, and most instances never make a PDF (decision 0486).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `Invoice ${invoice.id}`,
      Author: from.contact?.company ?? from.origin,
      Subject: `${invoice.lenderName}, ${invoice.month}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text("Invoice");
  doc.font("Helvetica").fontSize(10).moveDown(0.5);
  doc.text(`Invoice ${invoice.id}`);
  doc.text(`Month billed: ${invoice.month} (Colombo time)`);
  doc.text(`Issued: ${colomboDateTime(invoice.createdAt)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("From");
  doc.font("Helvetica");
  for (const line of [
    from.contact?.company,
    from.contact?.registration,
    from.contact?.address,
    from.origin,
    from.contactEmail,
  ]) {
    if (line) doc.text(line);
  }
  doc.moveDown();
  doc.font("Helvetica-Bold").text("To");
  doc.font("Helvetica").text(legalName);
  doc.text(`${invoice.lenderName} (${invoice.lenderId})`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("Summary");
  doc.font("Helvetica");
  const byLine = new Map<string, { model: PriceModel; rupees: number; count: number }>();
  for (const item of items) {
    const key = `${item.model}:${item.rupees}`;
    const line = byLine.get(key) ?? { model: item.model, rupees: item.rupees, count: 0 };
    line.count += 1;
    byLine.set(key, line);
  }
  for (const line of byLine.values()) {
    doc.text(
      `${MODEL_WORDS[line.model]}: ${line.count} x ${rupees(line.rupees)} = ${rupees(line.count * line.rupees)}`,
    );
  }
  doc.moveDown(0.5);
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Total: ${rupees(invoice.totalRupees)}`);
  doc.font("Helvetica").fontSize(10).text(`${invoice.items} items`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("Items");
  doc.font("Helvetica").fontSize(8);
  for (const item of items) {
    doc.text(
      `${colomboDateTime(item.occurredAt)}  ${item.model}  ${item.sourceId}  ${rupees(item.rupees)}`,
    );
  }
  doc.end();
  return done;
}
