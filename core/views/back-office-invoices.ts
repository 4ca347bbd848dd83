/**
 * The back office's invoices to lenders (issue 34, decisions 0394, 0396):
 * what the server hands the site's server entry to render, and the price
 * form's fields, so that the page and the route agree on them.
 */

/** What a lender pays for: a verified lead sent to it, a click-out to it, a loan it issued. */
export const PRICE_MODELS = ["lead", "click", "issued"] as const;
export type PriceModel = (typeof PRICE_MODELS)[number];

/** The price form's fields. */
export const PRICE_FIELDS = ["lender", "model", "rupees", "from"] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** A lender's price from a Colombo day on, until its next one. */
export interface LenderPriceRow {
  lenderId: string;
  lenderName: string;
  model: PriceModel;
  rupees: number;
  /** The first Colombo day it applies to. */
  from: string;
  createdBy: string;
  createdAt: string;
}

export interface InvoiceRow {
  id: string;
  lenderId: string;
  lenderName: string;
  /** The Colombo month it bills, "2026-11". */
  month: string;
  items: number;
  totalRupees: number;
  createdBy: string;
  createdAt: string;
}

/** What a lender would be billed for a month and no invoice has taken yet. */
export interface UnbilledRow {
  lenderId: string;
  lenderName: string;
  items: number;
  totalRupees: number;
}

/**
 * A month's money in and out (decision 0397): what lenders are billed for
 * it (invoiced, and not yet), what partners earned in it (the payouts'
 * figures, with the month's adjustments), and the difference.
 */
export interface MonthMatch {
  month: string;
  invoicedRupees: number;
  unbilledRupees: number;
  partnersEarnedRupees: number;
  adjustmentsRupees: number;
  marginRupees: number;
}

/** month: not a month; open: the month has not ended; empty: nothing to bill; conflict: a run at once. */
export type InvoiceProblem = "month" | "open" | "empty" | "conflict";

export interface InvoicesView {
  page: "invoices";
  month: string;
  problem?: InvoiceProblem | undefined;
  unbilled: readonly UnbilledRow[];
  invoices: readonly InvoiceRow[];
  match: MonthMatch;
  prices: readonly LenderPriceRow[];
  lenders: readonly { id: string; name: string }[];
  /** The price form as sent and its refused fields, after a problem. */
  price?: { form: Record<PriceField, string>; problems: readonly PriceField[] } | undefined;
  /** A price was just saved. */
  priced?: boolean | undefined;
}

export interface InvoiceItemRow {
  model: PriceModel;
  /** The decision's id (lead) or the click's (click, issued): opaque, nothing personal. */
  sourceId: string;
  occurredAt: string;
  rupees: number;
}

export interface InvoiceView {
  page: "invoice";
  invoice: InvoiceRow;
  items: readonly InvoiceItemRow[];
  created?: boolean | undefined;
}

export type InvoicePagesView = InvoicesView | InvoiceView;
