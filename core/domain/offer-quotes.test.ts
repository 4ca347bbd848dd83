import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApplicationDecisions, LenderDecision } from "./decisions";
import { quoteLoan } from "./loan";
import {
  AFFORDABLE_SHARE,
  affordabilityOf,
  compareQuotedOffers,
  incomeShare,
  largestRepayment,
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

  it("with an income: hard to repay last, then groups in order, fits before stretches, then the figure", () => {
    fc.assert(
      fc.property(
        catalogueArbitrary,
        loanArbitrary,
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 10 }),
        sortArbitrary,
        fc.integer({ min: 5_000, max: 400_000 }),
        (catalogue, chosen, activeOfferIds, sort, monthlyIncome) => {
          const quoted = quoteOffers(catalogue, chosen, today, {
            activeOfferIds,
            sort,
            monthlyIncome,
          });
          const key = (item: QuotedOffer) => [
            item.affordability === "hard" ? 1 : 0,
            OFFER_GROUPS.indexOf(item.group),
            item.affordability === "stretches" ? 1 : 0,
          ];
          const keys = quoted.map(key);
          const ordered = keys.toSorted(
            (left, right) =>
              (left[0] ?? 0) - (right[0] ?? 0) ||
              (left[1] ?? 0) - (right[1] ?? 0) ||
              (left[2] ?? 0) - (right[2] ?? 0),
          );
          expect(keys).toEqual(ordered);
          for (const item of quoted) {
            expect(item.affordability).toBe(affordabilityOf(item.quote, monthlyIncome));
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
    expect(rankOfferIds(catalogue, loan, today, [77, 4, 1], { decisions })).toEqual([3, 4, 1, 77]);
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

  it("is the largest monthly instalment over the monthly income given", () => {
    expect(monthly.repayments.length).toBe(6);
    expect(incomeShare(monthly, 50_000)).toBeCloseTo(largestRepayment(monthly) / 50_000, 12);
    expect(largestRepayment(monthly)).toBe(
      Math.max(...monthly.repayments.map((repayment) => repayment.amount)),
    );
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

describe("affordabilityOf (decision 0355)", () => {
  const quoteOf = (amount: number, termDays: number, repayment: "single" | "monthly") =>
    quoteLoan({
      amount,
      termDays,
      terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment },
      startDate: today,
    });

  it("fits up to 30 %, stretches up to 50 %, is hard to repay above", () => {
    const instalments = quoteOf(60_000, 180, "monthly");
    const payment = largestRepayment(instalments);
    expect(affordabilityOf(instalments, Math.ceil(payment / 0.3))).toBe("fits");
    expect(affordabilityOf(instalments, Math.floor(payment / 0.3) - 1)).toBe("stretches");
    expect(affordabilityOf(instalments, Math.ceil(payment / 0.5))).toBe("stretches");
    expect(affordabilityOf(instalments, Math.floor(payment / 0.5) - 1)).toBe("hard");
    expect(affordabilityOf(instalments, undefined)).toBeUndefined();
  });

  it("finds outside testing's case hard: Rs 100,000 at once over 90 days on Rs 85,000 a month", () => {
    const once = quoteOf(100_000, 90, "single");
    expect(once.total / 85_000).toBeGreaterThan(1.2);
    expect(affordabilityOf(once, 85_000)).toBe("hard");
    // The same loan over 12 months fits.
    expect(affordabilityOf(quoteOf(100_000, 360, "monthly"), 85_000)).toBe("fits");
  });

  it("is hard for any single repayment above the whole income, whatever the share rule", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5_000, max: 200_000 }),
        fc.integer({ min: 61, max: 120 }),
        fc.integer({ min: 1, max: 500_000 }),
        (amount, termDays, income) => {
          const once = quoteOf(amount, termDays, "single");
          const level = affordabilityOf(once, income);
          const share = once.total / income;
          expect(level).toBe(share > 0.5 ? "hard" : share > 0.3 ? "stretches" : "fits");
          if (once.total > income) expect(level).toBe("hard");
        },
      ),
    );
  });
});

describe("ranking on the income given (decision 0355)", () => {
  const monthlyTerms = (annualInterestRate: number): LoanTerms => ({
    annualInterestRate,
    feeFixed: 0,
    feePercent: 0,
    repayment: "monthly",
  });
  const catalogue = [
    offer(1, "At once, cheap", { terms: single(0.1), termDays: { min: 61, max: 120 } }),
    offer(2, "At once, dear", { terms: single(0.3), termDays: { min: 61, max: 120 } }),
    offer(3, "Monthly", {
      lender: { ...offer(1, "x").lender, id: "lender-1" },
      terms: monthlyTerms(0.2),
      termDays: { min: 150, max: 360 },
    }),
  ];
  const loanAtOnce = { amount: 50_000, termDays: 91 };

  it("puts a pre-approval that fits first, and every hard-to-repay offer after all the others", () => {
    const decisions = decisionsOf([approved("lender-2", 2, 50_000)]);
    // Rs 50,000 + interest at once on Rs 60,000 a month: hard; so is the matched one.
    const hard = rankOffers(catalogue, loanAtOnce, today, {
      activeOfferIds: [1],
      decisions,
      monthlyIncome: 60_000,
    });
    expect(hard.map((item) => [item.offer.offer_id, item.group, item.affordability])).toEqual([
      [2, "approved", "hard"],
      [1, "matched", "hard"],
    ]);
    // On Rs 200,000 a month the same loan fits: the approval leads, as before.
    const fits = rankOffers(catalogue, loanAtOnce, today, {
      activeOfferIds: [1],
      decisions,
      monthlyIncome: 200_000,
    });
    expect(fits.map((item) => [item.offer.offer_id, item.affordability])).toEqual([
      [2, "fits"],
      [1, "fits"],
    ]);
    // On Rs 120,000 the approval stretches, the matched offer too: groups hold, hard ones last.
    const mixed = rankOffers(
      [...catalogue, offer(4, "Other, at once", { terms: single(0.05) })],
      { amount: 30_000, termDays: 91 },
      today,
      { activeOfferIds: [1], decisions, monthlyIncome: 70_000 },
    );
    const hardAt = mixed.findIndex((item) => item.affordability === "hard");
    if (hardAt >= 0) {
      expect(mixed.slice(hardAt).every((item) => item.affordability === "hard")).toBe(true);
    }
  });

  it("puts fits before stretches within a group, then the borrower's sort", () => {
    const both = [
      offer(11, "Small instalments", {
        terms: monthlyTerms(0.3),
        termDays: { min: 150, max: 360 },
      }),
      offer(12, "Cheaper, at once", { terms: single(0.1) }),
    ];
    const ranked = rankOffers(both, { amount: 20_000, termDays: 180 }, today, {
      activeOfferIds: [11, 12],
      monthlyIncome: 15_000,
    });
    expect(ranked.map((item) => item.affordability)).toEqual(
      ranked.map((item) => item.affordability).toSorted(),
    );
  });

  it("says when the same lender's instalment loan over a longer term fits", () => {
    const ranked = rankOffers(catalogue, { amount: 100_000, termDays: 90 }, today, {
      activeOfferIds: [1],
      monthlyIncome: 85_000,
    });
    const atOnce = ranked.find((item) => item.offer.offer_id === 1);
    expect(atOnce?.affordability).toBe("hard");
    expect(atOnce?.longerTerm).toMatchObject({ offerId: 3, amount: 100_000 });
    const longer = atOnce?.longerTerm;
    if (!longer) throw new Error("no longer term");
    const quote = quoteLoan({
      amount: 100_000,
      termDays: longer.termDays,
      terms: monthlyTerms(0.2),
      startDate: today,
    });
    expect(affordabilityOf(quote, 85_000)).toBe("fits");
    expect(longer.payment).toBe(largestRepayment(quote));
    // The shortest such term of the grid: the one before it does not fit.
    const shorter = quoteLoan({
      amount: 100_000,
      termDays: longer.termDays - 90,
      terms: monthlyTerms(0.2),
      startDate: today,
    });
    expect(longer.termDays === 180 || affordabilityOf(shorter, 85_000) !== "fits").toBe(true);
    // Another lender's offer has no such line.
    expect(ranked.find((item) => item.offer.offer_id === 2)?.longerTerm).toBeUndefined();
  });
});
