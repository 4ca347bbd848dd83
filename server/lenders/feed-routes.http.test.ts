import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { colomboToday } from "../../core/dates";
import { quoteLoan } from "../../core/loan";
import { LOAN_TERM_LK } from "../../core/product";
import type { Offer } from "../../core/schemas/offer";
import { setUpTestApp } from "../test-support";
import lk from "./catalogues/lk.json";

const byId = (left: { offer_id: number }, right: { offer_id: number }) =>
  left.offer_id - right.offer_id;

const context = setUpTestApp();

describe("GET /api/feed/config/:name", () => {
  it("answers the Sri Lankan catalogue to any origin, cacheable for a while", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/lk" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const body = res.json() as Offer[];
    // Every offer as the catalogue has it; only the order is ours.
    expect(body.toSorted(byId)).toEqual((lk as Offer[]).toSorted(byId));
  });

  it("ranks the catalogue for the calculator's default loan: those that lend it by total, then the rest", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/lk" });
    const body = res.json() as Offer[];
    const lends = (offer: Offer) =>
      offer.amount.min <= 50_000 &&
      offer.amount.max >= 50_000 &&
      offer.termDays.min <= LOAN_TERM_LK.default &&
      offer.termDays.max >= LOAN_TERM_LK.default;
    const firstOther = body.findIndex((offer) => !lends(offer));
    expect(firstOther).toBeGreaterThan(1);
    expect(body.slice(firstOther).every((offer) => !lends(offer))).toBe(true);
    const totals = body.slice(0, firstOther).map(
      (offer) =>
        quoteLoan({
          amount: 50_000,
          termDays: LOAN_TERM_LK.default,
          terms: offer.terms,
          startDate: colomboToday(new Date()),
        }).total,
    );
    // Issue 15: it was the catalogue's order.
    expect(totals).toEqual(totals.toSorted((left, right) => left - right));
  });

  it.each(["zz", "LK", "lk.json", "..%2Flk", "a".repeat(300)])(
    "answers an unknown config name %s with a JSON 404",
    async (name) => {
      const res = await inject(context.app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toMatch(/^(unknown_feed_config|not_found)$/);
    },
  );
});
