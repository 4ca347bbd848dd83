import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";
import { countApprovalOdds } from "./approval-odds";
import { registerOddsLenders, seedOddsDecisions, times } from "./approval-odds.test-support";

/**
 * GET /api/approval-odds (issue 36, decision 0449): a partial profile's odds
 * per lender, by bands only, public and cacheable like the offers feed.
 */
const context = setUpTestApp();
const get = (url: string) => inject(context.app, { method: "GET", url });

describe("GET /api/approval-odds", () => {
  it("answers each lender's odds for the bands, none below 30 answers, cacheable by anyone", async () => {
    const storage = context.test.storage;
    await registerOddsLenders(storage, ["odds-one", "odds-two"], 970_201);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    // Rs. 150,000 over 180 days (bands 2 and 1), 85,000 a month (income band 1).
    const lead = { amount: 150_000, term_days: 180, monthly_income: 85_000, age: 34 };
    await seedOddsDecisions(
      storage,
      "odds-one",
      [...times(12, "approved"), ...times(18, "declined")],
      yesterday,
      lead,
    );
    await seedOddsDecisions(storage, "odds-two", times(29, "approved"), yesterday, lead);
    await countApprovalOdds(storage, new Date(), { withSandbox: false });

    const res = await get("/api/approval-odds?amount_band=2&term_band=1&income_band=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    // 30 answers, 12 yes, the prior the lender's own 0.4: 4 in 10; never the share itself.
    expect(res.json()).toEqual({
      windowDays: 90,
      lenders: { "odds-one": { inTen: 4, likelihood: "possible", basis: 30 } },
    });
    // Without the income band: the loan's bands alone, the same 30 answers here.
    const loan = await get("/api/approval-odds?amount_band=2&term_band=1");
    expect(loan.json().lenders["odds-one"]).toMatchObject({ basis: 30 });
    // Another income band: nobody.
    const other = await get("/api/approval-odds?amount_band=2&term_band=1&income_band=3");
    expect(other.json()).toEqual({ windowDays: 90, lenders: {} });
  });

  it.each([
    ["no bands", "", "invalid_band"],
    ["no term band", "?amount_band=2", "invalid_band"],
    ["a band past the last", "?amount_band=5&term_band=1", "invalid_band"],
    ["an income band past the last", "?amount_band=2&term_band=1&income_band=4", "invalid_band"],
    ["an amount in rupees", "?amount_band=150000&term_band=1", "invalid_band"],
    ["a list", "?amount_band=2&amount_band=3&term_band=1", "invalid_band"],
    // Every API request's check (server/http), before this route.
    ["a NUL", "?amount_band=2%00&term_band=1", "invalid_character"],
  ])("refuses %s with a 400 and the envelope", async (_name, query, code) => {
    const res = await get(`/api/approval-odds${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code } });
  });
});
