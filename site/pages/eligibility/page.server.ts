import type { OddsTable } from "../../../core/domain/approval-odds";
import type { Offer } from "../../../core/domain/schemas/offer";
import { normalizeSelection } from "../../../widget/loan-selection";
import { type EligibilityMessages, eligibilityMessagesFor } from "../../messages/eligibility";
import type { NeedsOf, PageInputs, PageRoute, SiteMessages } from "../page";

/** The form's answers as text, as typed: the POST's, or the loan from a link's query. */
export interface EligibilityAnswers {
  amount: string;
  period: string;
  income: string;
  employment: string;
  age: string;
}

/**
 * "Which lenders are likely to say yes?" (issue 32, decision 0365): a form
 * of five answers and, per lender, likely, possible or unlikely against
 * its products' published criteria (core/domain/lender-eligibility.ts), computed
 * in the browser as the answers change and, without JavaScript, by the
 * server from the form's POST (never a query: an income is not put in an
 * address). The products are the public catalogue's, only what the rule reads.
 */
export interface EligibilityPageView {
  kind: "eligibility";
  copy: EligibilityMessages;
  products: Offer[];
  answers: EligibilityAnswers;
  /** The answers came from a POST: the page shows the result, or says what is missing. */
  submitted: boolean;
  /**
   * The listed lenders' approval odds of every bucket with enough answers (issue 36,
   * decision 0447): the page picks the visitor's bucket where the answers are, in the
   * browser or in the POST's render, so nothing typed is sent for them.
   */
  odds: OddsTable;
}

export const routes: readonly PageRoute[] = [{ path: "/eligibility/" }];

export const indexed = true;

export const needs = ["approvalOddsTable"] as const;

/** Only what the rule and a row read: the catalogue is public, its links and tags are not needed. */
function product(offer: Offer): Offer {
  const { id, name, names, logo, sample, sandbox } = offer.lender;
  return {
    offer_id: offer.offer_id,
    header: offer.header,
    ...(offer.headers ? { headers: offer.headers } : {}),
    tags: [],
    lender: { id, name, names, logo, sample, sandbox },
    amount: offer.amount,
    termDays: offer.termDays,
    terms: offer.terms,
    criteria: offer.criteria,
  };
}

const text = (value: string | undefined) => (value ?? "").slice(0, 20);

/** The table's rows of these products' lenders only. */
function oddsOf(table: OddsTable | undefined, products: readonly Offer[]): OddsTable {
  const ids = new Set(products.map((offer) => offer.lender.id));
  return Object.fromEntries(Object.entries(table ?? {}).filter(([id]) => ids.has(id)));
}

export function view(
  _route: unknown,
  inputs: PageInputs<NeedsOf<typeof needs>>,
): EligibilityPageView {
  const form = inputs.form;
  const products = inputs.offers
    .filter((offer) => offer.product_type !== "domainactive")
    .map(product);
  const source = form ?? inputs.query;
  // A link from the calculator carries its loan (never anything personal).
  const loan = normalizeSelection(
    Number(inputs.query.amount) || undefined,
    Number(inputs.query.period) || undefined,
  );
  return {
    kind: "eligibility",
    copy: eligibilityMessagesFor(inputs.locale),
    products,
    answers: {
      amount: form ? text(form.amount) : String(loan.amount),
      period: form ? text(form.period) : String(loan.termDays),
      income: form ? text(source.income) : "",
      employment: form ? text(source.employment) : "",
      age: form ? text(source.age) : "",
    },
    submitted: form !== undefined,
    odds: oddsOf(inputs.data.approvalOddsTable, products),
  };
}

export function head(view: EligibilityPageView, t: SiteMessages) {
  return { title: `${view.copy.title} | ${t.siteName}`, description: view.copy.description };
}

/** The page answers its own form's POST (server/pages/page-routes.ts), never stored. */
export const form = true;
