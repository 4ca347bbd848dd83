import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteOffers } from "../../core/domain/offer-quotes";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import type { Offer } from "../../core/domain/schemas/offer";
import { colomboToday } from "../../core/helpers/dates";
import { codeSentTo, postJsonTo } from "../borrowers/applicant.test-support";
import { createPartner } from "../partners/partners";
import {
  approval,
  lenderSpec,
  namedUrl,
  productFor,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";

/**
 * One ranking everywhere (issue 30, decision 0355): for the same lead, the
 * offers page, the link we send (the verification's offersUrl), the partner
 * API and the lead feed list the same offers in the same order, and none of
 * a lender that declined or failed; for the same loan, the widget (which
 * ranks the feed config itself), the partner API and the feed config agree.
 * Real lenders on loopback: one approving a loan that fits the income, one
 * approving one that is hard to repay, one declining, one refusing
 * connections, one answering garbage.
 */
const context = setUpDecisionApp({ breakerFailures: 1_000 });
const lenders: TestLender[] = [];
const auth = { authorization: "" };
let dead: TestLender;

beforeAll(async () => {
  const monthly = { annualInterestRate: 0.2, feeFixed: 0, feePercent: 0, repayment: "monthly" };
  const fits = await startTestLender(() => ({
    status: 200,
    body: approval(930_001, { termDays: 360, terms: monthly }),
  }));
  const hard = await startTestLender(() => ({ status: 200, body: approval(930_002) }));
  const declines = await startTestLender(() => ({
    status: 200,
    body: { decision: "declined", reason: "policy" },
  }));
  dead = await startTestLender(() => ({ status: 200, body: approval(930_004) }));
  const garbled = await startTestLender(() => ({ status: 200, body: "<html>" }));
  lenders.push(fits, hard, declines, garbled);
  await context.onlyLenders([
    lenderSpec("rank-fits", namedUrl(fits), [930_001], {
      products: [productFor(930_001, { terms: monthly as Offer["terms"] })],
    }),
    lenderSpec("rank-hard", namedUrl(hard), [930_002]),
    lenderSpec("rank-declines", namedUrl(declines), [930_003]),
    lenderSpec("rank-dead", namedUrl(dead), [930_004]),
    lenderSpec("rank-garbled", namedUrl(garbled), [930_005]),
  ]);
  // Nothing listens there any more: every connection is refused.
  await dead.close();
  const { keys } = await createPartner(context.test.storage, {
    id: "ranking-partner",
    name: "Ranking Partner",
    payoutModel: "lead",
    payoutRupees: 100,
    origins: [],
    postbackUrl: null,
  });
  auth.authorization = `Bearer ${keys.secretKey}`;
});

afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  inject(context.app, { method: "GET", url, headers });

/** The offer ids a page links to (/go/{id}), in the order it shows them, each once. */
function offerIdsOnPage(html: string): number[] {
  const ids = [...html.matchAll(/href="\/go\/(\d+)"/g)].map((match) => Number(match[1]));
  return [...new Set(ids)];
}

describe("one ranking for a lead", () => {
  it("gives the same offers in the same order on every surface, none of a lender that said no or failed", async () => {
    const phone = "0779930001";
    const created = await postJsonTo(
      context.app,
      "/api/partner/v1/leads?lang=en",
      { ...validApplication, amount: 50_000, term: 91, phone },
      auth,
    );
    expect(created.statusCode).toBe(201);
    const leadId = (created.json() as { leadId: string }).leadId;
    const verified = await postJsonTo(
      context.app,
      `/api/partner/v1/leads/${leadId}/verification?lang=en`,
      { code: codeSentTo(context.messages(), phone) },
      auth,
    );
    expect(verified.statusCode).toBe(200);
    const verification = verified.json() as {
      offersUrl: string;
      offers: { offerId: number }[];
    };
    const refused = [930_003, 930_004, 930_005];
    // Before any lender answered: never a product of a lender asked in real time.
    for (const { offerId } of verification.offers) {
      expect([930_001, 930_002, ...refused]).not.toContain(offerId);
    }
    await context.network.idle();
    const decisions = (await context.offersOf(leadId)).decisions.decisions;
    expect(decisions.map((decision) => [decision.lenderId, decision.status])).toEqual([
      ["rank-dead", "failed"],
      ["rank-declines", "declined"],
      ["rank-fits", "approved"],
      ["rank-garbled", "failed"],
      ["rank-hard", "approved"],
    ]);

    const feed = (
      await get(`/api/feed/leads?lead_id=${leadId}&page=all&direction=swap&pf=1`)
    ).json();
    const partner = (
      await get(`/api/partner/v1/leads/${leadId}`, { authorization: auth.authorization })
    ).json() as { offerIds: number[] };
    const page = offerIdsOnPage(
      (await get("/en/offers/?all=1", { cookie: `lead=${leadId}` })).body,
    );
    // The link we send: its token puts the lead into the cookie, then the same page.
    const landing = await get(
      new URL(verification.offersUrl).pathname + new URL(verification.offersUrl).search,
    );
    expect(landing.statusCode).toBe(303);
    const cookie = String(landing.headers["set-cookie"]).split(";")[0] ?? "";
    const linked = offerIdsOnPage((await get("/en/offers/?all=1", { cookie })).body);

    // The fitting pre-approval first; the one hard to repay after the matched offer that fits
    // (110's instalments), leading only the offers hard to repay (decision 0355).
    expect(feed[0]).toBe(930_001);
    expect(feed.indexOf(930_002)).toBeGreaterThan(feed.indexOf(110));
    expect(feed.indexOf(110)).toBeGreaterThan(0);
    expect(feed.length).toBeGreaterThan(2);
    for (const id of refused) expect(feed).not.toContain(id);
    expect(partner.offerIds).toEqual(feed);
    // The page also lists the others that lend the loan: the lead's own offers keep their order.
    expect(page.filter((id) => feed.includes(id))).toEqual(feed);
    expect(feed.every((id: number) => page.includes(id))).toBe(true);
    expect(linked).toEqual(page);
    for (const id of refused) expect(page).not.toContain(id);
  });
});

describe("one ranking for a loan", () => {
  it("gives the widget, the partner API and the feed config the same order", async () => {
    const loan = { amount: 60_000, termDays: 180 };
    const config = (await get("/api/feed/config")).json() as Offer[];
    // What the widget's offer list does with the feed config (widget/components/OfferList.tsx).
    const widget = quoteOffers(config, loan, colomboToday(new Date())).map(
      (item) => item.offer.offer_id,
    );
    const partner = (
      await get(`/api/partner/v1/offers?amount=${loan.amount}&term=${loan.termDays}&lang=en`, {
        authorization: auth.authorization,
      })
    ).json() as { offers: { offerId: number; rank: number }[] };
    expect(widget.length).toBeGreaterThan(2);
    expect(partner.offers.map((offer) => offer.offerId)).toEqual(widget);
    expect(partner.offers.map((offer) => offer.rank)).toEqual(
      widget.map((_id, index) => index + 1),
    );
  });
});
