import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApplicationDecisions } from "../../core/decisions";
import { approvedDecision, decisionsOf, licensedOffer } from "../../core/decisions.fixtures";
import { applicationSchema } from "../../core/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/schemas/application.fixtures";
import type { LeadOffers } from "../../core/site-contract";
import { renderPage } from "../../site/server";
import { createVerifiedLead } from "../borrowers/applicant.test-support";
import { fixedCatalogue, loadCatalogues } from "../lenders/catalogue";
import { setUpTestApp } from "../test-support";

/**
 * The offers page of a visitor's application as the server renders it with
 * lenders' decisions (issue 15). The decision network fills
 * `LeadOffers.decisions` in production; here a fixture stands in for it,
 * put into the render the app makes for the visitor's real, verified lead.
 */
const offers = [...(loadCatalogues().get("lk") ?? []), licensedOffer];
/** The render's clock: a second into the three-second wait for lenders. */
const NOW = new Date("2026-11-21T08:00:01.000Z");
let fixture: Partial<LeadOffers> = {};

const context = setUpTestApp({
  catalogues: new Map([["lk", fixedCatalogue(offers)]]),
  renderPage: (path, options) =>
    renderPage(path, {
      ...options,
      now: NOW,
      lead: options.lead && { ...options.lead, ...fixture },
    }),
});

let leadId = "";
beforeAll(async () => {
  const application = applicationSchema(TEST_TODAY).parse({ ...validApplication, term: 90 });
  ({ verifiedLeadId: leadId } = await createVerifiedLead(
    context.test.storage,
    application,
    offers,
  ));
});

