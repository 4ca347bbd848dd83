import { type BackOfficePageOf, inSection } from "../../page";
import { InvoicePage, InvoicesPage } from "./Invoices";

export const invoicesPage: BackOfficePageOf<"invoices"> = {
  name: "Invoices",
  describe: "Invoices to lenders: their prices, a month's invoices as page, CSV and PDF.",
  Body: InvoicesPage,
};

export const invoicePage: BackOfficePageOf<"invoice"> = {
  title: (_view, { t }) => t.invoiceTitle,
  section: inSection("invoices"),
  Body: InvoicePage,
};
