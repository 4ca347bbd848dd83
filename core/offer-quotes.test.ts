import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApplicationDecisions, LenderDecision } from "./decisions";
import { quoteLoan } from "./loan";
import {
  AFFORDABLE_SHARE,
  compareQuotedOffers,
  incomeShare,
  OFFER_GROUPS,
  OFFER_SORTS,
  type QuotedOffer,
  quoteApprovals,
  quoteOffers,
  rankCatalogue,
  rankOfferIds,
  rankOffers,
  regularPayment,
} from "./offer-quotes";
import type { LoanTerms, Offer } from "./schemas/offer";

function offer(offerId: number, header: string, overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: offerId,
    header,
    tags: ["fast-decision"],
    lender_link: `https://lender${offerId}.example/apply`,
    lender: {
      id: `lender-${offerId}`,
      name: `Lender ${offerId}`,
      logo: "/lenders/sample.svg",
      sample: true,
    },
    amount: { min: 5_000, max: 100_000 },
    termDays: { min: 61, max: 120 },
    terms: { annualInterestRate: 0.24, feeFixed: 500, feePercent: 0.01, repayment: "single" },
    criteria: { minAge: 18, maxAge: 65, minMonthlyIncome: 30_000, employment: ["salaried"] },
    ...overrides,
  };
}

const single = (annualInterestRate: number, feeFixed = 0): LoanTerms => ({
  annualInterestRate,
  feeFixed,
  feePercent: 0,
  repayment: "single",
});

const today = "2026-11-21";
const loan = { amount: 50_000, termDays: 91 };
const ids = (list: readonly QuotedOffer[]) => list.map((item) => item.offer.offer_id);

describe("quoteOffers", () => {
  const catalogue = [
    offer(1, "Zeta Loan", { terms: single(0.1) }),
    offer(2, "Alpha Loan", { stars: 4.2, terms: single(0.4) }),
    offer(3, "Too Small", { amount: { min: 5_000, max: 20_000 } }),
    offer(4, "Too Short", { termDays: { min: 61, max: 90 } }),
    offer(5, "Beta Loan", { terms: single(0.3) }),
  ];

  it("keeps the offers that lend the amount for the term, cheapest total first, each priced from its terms", () => {
    const quoted = quoteOffers(catalogue, loan, today);
    // Was by header (2, 5, 1) before issue 15: now by the total to pay.
    expect(ids(quoted)).toEqual([1, 5, 2]);
    for (const item of quoted) {
      expect(item.quote).toEqual(quoteLoan({ ...loan, terms: item.offer.terms, startDate: today }));
    }
    const totals = quoted.map((item) => item.quote.total);
    expect(totals).toEqual(totals.toSorted((left, right) => left - right));
  });

  it("breaks a tie in the total by SPEC §9's header order", () => {
    const quoted = quoteOffers(
      [offer(7, "beta"), offer(8, "Alpha"), offer(9, "alpha")],
      loan,
      today,
    );
    expect(ids(quoted)).toEqual([8, 9, 7]);
  });

  it("puts the matched offers first, each group by total", () => {
    const quoted = quoteOffers(catalogue, loan, today, { activeOfferIds: [2] });
    expect(quoted.map((item) => [item.offer.offer_id, item.group])).toEqual([
      [2, "matched"],
      [1, "other"],
      [5, "other"],
    ]);
  });

  it("sorts by the largest payment or by APR when asked, within each group", () => {
    const monthly = offer(10, "Monthly", {
      termDays: { min: 61, max: 365 },
      terms: { annualInterestRate: 0.5, feeFixed: 0, feePercent: 0, repayment: "monthly" },
    });
    const once = offer(11, "Once", { termDays: { min: 61, max: 365 }, terms: single(0.2) });
    const year = { amount: 50_000, termDays: 360 };
    // The monthly loan costs more in all but asks less at a time.
    expect(ids(quoteOffers([once, monthly], year, today))).toEqual([11, 10]);
    expect(ids(quoteOffers([once, monthly], year, today, { sort: "payment" }))).toEqual([10, 11]);
    expect(ids(quoteOffers([once, monthly], year, today, { sort: "apr" }))).toEqual([11, 10]);
    const [first] = quoteOffers([monthly], year, today);
    expect(first && regularPayment(first.quote)).toBe(first?.quote.repayments[0]?.amount);
  });

  it("keeps SPEC §9's filters: no domainactive, a link unless matched, one offer per header", () => {
    const { lender_link: _none, ...linkless } = offer(20, "No Link");
    const quoted = quoteOffers(
      [
        offer(21, "Hidden", { product_type: "domainactive" }),
        linkless,
        offer(22, "Twice", { terms: single(0.3) }),
        offer(23, "Twice", { terms: single(0.1) }),
        offer(24, "Tomamos impulso", { tags: ["a", "b", "c"] }),
      ],
      loan,
      today,
    );
    // Of two offers with one header, the cheaper stays.
    expect(ids(quoted).toSorted()).toEqual([23, 24]);
    expect(quoted.find((item) => item.offer.offer_id === 24)?.offer.tags).toEqual(["a", "b"]);
    expect(ids(quoteOffers([linkless], loan, today, { activeOfferIds: [20] }))).toEqual([20]);
  });

  it("leaves out the lenders that decide for themselves when told", () => {
    const quoted = quoteOffers(catalogue, loan, today, { exceptLenders: new Set(["lender-1"]) });
    expect(ids(quoted)).toEqual([5, 2]);
  });
});

