import { describe, expect, it } from "vitest";
import { MAX_AGE, MIN_AGE } from "../../core/domain/nic";
import { LOAN_TERM_GRID } from "../../core/domain/product";
import { applicationFields } from "../../core/domain/schemas/application";
import lk from "./catalogues/lk.json";

/**
 * The eligibility check says a "no" to any of its four questions rules out
 * every lender, and its copy quotes the catalogue's age limits (decision
 * 0178, core/messages "why:*", site/content/pages/{si,en}/how.md). These are
 * the rules that make it true.
 */
describe("the eligibility check's claims", () => {
  it("age: no product lends outside 18 to 70, and the application checks 18 to 70", () => {
    expect([MIN_AGE, MAX_AGE]).toEqual([18, 70]);
    for (const offer of lk) {
      expect(offer.criteria.minAge).toBeGreaterThanOrEqual(MIN_AGE);
      expect(offer.criteria.maxAge).toBeLessThanOrEqual(MAX_AGE);
    }
    // "some from 21, or up to 60"
    expect(Math.max(...lk.map((offer) => offer.criteria.minAge))).toBe(21);
    expect(Math.min(...lk.map((offer) => offer.criteria.maxAge))).toBe(60);
  });

  it("the lowest income any product asks is Rs. 20,000 a month (how.md)", () => {
    expect(Math.min(...lk.map((offer) => offer.criteria.minMonthlyIncome))).toBe(20_000);
  });

  it("NIC, mobile number and bank: the application cannot be sent without them", () => {
    for (const field of ["nic", "phone", "bank"] as const) {
      expect(applicationFields[field].safeParse("").success).toBe(false);
      expect(applicationFields[field].safeParse(undefined).success).toBe(false);
    }
    // A foreign mobile number is not taken either.
    expect(applicationFields.phone.safeParse("+44 7700 900123").success).toBe(false);
    expect(applicationFields.phone.safeParse("0771234567").success).toBe(true);
  });
});

describe("the calculator's term grid (decision 0175)", () => {
  it("offers every product of the catalogue at least one of its terms", () => {
    for (const offer of lk) {
      const inRange = LOAN_TERM_GRID.filter(
        (days) => days >= offer.termDays.min && days <= offer.termDays.max,
      );
      expect(inRange.length, `offer ${offer.offer_id}`).toBeGreaterThan(0);
    }
  });
});
