import type { Offer } from "../../../core/domain/schemas/offer";
import { normalizeSelection } from "../../../widget/loan-selection";
import { type EligibilityMessages, eligibilityMessagesFor } from "../../messages/eligibility";
import type { PageInputs, PageRoute, SiteMessages } from "../page";

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
}

export const routes: readonly PageRoute[] = [{ path: "/eligibility/" }];

export const indexed = true;

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

export function view(_route: unknown, inputs: PageInputs): EligibilityPageView {
  const form = inputs.form;
  const source = form ?? inputs.query;
  // A link from the calculator carries its loan (never anything personal).
  const loan = normalizeSelection(
    Number(inputs.query.amount) || undefined,
    Number(inputs.query.period) || undefined,
  );
  return {
    kind: "eligibility",
    copy: eligibilityMessagesFor(inputs.locale),
    products: inputs.offers.filter((offer) => offer.product_type !== "domainactive").map(product),
    answers: {
      amount: form ? text(form.amount) : String(loan.amount),
      period: form ? text(form.period) : String(loan.termDays),
      income: form ? text(source.income) : "",
      employment: form ? text(source.employment) : "",
      age: form ? text(source.age) : "",
    },
    submitted: form !== undefined,
  };
}

export function head(view: EligibilityPageView, t: SiteMessages) {
  return { title: `${view.copy.title} | ${t.siteName}`, description: view.copy.description };
}

/** The page answers its own form's POST (server/pages/page-routes.ts), never stored. */
export const form = true;