/** Random catalogues: terms, ranges and headers that collide now and then. */
const offerArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: 60 }),
    header: fc.constantFrom("A", "b", "B", "c", "Loan", "loan", "Zed"),
    rate: fc.integer({ min: 0, max: 400 }),
    feeFixed: fc.integer({ min: 0, max: 3_000 }),
    feePercent: fc.integer({ min: 0, max: 10 }),
    monthly: fc.boolean(),
    maxAmount: fc.constantFrom(20_000, 100_000, 200_000),
    maxTerm: fc.constantFrom(90, 120, 360),
    linked: fc.boolean(),
  })
  .map((spec): Offer => {
    const base = offer(spec.id, spec.header, {
      amount: { min: 5_000, max: spec.maxAmount },
      termDays: { min: 61, max: spec.maxTerm },
      terms: {
        annualInterestRate: spec.rate / 100,
        feeFixed: spec.feeFixed,
        feePercent: spec.feePercent / 100,
        repayment: spec.monthly ? "monthly" : "single",
      },
    });
    if (spec.linked) return base;
    const { lender_link: _none, ...rest } = base;
    return rest;
  });

const catalogueArbitrary = fc.uniqueArray(offerArbitrary, {
  maxLength: 15,
  selector: (entry) => entry.offer_id,
});
const loanArbitrary = fc.record({
  amount: fc.integer({ min: 5, max: 200 }).map((thousands) => thousands * 1_000),
  termDays: fc.constantFrom(61, 91, 120, 150, 360),
});
const sortArbitrary = fc.constantFrom(...OFFER_SORTS);

