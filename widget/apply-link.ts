import { type Locale, localizePath } from "../core/locale";
import type { LoanSelection } from "./loan-selection";

/** Attribution that travels from a partner's page to our application form. */
export interface Attribution {
  partner?: string | undefined;
  sub1?: string | undefined;
  sub2?: string | undefined;
  sub3?: string | undefined;
  sub4?: string | undefined;
  sub5?: string | undefined;
}

/** The attribution a partner gives the widget (attributes, or the script tag's data-*). */
export const ATTRIBUTION_KEYS = ["partner", "sub1", "sub2", "sub3", "sub4", "sub5"] as const;

/**
 * The first-party application form, prefilled: amount, period (days), the
 * chosen offer or purpose, the partner and its sub ids. Never personal data.
 * The site uses it with an empty apiBase (same origin).
 */
export function applicationUrl(options: {
  apiBase: string;
  locale: Locale;
  selection: LoanSelection;
  attribution?: Attribution | undefined;
  offerId?: number | undefined;
  /** A loan purpose code (the home page's tiles). */
  purpose?: string | undefined;
  /** The widget's: the host name of the page it runs on (decision 0256), never a path. */
  from?: string | undefined;
}): string {
  const { apiBase, locale, selection, attribution = {}, offerId, purpose, from } = options;
  const query = new URLSearchParams({
    amount: String(selection.amount),
    period: String(selection.termDays),
  });
  if (offerId !== undefined) query.set("offer", String(offerId));
  if (purpose) query.set("purpose", purpose);
  for (const key of ATTRIBUTION_KEYS) {
    const value = attribution[key];
    if (value) query.set(key, value.slice(0, 100));
  }
  if (from) query.set("widget_domain", from);
  return `${apiBase}${localizePath(locale, "/application/")}?${query}`;
}
