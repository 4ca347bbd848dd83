import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Offer } from "../core/domain/schemas/offer";
import { incomeBandOf } from "./approval-odds-feed";
import { OfferList } from "./components/OfferList";

/** Two sample lenders' products that lend Rs. 100,000 over 180 days. */
const offer = (offerId: number, lenderId: string): Offer => ({
  offer_id: offerId,
  header: `Instalment ${offerId}`,
  tags: [],
  lender_link: `https://${lenderId}.example/apply`,
  lender: {
    id: lenderId,
    name: `${lenderId} Lending`,
    logo: `/lenders/${lenderId}.svg`,
    sample: true,
  },
  amount: { min: 20_000, max: 200_000 },
  termDays: { min: 180, max: 365 },
  terms: { annualInterestRate: 0.28, feeFixed: 1500, feePercent: 0.02, repayment: "monthly" },
  criteria: { minAge: 21, maxAge: 65, minMonthlyIncome: 50_000, employment: ["salaried"] },
});

const render = (odds?: Parameters<typeof OfferList>[0]["odds"]) =>
  renderToStaticMarkup(
    <OfferList
      locale="en"
      selection={{ amount: 100_000, termDays: 180 }}
      today="2026-11-29"
      feed={{ status: "ready", offers: [offer(1, "tea-terrace"), offer(2, "lotus-pond")] }}
      onRetry={() => undefined}
      offerHref={(id) => `/apply/${id}`}
      assetBase="https://ours.example"
      odds={odds}
    />,
  ).replaceAll("<!-- -->", "");

describe("the widget's approval odds", () => {
  it("reads the income-band attribute as a band 0–3, anything else as none", () => {
    expect(["0", "1", "2", "3"].map(incomeBandOf)).toEqual([0, 1, 2, 3]);
    for (const value of [undefined, "", "4", "-1", "1.5", "one", "85000"]) {
      expect(incomeBandOf(value), String(value)).toBeUndefined();
    }
  });

  it("shows each offer's lender's odds where the answer has them, linking the method", () => {
    const html = render({ "tea-terrace": { inTen: 7, likelihood: "likely", basis: 214 } });
    expect(html.match(/class="lw-odds /g)).toHaveLength(1);
    expect(html).toContain("Likely: 7 in 10 applicants like you were pre-approved.");
    expect(html).toContain("Based on 214 applications in the last 90 days.");
    expect(html).toContain('href="https://ours.example/en/approval-odds/"');
    // In tea-terrace's card, not lotus-pond's.
    const card = html.slice(
      html.indexOf("tea-terrace Lending"),
      html.indexOf("lotus-pond Lending"),
    );
    expect(card).toContain("lw-odds");
  });

  it("shows no odds without them", () => {
    expect(render()).not.toContain("lw-odds");
    expect(render({})).not.toContain("lw-odds");
  });
});
