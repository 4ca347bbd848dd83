import { ODDS_WINDOW_DAYS } from "../../domain/approval-odds";
import { quoteLoan } from "../../domain/loan";
import type { LoanTerms } from "../../domain/schemas/offer";
import type { CalendarDate } from "../../helpers/dates";
import { type Locale, localizePath } from "../../locale";
import { messagesFor } from "../../messages";
import type { PortalSignedIn } from "../partner-portal";

/**
 * The partner portal's API documentation (issue 18, decision 0247): the
 * partner API and the public feed explained, with the partner's own
 * publishable key in the examples (never the secret key: it is shown once,
 * and only its hash is kept), and the OpenAPI document linked.
 */
export interface DocsView extends PortalSignedIn {
  page: "docs";
  partnerId: string;
  publishableKey: string;
  /** The origins the publishable key is accepted from, as registered. */
  origins: readonly string[];
  /** Our public origin, e.g. https://nayacompare.lk, for the examples' URLs. */
  siteOrigin: string;
}

/** The loan of the example below: what a partner's applicant asked for. */
const EXAMPLE_LOAN = { amount: 100_000, termDays: 180, startDate: "2026-11-28" as CalendarDate };

/** One offer of the example: priced by core/domain/loan.ts from its terms, as the API prices it. */
function exampleOffer(
  siteOrigin: string,
  lang: Locale,
  offer: {
    offerId: number;
    rank: number;
    header: string;
    lenderId: string;
    lenderName: string;
    terms: LoanTerms;
    preApproved: boolean;
  },
) {
  const quote = quoteLoan({ ...EXAMPLE_LOAN, terms: offer.terms });
  const pageUrl = `${siteOrigin}${localizePath(lang, `/lenders/${offer.lenderId}/`)}`;
  return {
    offerId: offer.offerId,
    rank: offer.rank,
    header: offer.header,
    lender: {
      name: offer.lenderName,
      logoUrl: `${siteOrigin}/lenders/${offer.lenderId}.svg`,
      pageUrl,
      sample: false,
    },
    tags: [{ code: "monthly-instalments", label: messagesFor(lang)["tag:monthly-instalments"] }],
    rating: null,
    preApproved: offer.preApproved,
    ...(offer.preApproved ? { expiresAt: "2026-11-29T09:15:03.000Z" } : {}),
    affordability: "fits",
    amount: EXAMPLE_LOAN.amount,
    term: EXAMPLE_LOAN.termDays,
    apr: quote.apr,
    interest: quote.interest,
    fees: quote.fees,
    total: quote.total,
    returnDate: quote.returnDate,
    repayments: quote.repayments,
  };
}

/**
 * What GET /api/partner/v1/leads/{id}/offers?wait=10 answers once a lead's
 * decisions are complete (decision 0356), for the portal's API page and the
 * reference: three lenders asked (one approved, one declined, one pending
 * past the deadline, with its approval odds: issue 36),
 * the pre-approval first, then an offer matched by its criteria; figures
 * computed as the API computes them. Its shape is the API's schema
 * (server/partners/portal-docs.http.test.ts checks it).
 */
export function leadOffersExample(siteOrigin: string, lang: Locale) {
  return {
    leadId: "Qx3v9TmKp2Lw8sYb1NcD4e",
    verified: true,
    duplicate: false,
    amount: EXAMPLE_LOAN.amount,
    term: EXAMPLE_LOAN.termDays,
    lang,
    currency: "LKR",
    startDate: EXAMPLE_LOAN.startDate,
    decisions: {
      asked: 3,
      answered: 3,
      complete: true,
      deadline: "2026-11-28T09:15:06.000Z",
      lenders: [
        { lender: { id: "galle-credit", name: "Galle Credit" }, status: "declined" },
        { lender: { id: "kandy-lane", name: "Kandy Lane Finance" }, status: "approved" },
        {
          lender: { id: "matara-micro", name: "Matara Micro" },
          status: "pending",
          approvalOdds: {
            inTen: 7,
            likelihood: "likely",
            basis: 214,
            windowDays: ODDS_WINDOW_DAYS,
          },
        },
      ],
    },
    offers: [
      exampleOffer(siteOrigin, lang, {
        offerId: 4101,
        rank: 1,
        header: "Personal loan",
        lenderId: "kandy-lane",
        lenderName: "Kandy Lane Finance",
        terms: { annualInterestRate: 0.24, feeFixed: 1_000, feePercent: 0, repayment: "monthly" },
        preApproved: true,
      }),
      exampleOffer(siteOrigin, lang, {
        offerId: 3702,
        rank: 2,
        header: "Salary loan",
        lenderId: "colombo-quick",
        lenderName: "Colombo Quick Loans",
        terms: { annualInterestRate: 0.28, feeFixed: 0, feePercent: 0.02, repayment: "monthly" },
        preApproved: false,
      }),
    ],
  };
}