/** The visitor's offers page with these decisions (and anything else of the lead replaced). */
async function offersPage(
  decisions: ApplicationDecisions | undefined,
  { path = "/en/offers/", lead = {} }: { path?: string; lead?: Partial<LeadOffers> } = {},
) {
  fixture = { decisions, ...lead };
  const res = await inject(context.app, {
    method: "GET",
    url: path,
    headers: { cookie: `lead=${leadId}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The page's state, as the browser hydrates it. */
function stateOf(html: string) {
  const json = /<script type="application\/json" id="app-state">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? "null");
}

/** The text between two markers, tags removed: what a reader sees of that stretch. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** A figure of each matched offer's card, in the page's order, as numbers. */
function figuresOfMatched(html: string, figure: "total" | "apr"): number[] {
  const start = html.indexOf("offers matching you</h2>");
  const section = html.slice(start, html.indexOf("</section>", start));
  expect(start).toBeGreaterThan(0);
  return [...section.matchAll(new RegExp(`data-figure="${figure}">([^<]*)<`, "g"))].map((match) =>
    Number((match[1] ?? "").replace(/[^\d.]/g, "")),
  );
}

const ascending = (values: number[]) =>
  values.length > 1 && values.every((value, index) => value >= (values[index - 1] ?? value));

/** Offer headers in the order the page lists them. */
function headersIn(html: string): string[] {
  return [...html.matchAll(/<h3 id="[^"]*" class="lw-offer-title">([^<]*)<\/h3>/g)].map(
    (match) => match[1] ?? "",
  );
}

const waiting = () =>
  decisionsOf([
    approvedDecision("lanka-trust", 901, 40_000, 90),
    { lenderId: "kandy-lane", status: "declined" },
    { lenderId: "lagoon-kite", status: "waiting" },
  ]);

describe("the offers page while lenders decide", () => {
  it("renders at once what is known: the progress, the pre-approval first, the matches, the no", async () => {
    const html = await offersPage(waiting());
    const text = textOf(html);
    expect(html).toMatch(/<div class="decisions-progress" role="status" aria-live="polite">/);
    expect(text).toContain("Asking 3 lenders for their decisions… 2 of 3 answered so far.");
    expect(text).toContain("1 pre-approved offer");
    expect(text).toContain("Pre-approved Less than the Rs. 50,000 you asked for.");
    expect(text).toContain("Offer valid until 28/11/2026.");
    expect(text).toContain("Approved amount Rs. 40,000");
    // The asked lenders show only by their decision: Kandy Lane's and Lagoon Kite's products are not listed.
    const headers = headersIn(html);
    expect(headers[0]).toBe("Lanka Trust Personal Loan");
    expect(headers).not.toContain("Salary Advance 90");
    expect(headers).not.toContain("First Loan Free");
    expect(text).toContain("1 lender did not offer you a loan this time: Kandy Lane Credit.");
    expect(text).not.toContain("did not answer in time");
  });

  it("reloads itself without JavaScript until the deadline, and never with it", async () => {
    const html = await offersPage(waiting());
    expect(html).toContain(
      '<noscript data-page-head><meta http-equiv="refresh" content="2"></noscript>',
    );
    expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);
    // Past the deadline by the server's clock, even if not yet marked complete: no more reloads.
    const late = await offersPage({ ...waiting(), deadline: "2026-11-21T08:00:00.500Z" });
    expect(late).not.toContain("refresh");
    expect(await offersPage({ ...waiting(), complete: true })).not.toContain("refresh");
    expect(await offersPage(undefined)).not.toContain("refresh");
  });

  it("gives the browser the application's id for the decisions' stream, in the state only", async () => {
    const html = await offersPage(waiting());
    expect(stateOf(html).view.lead).toMatchObject({ leadId, decisions: waiting() });
    expect(html.match(new RegExp(leadId, "g"))).toHaveLength(1);
  });
});

describe("the offers page once lenders have decided", () => {
  it("says how many answered and who did not, without blame", async () => {
    const html = await offersPage({ ...waiting(), complete: true });
    const text = textOf(html);
    expect(text).toContain("2 of 3 lenders answered.");
    expect(text).toContain("1 lender did not answer in time: Lagoon Kite Finance.");
    expect(text).toContain("Each lender decides by its own criteria");
    expect(html).not.toContain("<progress");
  });

  it("shows SPEC §2's rejected screen when no lender pre-approved or matched the application", async () => {
    const declined = decisionsOf([{ lenderId: "lanka-trust", status: "declined" }], {
      complete: true,
    });
    const html = await offersPage(declined, { lead: { activeOfferIds: [] } });
    expect(html).toContain("<title>Other lenders may still help you | NayaCompare</title>");
    expect(textOf(html)).toContain("Tell us how much you need and apply again");
    expect(headersIn(html)).toEqual([]);
    // Still waiting: the visitor waits with the others listed, not rejected yet.
    const open = await offersPage(decisionsOf([{ lenderId: "lanka-trust", status: "waiting" }]), {
      lead: { activeOfferIds: [] },
    });
    expect(open).not.toContain("Other lenders may still help you");
    expect(textOf(open)).toContain("Asking 1 lender for its decision…");
    // No lender asked in real time and no match: rejected at once.
    const none = await offersPage(undefined, { lead: { activeOfferIds: [] } });
    expect(none).toContain("<title>Other lenders may still help you | NayaCompare</title>");
  });

  it("is the same in Sinhala: the lender's Sinhala name and licence on its card", async () => {
    const html = await offersPage(waiting(), { path: "/offers/" });
    const text = textOf(html);
    expect(text).toContain("ලංකා ට්‍රස්ට් ෆිනෑන්ස්");
    expect(text).toContain("ශ්‍රී ලංකා මහ බැංකුව: බලපත්‍රලාභී මුදල් සමාගම, අංක LFC-042");
    expect(text).toContain("පූර්ව අනුමතයි");
    expect(text).toContain("ණය දෙන ආයතන 3කින් තීරණ විමසමින්…");
  });
});

describe("the offers on the page", () => {
  it("lead to /go/{offerId} in a new tab, saying so to screen readers", async () => {
    const html = await offersPage({ ...waiting(), complete: true });
    const links = [...html.matchAll(/<a class="lw-cta"[^>]*>[\s\S]*?<\/a>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) {
      expect(link).toMatch(/href="\/go\/\d+"/);
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener"');
      expect(link).toContain('<span class="visually-hidden"> (opens in a new tab)</span>');
    }
  });

  it("show the licence of a licensed lender on its card in English", async () => {
    const html = await offersPage(waiting());
    expect(textOf(html)).toContain("CBSL: licensed finance company, no. LFC-042");
  });

  it("are ranked by total, then sorted as the visitor asks, the pre-approval staying first", async () => {
    const byTotal = await offersPage(waiting());
    expect(byTotal).toContain('<option value="total" selected="">');
    expect(ascending(figuresOfMatched(byTotal, "total"))).toBe(true);
    const byApr = await offersPage(waiting(), { path: "/en/offers/?sort=apr" });
    expect(byApr).toContain('<option value="apr" selected="">');
    expect(headersIn(byApr)[0]).toBe("Lanka Trust Personal Loan");
    expect(ascending(figuresOfMatched(byApr, "apr"))).toBe(true);
    const unknown = await offersPage(waiting(), { path: "/en/offers/?sort=cheapest" });
    expect(headersIn(unknown)).toEqual(headersIn(byTotal));
    // The sort form works without JavaScript: a GET of this page with ?sort=.
    expect(byTotal).toMatch(/<form class="sort-form" method="get">/);
    expect(byTotal).toMatch(/<noscript><button type="submit"[^>]*>Sort<\/button><\/noscript>/);
    expect(textOf(byTotal)).toContain("How we rank offers");
  });
});