describe("ranking, as a property", () => {
  it("is total-ascending (or by the chosen figure) within each group, and groups come in order", () => {
    fc.assert(
      fc.property(
        catalogueArbitrary,
        loanArbitrary,
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 10 }),
        sortArbitrary,
        (catalogue, chosen, activeOfferIds, sort) => {
          const quoted = quoteOffers(catalogue, chosen, today, { activeOfferIds, sort });
          const groups = quoted.map((item) => OFFER_GROUPS.indexOf(item.group));
          expect(groups).toEqual(groups.toSorted((left, right) => left - right));
          for (const group of OFFER_GROUPS) {
            const figures = quoted
              .filter((item) => item.group === group)
              .map(({ quote }) =>
                sort === "apr"
                  ? quote.apr
                  : sort === "payment"
                    ? regularPayment(quote)
                    : quote.total,
              );
            expect(figures).toEqual(figures.toSorted((left, right) => left - right));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never depends on the catalogue's order", () => {
    fc.assert(
      fc.property(catalogueArbitrary, loanArbitrary, sortArbitrary, (catalogue, chosen, sort) => {
        expect(ids(quoteOffers(catalogue.toReversed(), chosen, today, { sort }))).toEqual(
          ids(quoteOffers(catalogue, chosen, today, { sort })),
        );
      }),
    );
  });

  it("compares every pair consistently (a total order)", () => {
    fc.assert(
      fc.property(catalogueArbitrary, loanArbitrary, sortArbitrary, (catalogue, chosen, sort) => {
        const quoted = quoteOffers(catalogue, chosen, today);
        const compare = compareQuotedOffers(sort);
        for (const left of quoted) {
          for (const right of quoted) {
            expect(Math.sign(compare(left, right)) + Math.sign(compare(right, left))).toBe(0);
          }
        }
      }),
    );
  });
});

const approved = (lenderId: string, offerId: number, amount: number, termDays = 91) =>
  ({
    lenderId,
    status: "approved",
    offer: { offerId, amount, termDays, terms: single(0.2), expiresAt: "2026-11-28T00:00:00Z" },
  }) satisfies LenderDecision;

function decisionsOf(decisions: LenderDecision[], complete = true): ApplicationDecisions {
  return {
    asked: decisions.length,
    answered: decisions.filter((decision) => decision.status !== "waiting").length,
    deadline: "2026-11-21T08:00:03.000Z",
    complete,
    decisions,
  };
}

describe("quoteApprovals", () => {
  const catalogue = [offer(1, "One"), offer(2, "Two"), offer(3, "Three")];

  it("prices each approval from the lender's terms for the loan it approved", () => {
    const [full, smaller] = quoteApprovals(
      catalogue,
      decisionsOf([approved("lender-1", 1, 50_000), approved("lender-2", 2, 30_000)]),
      loan,
      today,
    );
    expect(full?.group).toBe("approved");
    expect(full?.quote).toEqual(quoteLoan({ ...loan, terms: single(0.2), startDate: today }));
    expect(smaller?.group).toBe("approved-changed");
    expect(smaller?.quote.total).toBe(
      quoteLoan({ amount: 30_000, termDays: 91, terms: single(0.2), startDate: today }).total,
    );
    expect(smaller?.approval?.amount).toBe(30_000);
  });

  it("leaves out an approval of another lender's offer, of an unknown offer, or that cannot be priced", () => {
    const unpriceable = approved("lender-3", 3, 0);
    expect(
      quoteApprovals(
        catalogue,
        decisionsOf([
          approved("lender-2", 1, 50_000),
          approved("lender-9", 99, 50_000),
          unpriceable,
        ]),
        loan,
        today,
      ),
    ).toEqual([]);
  });
});

describe("rankOffers", () => {
  const catalogue = [
    offer(1, "Cheap criteria", { terms: single(0.05) }),
    offer(2, "Asked lender", { terms: single(0.01) }),
    offer(3, "Dear approval", { terms: single(0.9) }),
    offer(4, "Other", { terms: single(0.02) }),
  ];

  it("puts pre-approvals first, then the matched offers, then the others; asked lenders only by their decision", () => {
    const decisions = decisionsOf([
      approved("lender-3", 3, 50_000),
      { lenderId: "lender-2", status: "declined" },
    ]);
    const ranked = rankOffers(catalogue, loan, today, { activeOfferIds: [1], decisions });
    expect(ranked.map((item) => [item.offer.offer_id, item.group])).toEqual([
      [3, "approved"],
      [1, "matched"],
      [4, "other"],
    ]);
  });

  it("orders the lead feed's ids as the page lists them, unknown ids last as given", () => {
    const decisions = decisionsOf([approved("lender-3", 3, 50_000)]);
    expect(rankOfferIds(catalogue, loan, today, [77, 4, 1], decisions)).toEqual([3, 4, 1, 77]);
    expect(rankOfferIds(catalogue, loan, today, [1, 4])).toEqual([4, 1]);
  });
});

describe("rankCatalogue", () => {
  it("puts the offers that lend the loan first by total, then the rest by header, leaving none out", () => {
    const catalogue = [
      offer(1, "Zed", { amount: { min: 5_000, max: 10_000 } }),
      offer(2, "Dear", { terms: single(0.5) }),
      offer(3, "Cheap", { terms: single(0.1) }),
      offer(4, "Alpha", { amount: { min: 5_000, max: 10_000 } }),
      offer(5, "Hidden", { product_type: "domainactive", terms: single(0.2) }),
    ];
    expect(rankCatalogue(catalogue, loan, today).map((entry) => entry.offer_id)).toEqual([
      3, 5, 2, 4, 1,
    ]);
  });
});

describe("incomeShare (decision 0186)", () => {
  const monthly = quoteLoan({
    amount: 60_000,
    termDays: 180,
    terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment: "monthly" },
    startDate: today,
  });
  const once = quoteLoan({
    amount: 50_000,
    termDays: 91,
    terms: single(0.24, 500),
    startDate: today,
  });

  it("is one monthly instalment over the monthly income given", () => {
    expect(monthly.repayments.length).toBe(6);
    expect(incomeShare(monthly, 50_000)).toBeCloseTo(regularPayment(monthly) / 50_000, 12);
    expect(incomeShare(monthly, 50_000)).toBeLessThan(AFFORDABLE_SHARE);
  });

  it("is the one repayment of a loan repaid at once over a month's income", () => {
    expect(incomeShare(once, 100_000)).toBeCloseTo(once.total / 100_000, 12);
    expect(incomeShare(once, 100_000)).toBeGreaterThan(AFFORDABLE_SHARE);
  });

  it("is unknown without an income", () => {
    for (const income of [undefined, 0, -1, Number.NaN]) {
      expect(incomeShare(monthly, income)).toBeUndefined();
    }
  });

  it("warns above 30%", () => {
    expect(AFFORDABLE_SHARE).toBe(0.3);
  });
});
