import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOAN_AMOUNT_LK } from "../../core/domain/product";
import { offerCatalogueSchema } from "../../core/domain/schemas/offer";
import lk from "./catalogues/lk.json";

/** Tag codes the UI knows how to translate. */
const ALLOWED_TAGS = [
  "first-loan-free",
  "no-payslip",
  "fast-decision",
  "bank-transfer",
  "cash-pickup",
  "card-payout",
  "monthly-instalments",
  "single-repayment",
  "no-guarantor",
  "weekend-payout",
];

const LOGO_FOLDER = path.join(process.cwd(), "site", "public", "lenders");

describe("the Sri Lanka sample catalogue", () => {
  const offers = offerCatalogueSchema.parse(lk);

  it("parses with the offer schema", () => {
    expect(offerCatalogueSchema.safeParse(lk).success).toBe(true);
    expect(offers.length).toBeGreaterThan(0);
  });

  it("has unique ids and headers", () => {
    const ids = offers.map((offer) => offer.offer_id);
    const headers = offers.map((offer) => offer.header);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("lists sample lenders only", () => {
    for (const offer of offers) expect(offer.lender.sample, offer.lender.name).toBe(true);
  });

  it("lends within our amount bounds and on the step", () => {
    const { min, max, step } = LOAN_AMOUNT_LK;
    for (const { header, amount } of offers) {
      for (const value of [amount.min, amount.max]) {
        expect(value, header).toBeGreaterThanOrEqual(min);
        expect(value, header).toBeLessThanOrEqual(max);
        expect((value - min) % step, header).toBe(0);
      }
      expect(amount.min, header).toBeLessThanOrEqual(amount.max);
    }
  });

  it("keeps terms within 61 to 365 days", () => {
    for (const { header, termDays } of offers) {
      expect(termDays.min, header).toBeGreaterThanOrEqual(61);
      expect(termDays.max, header).toBeLessThanOrEqual(365);
      expect(termDays.min, header).toBeLessThanOrEqual(termDays.max);
    }
  });

  it("has a consistent age range", () => {
    for (const { header, criteria } of offers) {
      expect(criteria.minAge, header).toBeLessThanOrEqual(criteria.maxAge);
    }
  });

  it("has a logo file for every lender", () => {
    for (const { lender } of offers) {
      const file = path.join(LOGO_FOLDER, path.basename(lender.logo));
      expect(existsSync(file), lender.logo).toBe(true);
    }
  });

  it("links to lenders over https on a reserved .example host", () => {
    for (const { header, lender_link } of offers) {
      expect(lender_link, header).toBeDefined();
      const url = new URL(lender_link ?? "");
      expect(url.protocol, header).toBe("https:");
      expect(url.hostname.endsWith(".example"), url.hostname).toBe(true);
    }
  });

  it("uses known tags that match the repayment type", () => {
    for (const { header, tags, terms } of offers) {
      for (const tag of tags) expect(ALLOWED_TAGS, header).toContain(tag);
      const ownType = terms.repayment === "monthly" ? "monthly-instalments" : "single-repayment";
      const otherType = terms.repayment === "monthly" ? "single-repayment" : "monthly-instalments";
      expect(tags, header).toContain(ownType);
      expect(tags, header).not.toContain(otherType);
    }
  });

  it("has exactly one free first loan, and only it says so", () => {
    const free = offers.filter(
      ({ terms, amount }) =>
        terms.annualInterestRate === 0 &&
        terms.feeFixed === 0 &&
        terms.feePercent === 0 &&
        amount.max <= 50_000,
    );
    expect(free).toHaveLength(1);
    expect(free[0]?.tags).toContain("first-loan-free");
    const tagged = offers.filter(({ tags }) => tags.includes("first-loan-free"));
    expect(tagged.map((offer) => offer.offer_id)).toEqual([free[0]?.offer_id]);
  });
});
