import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import type { ApplicationOffers } from "../../core/domain/decisions";
import {
  approval,
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";

/**
 * The borrower's side of the decisions (issue 15): the JSON at
 * GET /api/applications/{leadId}/offers, for the lead the cookie names
 * only, and the decisions in the offers page's render. The stream is
 * application-offers-stream.http.test.ts.
 */

const lenders: TestLender[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

async function lender(...args: Parameters<typeof startTestLender>) {
  const started = await startTestLender(...args);
  lenders.push(started);
  return started;
}

describe("GET /api/applications/{leadId}/offers", () => {
  const context = setUpDecisionApp();

  it("answers the applicant's own application only: the lead cookie must name it", async () => {
    const answering = await lender(() => ({ status: 200, body: approval(980_001) }));
    await context.onlyLenders([lenderSpec("json-lender", namedUrl(answering), [980_001])]);
    const leadId = await context.apply();
    const otherId = await context.apply();
    await context.network.idle();
    const get = (cookie?: string, id = leadId) =>
      inject(context.app, {
        method: "GET",
        url: `/api/applications/${id}/offers`,
        headers: cookie ? { cookie } : {},
      });
    for (const res of [
      await get(),
      await get(`lead=${otherId}`),
      await get(`lead_pending=${leadId}`),
      await get("lead=AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("unknown_application");
    }
    const res = await get(`lead=${leadId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const offers = res.json() as ApplicationOffers;
    // The approval first, then the sample offers matched by their criteria.
    expect(offers.activeOfferIds[0]).toBe(980_001);
    expect(offers.activeOfferIds.length).toBeGreaterThan(1);
    expect(offers).toEqual({
      amount: 50_000,
      termDays: 91,
      activeOfferIds: offers.activeOfferIds,
      decisions: {
        asked: 1,
        answered: 1,
        deadline: expect.any(String),
        complete: true,
        decisions: [
          {
            lenderId: "json-lender",
            status: "approved",
            offer: expect.objectContaining({ offerId: 980_001 }),
          },
        ],
      },
    });
  });

  it("gives the offers page the decisions in its render (LeadOffers.decisions)", async () => {
    const answering = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "age" },
    }));
    await context.onlyLenders([lenderSpec("render-lender", namedUrl(answering), [980_011])]);
    const leadId = await context.apply();
    await context.network.idle();
    const res = await inject(context.app, {
      method: "GET",
      url: `/client-api/page?path=${encodeURIComponent("/en/offers/")}`,
      headers: { cookie: `lead=${leadId}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().state.view.lead).toMatchObject({
      leadId,
      amount: 50_000,
      decisions: {
        asked: 1,
        complete: true,
        decisions: [{ lenderId: "render-lender", status: "declined" }],
      },
    });
  });

  it("says no lender was asked when none decides by API for this application", async () => {
    await context.onlyLenders([]);
    const leadId = await context.apply();
    const offers = await context.offersOf(leadId);
    expect(offers.decisions).toMatchObject({
      asked: 0,
      answered: 0,
      complete: true,
      decisions: [],
    });
    // The matched sample offers, as before decisions existed.
    expect(offers.activeOfferIds.length).toBeGreaterThan(0);
  });
});
