import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  approvedDecision,
  decisionsOf,
  licensedOffer,
} from "../../../core/domain/decisions.fixtures";
import { rankLeadOffers } from "../../../core/domain/offer-quotes";
import type { Offer } from "../../../core/domain/schemas/offer";
import type { Locale } from "../../../core/locale";
import { offersMessagesFor } from "../../messages/offers";
import { rowParts } from "./offer-row-parts";

/**
 * A row's parts on the income given (decision 0355): an offer hard to repay
 * leads with that, never with the green "pre-approved" chip or a button, and
 * names the lender's longer instalment loan that fits, linked as a click-out.
 */
const today = "2026-11-28";
const atOnce: Offer = {
  ...licensedOffer,
  termDays: { min: 61, max: 120 },
  terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment: "single" },
};
const monthly: Offer = {
  ...licensedOffer,
  offer_id: 902,
  header: "Lanka Trust Instalments",
  termDays: { min: 150, max: 360 },
  terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment: "monthly" },
};
const lead = {
  leadId: "l",
  amount: 100_000,
  termDays: 90,
  activeOfferIds: [],
  monthlyIncome: 85_000,
  decisions: decisionsOf([approvedDecision("lanka-trust", 901, 100_000, 90, atOnce.terms)]),
};

function rowOf(locale: Locale) {
  const [item] = rankLeadOffers([atOnce, monthly], lead, today).filter(
    (entry) => entry.approval !== undefined,
  );
  if (!item) throw new Error("no approval ranked");
  const parts = rowParts(item, lead, offersMessagesFor(locale));
  return {
    item,
    parts,
    html: renderToStaticMarkup(
      <>
        {parts.children}
        {parts.afterActions}
      </>,
    ),
  };
}

describe("a row hard to repay", () => {
  it("warns first, has no button, and links the lender's longer loan that fits, through the click-out page", () => {
    const { item, parts, html } = rowOf("en");
    expect(item.affordability).toBe("hard");
    expect(parts.ctaText).toBe("");
    expect(html).toContain("offer-status-hard");
    expect(html).toContain("Hard to repay");
    expect(html).not.toContain("offer-status-approved");
    expect(html).toContain("More than half of your income");
    const longer = item.longerTerm;
    expect(longer?.offerId).toBe(902);
    expect(html).toContain(`href="/go/902"`);
    // The click-out page opens in place; it opens the lender in a new tab (issue 32).
    expect(html).not.toContain("_blank");
    expect(html).toMatch(
      /Over \d+ months with this lender: Rs\. [\d,]+ a month, within your income\./,
    );
  });

  it("says so in Sinhala and Tamil too", () => {
    expect(rowOf("si").html).toContain("ආපසු ගෙවීමට අපහසුයි");
    expect(rowOf("ta").html).toContain("திருப்பிச் செலுத்தக் கடினம்");
  });
});
