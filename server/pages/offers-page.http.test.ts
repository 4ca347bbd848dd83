import inject from "light-my-request";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApplicationOffers } from "../../core/domain/decisions";
import { AFFORDABLE_SHARE } from "../../core/domain/offer-quotes";
import type { Offer } from "../../core/domain/schemas/offer";
import { renderPage } from "../../site/server";
import lk from "../lenders/catalogues/lk.json";
import { seedOddsForLead } from "../offers/approval-odds.test-support";
import {
  approval,
  type LenderReply,
  lenderSpec,
  namedUrl,
  productFor,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";

/**
 * The offers page of a visitor's application as the server renders it
 * while real lenders decide (issue 15): three lenders on loopback asked by
 * the decision network after a real application and code, one approving a
 * smaller loan at once, one declining, one silent until the test lets it
 * answer (garbage: recorded as no usable answer). The render's clock can be
 * moved to see the page past its deadline.
 */
let clock: Date | undefined;
const context = setUpDecisionApp(
  // Long enough that nothing ends by the clock during a test; many failures never trip a breaker.
  { deadlineMs: 60_000, breakerFailures: 1_000 },
  {
    renderPage: (path, options) =>
      renderPage(path, { ...options, ...(clock ? { now: clock } : {}) }),
  },
);

const lenders: TestLender[] = [];
/** The silent lender's open requests: each waits until the test answers it. */
const silent: ((reply: LenderReply) => void)[] = [];
const answerSilent = () => {
  for (const reply of silent.splice(0)) reply({ status: 200, body: "not a decision" });
};

beforeAll(async () => {
  // Lends 40,000 of the 50,000 asked; declines an income below Rs. 20,000.
  const approving = await startTestLender((request) =>
    Number(request.json.applicant.monthlyIncome) < 20_000
      ? { status: 200, body: { decision: "declined", reason: "income_too_low" } }
      : { status: 200, body: approval(901, { amount: 40_000 }) },
  );
  const declining = await startTestLender(() => ({
    status: 200,
    body: { decision: "declined", reason: "income_too_low" },
  }));
  const waiting = await startTestLender(
    () => new Promise<LenderReply>((resolve) => silent.push(resolve)),
  );
  lenders.push(approving, declining, waiting);
  await context.onlyLenders([
    lenderSpec("lanka-trust", namedUrl(approving), [901], {
      names: { en: "Lanka Trust Finance", si: "ලංකා ට්‍රස්ට් ෆිනෑන්ස්" },
      licence: { category: "licensed_finance_company", number: "LFC-042" },
      products: [productFor(901, { header: "Lanka Trust Personal Loan" })],
    }),
    lenderSpec("kandy-hill", namedUrl(declining), [902], {
      names: { en: "Kandy Hill Credit", si: "මහනුවර කඳු ණය" },
      products: [productFor(902, { header: "Kandy Hill Quick Loan" })],
    }),
    lenderSpec("lagoon-gate", namedUrl(waiting), [903], {
      names: { en: "Lagoon Gate Finance", si: "කලපු දොරටු මූල්‍ය" },
      products: [productFor(903, { header: "Lagoon Gate Loan" })],
    }),
  ]);
});

afterEach(() => {
  clock = undefined;
  answerSilent();
});

afterAll(async () => {
  answerSilent();
  await context.network.idle();
  await Promise.all(lenders.map((lender) => lender.close()));
});

/** Reads the application's offers until `done` says so (each decision is written as it comes). */
async function until(
  leadId: string,
  done: (offers: ApplicationOffers) => boolean,
): Promise<ApplicationOffers> {
  const limit = Date.now() + 10_000;
  for (;;) {
    const offers = await context.offersOf(leadId);
    if (done(offers)) return offers;
    if (Date.now() > limit) throw new Error(`still waiting: ${JSON.stringify(offers.decisions)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A new application with two of its three lenders answered; the silent one still waiting. */
async function whileWaiting(overrides: Record<string, unknown> = {}) {
  const leadId = await context.apply(overrides);
  const offers = await until(leadId, ({ decisions }) => decisions.answered === 2);
  return { leadId, offers };
}

/** A new application once every lender has answered (the silent one with garbage). */
async function onceDecided(overrides: Record<string, unknown> = {}) {
  const leadId = await context.apply(overrides);
  await until(leadId, ({ decisions }) => decisions.answered === 2);
  answerSilent();
  const offers = await until(leadId, ({ decisions }) => decisions.complete);
  return { leadId, offers };
}

async function offersPage(leadId: string, path = "/en/offers/") {
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

/** What a reader sees of the page: tags and scripts removed. */
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

/** An income no sample lender's criteria admit (their least is Rs. 20,000); the API lenders' do. */
const MATCHING_NOTHING = { monthlyIncome: 15_000 };

describe("the offers page while lenders decide", () => {
  it("renders at once what is known: the progress, the pre-approval first, the matches, the no", async () => {
    const { leadId } = await whileWaiting();
    const html = await offersPage(leadId);
    const text = textOf(html);
    expect(html).toMatch(/<div class="decisions-progress" role="status" aria-live="polite">/);
    expect(text).toContain("Asking 3 lenders for their decisions… 2 of 3 answered so far.");
    expect(text).toContain("1 pre-approved offer");
    expect(text).toContain("Pre-approved Less than the Rs. 50,000 you asked for.");
    // Under "More details" with the approved loan (issue 32: the card stays short).
    expect(text).toMatch(/Offer valid until \d\d\/\d\d\/\d{4}/);
    expect(text).toContain("Approved amount Rs. 40,000");
    const headers = headersIn(html);
    expect(headers[0]).toBe("Lanka Trust Personal Loan");
    // The asked lenders show only by their decision: the others' products are not listed.
    expect(headers).not.toContain("Kandy Hill Quick Loan");
    expect(headers).not.toContain("Lagoon Gate Loan");
    // The samples matched by their criteria are there, under the pre-approval.
    expect(headers.length).toBeGreaterThan(2);
    expect(text).toContain("1 lender did not offer you a loan this time: Kandy Hill Credit.");
    expect(text).not.toContain("did not reply in time");
  });

  it("reloads itself without JavaScript until the deadline, and never with it", async () => {
    const { leadId, offers } = await whileWaiting();
    const html = await offersPage(leadId);
    expect(html).toContain(
      '<noscript data-page-head><meta http-equiv="refresh" content="2"></noscript>',
    );
    expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);
    // Well past the deadline by the server's clock, even if not marked complete: no more reloads.
    clock = new Date(Date.parse(offers.decisions.deadline) + 60_000);
    expect(await offersPage(leadId)).not.toContain("refresh");
    clock = undefined;
    answerSilent();
    await until(leadId, ({ decisions }) => decisions.complete);
    expect(await offersPage(leadId)).not.toContain("refresh");
  });

  it("gives the browser the application's id for the decisions' stream, in the state only", async () => {
    const { leadId, offers } = await whileWaiting();
    const html = await offersPage(leadId);
    expect(stateOf(html).view.lead).toMatchObject({ leadId, decisions: offers.decisions });
    expect(html.match(new RegExp(leadId, "g"))).toHaveLength(1);
  });
});

describe("approval odds on the offers page (issue 36)", () => {
  afterEach(async () => {
    await context.test.storage.db.deleteFrom("approval_odds").execute();
  });

  it("shows a lender still deciding with its odds, in each language; an answered one and a settled page without", async () => {
    const { leadId } = await whileWaiting();
    // Enough answers behind both: Lanka Trust has answered (its pre-approval shows instead).
    await seedOddsForLead(context.test.storage, leadId, {
      "lagoon-gate": { bucket: [40, 30], all: [100, 40] },
      "lanka-trust": { bucket: [60, 50], all: [100, 80] },
    });
    const html = await offersPage(leadId);
    const text = textOf(html);
    expect(text).toContain("Still deciding Lagoon Gate Finance Possible");
    expect(text).toContain("6 in 10 applicants like you were pre-approved");
    expect(text).toContain("Based on 40 applications in the last 90 days. Not a promise");
    expect(html.match(/class="lw-odds /g)).toHaveLength(1);
    expect(html).toContain('data-lender="lagoon-gate"');
    expect(html).toContain('href="/en/approval-odds/"');
    // The state the browser hydrates holds the words, the tenths and the basis, never the share.
    const waiting = stateOf(html).view.lead.decisions.decisions.find(
      (decision: { lenderId: string }) => decision.lenderId === "lagoon-gate",
    );
    expect(waiting.approvalOdds).toEqual({ inTen: 6, likelihood: "possible", basis: 40 });
    const si = textOf(await offersPage(leadId, "/offers/"));
    expect(si).toContain("තවමත් තීරණය කරමින් කලපු දොරටු මූල්‍ය විය හැක");
    expect(si).toContain("ඔබ වැනි අයදුම්කරුවන් 10 දෙනෙකුගෙන් 6 දෙනෙකුට පූර්ව අනුමැතිය ලැබුණි");
    const ta = textOf(await offersPage(leadId, "/ta/offers/"));
    expect(ta).toContain("இன்னும் முடிவெடுக்கிறார்கள்");
    expect(ta).toContain("உங்களைப் போன்ற விண்ணப்பதாரர்களில் 10 பேரில் 6 பேருக்கு");

    answerSilent();
    await until(leadId, ({ decisions }) => decisions.complete);
    const settled = await offersPage(leadId);
    expect(settled).not.toContain("deciding-lenders");
    expect(settled).not.toContain("lw-odds");
  });

  it("shows nothing for a lender with fewer than 30 answers behind its odds", async () => {
    const { leadId } = await whileWaiting();
    await seedOddsForLead(context.test.storage, leadId, {
      "lagoon-gate": { bucket: [29, 29], all: [100, 40] },
    });
    const html = await offersPage(leadId);
    expect(html).not.toContain("deciding-lenders");
    expect(html).not.toContain("lw-odds");
  });
});

describe("the offers page once lenders have decided", () => {
  it("says how many answered and who did not, without blame", async () => {
    const { leadId } = await onceDecided();
    const html = await offersPage(leadId);
    const text = textOf(html);
    // One count (decision 0361): the line above and the names below agree.
    expect(text).toContain("2 of 3 lenders answered; 1 did not reply in time.");
    expect(text).not.toContain("3 of 3 lenders answered");
    expect(text).toContain("1 lender did not reply in time: Lagoon Gate Finance.");
    expect(text).toContain("Each lender decides by its own criteria");
    expect(html).not.toContain("<progress");
  });

  it("shows SPEC §2's rejected screen when no lender pre-approved or matched the application", async () => {
    const { leadId, offers } = await whileWaiting(MATCHING_NOTHING);
    expect(offers.activeOfferIds).toEqual([]);
    // Still waiting: not rejected yet.
    const waiting = await offersPage(leadId);
    expect(waiting).not.toContain("Other lenders may still help you");
    expect(textOf(waiting)).toContain("Asking 3 lenders for their decisions… 2 of 3 answered");
    answerSilent();
    await until(leadId, ({ decisions }) => decisions.complete);
    const html = await offersPage(leadId);
    expect(html).toContain("<title>Other lenders may still help you | NayaCompare</title>");
    expect(textOf(html)).toContain(
      "No lender could offer you a loan for this application this time.",
    );
    expect(headersIn(html)).toEqual([]);
  });

  it("is the same in Sinhala: the lender's Sinhala name and licence on its card", async () => {
    const { leadId } = await whileWaiting();
    const text = textOf(await offersPage(leadId, "/offers/"));
    expect(text).toContain("ලංකා ට්‍රස්ට් ෆිනෑන්ස්");
    expect(text).toContain("ශ්‍රී ලංකා මහ බැංකුව: බලපත්‍රලාභී මුදල් සමාගම, අංක LFC-042");
    expect(text).toContain("පූර්ව අනුමතයි");
    expect(text).toContain("ණය දෙන ආයතන 3කින් තීරණ විමසමින්…");
  });
});

describe("the offers on the page", () => {
  it("lead to /go/{offerId}, our click-out page, in place (it opens the lender in a new tab)", async () => {
    const { leadId } = await onceDecided();
    const html = await offersPage(leadId, "/en/offers/?all=1");
    const links = [
      ...html.matchAll(/<a class="(?:lw-cta|offer-lender-link)[^>]*>[\s\S]*?<\/a>/g),
    ].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) {
      expect(link).toMatch(/href="\/go\/\d+"/);
      // One tab of ours: the click-out page replaces the list and links back to it (0375).
      expect(link).not.toContain("_blank");
      expect(link).not.toContain("new tab");
    }
  });

  it("show the licence of a licensed lender on its card in English", async () => {
    const { leadId } = await whileWaiting();
    expect(textOf(await offersPage(leadId))).toContain(
      "CBSL: licensed finance company, no. LFC-042",
    );
  });

  it("are ranked by total, then sorted as the visitor asks, the pre-approval staying first", async () => {
    const { leadId } = await onceDecided();
    const byTotal = await offersPage(leadId);
    expect(byTotal).toContain('<option value="total" selected="">');
    expect(ascending(figuresOfMatched(byTotal, "total"))).toBe(true);
    const byApr = await offersPage(leadId, "/en/offers/?sort=apr");
    expect(byApr).toContain('<option value="apr" selected="">');
    expect(headersIn(byApr)[0]).toBe("Lanka Trust Personal Loan");
    expect(ascending(figuresOfMatched(byApr, "apr"))).toBe(true);
    const unknown = await offersPage(leadId, "/en/offers/?sort=cheapest");
    expect(headersIn(unknown)).toEqual(headersIn(byTotal));
    // The sort form works without JavaScript: a GET of this page with ?sort=.
    expect(byTotal).toMatch(/<form class="sort-form" method="get">/);
    expect(byTotal).toMatch(/<noscript><button type="submit"[^>]*>Apply<\/button><\/noscript>/);
    expect(textOf(byTotal)).toContain("How we rank offers");
  });
});

/** The rows of a rendered list, each with the title of the group (h2) it is under. */
function rowsOf(html: string): { group: string; html: string }[] {
  const rows: { group: string; html: string }[] = [];
  for (const section of html.split('<section aria-labelledby="').slice(1)) {
    const group = /class="lw-title">([^<]*)<\/h2>/.exec(section)?.[1] ?? "";
    for (const row of section.split('<li class="lw-offer lead-offer"').slice(1))
      rows.push({ group, html: row });
  }
  return rows;
}

const rupees = (text: string | undefined) => Number((text ?? "").replace(/[^\d]/g, ""));

describe("the offers as rows (issue 17)", () => {
  it("show the first three, then a link to all of them that works without JavaScript", async () => {
    const { leadId } = await onceDecided();
    const html = await offersPage(leadId);
    const all = await offersPage(leadId, "/en/offers/?all=1");
    const count = rowsOf(all).length;
    expect(count).toBeGreaterThan(3);
    expect(rowsOf(html)).toHaveLength(3);
    const fourth = /<li class="lw-offer lead-offer" id="(offer-\d+)"/g;
    const ids = [...all.matchAll(fourth)].map((match) => match[1]);
    expect(html).toContain(
      `<a class="lw-button lw-secondary show-all" href="?sort=total&amp;all=1#${ids[3]}">Show all ${count} offers</a>`,
    );
    expect(all).not.toContain("show-all");
    // The order chosen stays when all are shown.
    expect(await offersPage(leadId, "/en/offers/?sort=apr")).toContain(
      'href="?sort=apr&amp;all=1#',
    );
  });

  it("say where the visitor stands in words, with the button that fits", async () => {
    const { leadId } = await onceDecided();
    const rows = rowsOf(await offersPage(leadId, "/en/offers/?all=1"));
    const approved = rows.filter((row) => row.group === "1 pre-approved offer");
    const matched = rows.filter((row) => row.group.endsWith("offers matching you"));
    const others = rows.filter((row) => row.group === "Other offers");
    expect(approved).toHaveLength(1);
    expect(matched.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const row of approved) {
      expect(textOf(row.html)).toContain("Pre-approved");
      expect(row.html).toMatch(/<a class="lw-cta" href="\/go\/\d+"[^>]*>Get this offer</);
    }
    for (const row of matched) {
      expect(textOf(row.html)).toContain("You match");
      expect(row.html).toMatch(/<a class="lw-cta lw-secondary"[^>]*>Apply</);
    }
    for (const row of others) {
      const text = textOf(row.html);
      expect(text).toContain("May not match");
      expect(text).toMatch(
        /What the lender requires: age \d+–\d+, an income from Rs\. [\d,]+ a month/,
      );
      expect(row.html).not.toContain("lw-cta");
      expect(row.html).toContain('class="offer-lender-link"');
    }
    // Each status once per row, and an icon beside its words.
    for (const row of rows) expect(row.html.match(/class="offer-status /g)).toHaveLength(1);
  });

  it.each([
    ["/en/offers/?all=1", "monthly income you gave", "Warning:"],
    ["/offers/?all=1", "ඔබ සඳහන් කළ මාසික ආදායමෙන්", "අවවාදයයි:"],
  ])(
    "show each payment as a share of the income given, warning above 30%% (%s)",
    async (path, words, warning) => {
      const income = 100_000;
      const { leadId } = await onceDecided({ monthlyIncome: income });
      const html = await offersPage(leadId, path);
      const rows = rowsOf(html);
      let warned = 0;
      let fine = 0;
      for (const row of rows) {
        const payment = rupees(/<dd data-figure="payment">([^<]*)</.exec(row.html)?.[1]);
        const share = /<p class="offer-share[^"]*">([\s\S]*?)<\/p>/.exec(row.html)?.[1] ?? "";
        expect(textOf(share)).toContain(words);
        expect(share).toContain(`${Math.round((payment / income) * 100)}%`);
        const high = payment / income > AFFORDABLE_SHARE;
        expect(share.includes(warning)).toBe(high);
        if (high) warned += 1;
        else fine += 1;
      }
      expect(warned).toBeGreaterThan(0);
      expect(fine).toBeGreaterThan(0);
      // The income is in the page's state, never in an address on it.
      expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]).join(" ")).not.toMatch(
        /100,?000/,
      );
    },
  );

  it("name products and lenders in the page's language", async () => {
    const { leadId } = await onceDecided();
    const html = await offersPage(leadId, "/offers/?all=1");
    const named = (lk as Offer[]).filter((offer) => offer.headers);
    const titles = headersIn(html);
    const sinhala = titles.filter((title) => named.some((offer) => offer.headers?.si === title));
    expect(sinhala.length).toBeGreaterThan(1);
    for (const offer of named) expect(titles).not.toContain(offer.headers?.en);
    expect(textOf(html)).toContain("ලංකා ට්‍රස්ට් ෆිනෑන්ස්");
  });

  it("link to the application to edit it, in the page's language, with no data in the address", async () => {
    const { leadId } = await onceDecided();
    expect(await offersPage(leadId)).toContain(
      '<a class="edit-application" href="/en/application/">Edit my application</a>',
    );
    expect(await offersPage(leadId, "/offers/")).toContain(
      '<a class="edit-application" href="/application/">මගේ අයදුම්පත වෙනස් කරන්න</a>',
    );
  });
});

/** Each row's figures as (figure, label) in order, and the one set large. */
function figuresOfRow(html: string): { order: string[]; lead: string | undefined } {
  return {
    order: [...html.matchAll(/<dd data-figure="([a-z-]+)">/g)]
      .map((match) => match[1] ?? "")
      .filter((figure) => ["payment", "total", "apr", "term"].includes(figure)),
    lead: /<div class="offer-lead"><dt>[^<]*<\/dt><dd data-figure="([a-z]+)">/.exec(html)?.[1],
  };
}

describe("comparable offers (issue 32, decisions 0360–0362)", () => {
  it("give the same four figures in the same order on every card, the sorted one large", async () => {
    const { leadId } = await onceDecided();
    for (const sort of ["total", "payment", "apr"]) {
      const rows = rowsOf(await offersPage(leadId, `/en/offers/?sort=${sort}&all=1`));
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        expect(figuresOfRow(row.html)).toEqual({
          order: ["payment", "total", "apr", "term"],
          lead: sort,
        });
        // Monthly instalments or one repayment, said by the payment's label.
        expect(textOf(row.html)).toMatch(/Monthly payment Rs\. [\d,]+|One repayment Rs\. [\d,]+/);
      }
    }
  });

  it("filter by repayment type and term without JavaScript, the counts following", async () => {
    const { leadId } = await onceDecided();
    const all = rowsOf(await offersPage(leadId, "/en/offers/?all=1"));
    const monthlyRows = all.filter((row) => textOf(row.html).includes("Monthly payment"));
    expect(monthlyRows.length).toBeGreaterThan(0);
    expect(monthlyRows.length).toBeLessThan(all.length);

    const monthly = await offersPage(leadId, "/en/offers/?repay=monthly&all=1");
    expect(rowsOf(monthly)).toHaveLength(monthlyRows.length);
    for (const row of rowsOf(monthly)) expect(textOf(row.html)).toContain("Monthly payment");
    expect(textOf(monthly)).toContain(
      `${monthlyRows.length} of ${all.length} offers shown. Clear filters`,
    );
    expect(monthly).toContain('href="?sort=total&amp;all=1">Clear filters</a>');
    // The form opens, its choice kept; a GET of this page.
    expect(monthly).toMatch(/<details class="offers-controls" open="">/);
    expect(monthly).toContain('<option value="monthly" selected="">');

    const once = rowsOf(await offersPage(leadId, "/en/offers/?repay=once&all=1"));
    expect(once).toHaveLength(all.length - monthlyRows.length);
    for (const row of once) expect(textOf(row.html)).toContain("One repayment");

    // The term filter offers the terms the list holds: here the 91 days applied for.
    const terms = [...(await offersPage(leadId, "/en/offers/")).matchAll(/<option value="(\d+)"/g)];
    expect(terms.map((match) => match[1])).toEqual(["91"]);
    expect(rowsOf(await offersPage(leadId, "/en/offers/?term=91&all=1"))).toHaveLength(all.length);
    const none = await offersPage(leadId, "/en/offers/?term=30&all=1");
    expect(rowsOf(none)).toHaveLength(0);
    expect(textOf(none)).toContain(`0 of ${all.length} offers shown. Clear filters`);
    // Nonsense is no filter.
    const nonsense = await offersPage(leadId, "/en/offers/?repay=weekly&term=x&all=1");
    expect(rowsOf(nonsense)).toHaveLength(all.length);
    expect(nonsense).not.toContain("offers shown");
  });

  it("compare two or three offers side by side from ?compare=, repeated or comma-separated", async () => {
    const { leadId } = await onceDecided();
    const ids = [
      ...(await offersPage(leadId, "/en/offers/?all=1")).matchAll(/name="compare" value="(\d+)"/g),
    ].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(3);
    // Each card's box belongs to one GET form that carries the order, nothing personal.
    const list = await offersPage(leadId);
    const form = /<form id="([^"]+)" class="compare-form" method="get">([\s\S]*?)<\/form>/.exec(
      list,
    );
    expect(form?.[2]).toContain('<input type="hidden" name="sort" value="total"/>');
    expect(form?.[2]).not.toMatch(/name="(?!sort")/);
    expect(list).toContain(`form="${form?.[1]}"`);

    const two = await offersPage(leadId, `/en/offers/?compare=${ids[0]}&compare=${ids[1]}`);
    const table = /<table class="compare-table compare-2">[\s\S]*?<\/table>/.exec(two)?.[0] ?? "";
    expect(table.match(/<th scope="col">/g)).toHaveLength(2);
    const rowNames = [...table.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(rowNames).toEqual([
      "Repayment",
      "Total to repay",
      "APR",
      "Term",
      "Fees",
      "Lender",
      "CBSL licence",
      "On your income",
    ]);
    expect(table.match(/href="\/go\/\d+"/g)).toHaveLength(2);
    expect(rowsOf(two)).toHaveLength(0);
    expect(two).toContain('href="?sort=total">Back to all offers</a>');

    const three = await offersPage(
      leadId,
      `/en/offers/?sort=apr&compare=${ids.slice(0, 4).join(",")}`,
    );
    expect(three).toContain('<table class="compare-table compare-3">');
    expect(textOf(three)).toContain("Offers compared: scroll sideways to see all three");
    // One offer, or ids not in the list: the list, with a word on what to do.
    for (const query of [`compare=${ids[0]}`, "compare=999999,1"]) {
      const html = await offersPage(leadId, `/en/offers/?${query}`);
      expect(html).not.toContain("compare-table");
      expect(rowsOf(html)).toHaveLength(3);
      expect(textOf(html)).toContain("Tick two or three offers to compare them.");
    }
    // No id at all: the list as it is.
    const nonsense = await offersPage(leadId, "/en/offers/?compare=abc");
    expect(nonsense).not.toContain("compare-table");
    expect(textOf(nonsense)).not.toContain("Tick two or three offers to compare them.");
  });

  it("compare in Sinhala and Tamil too", async () => {
    const { leadId } = await onceDecided();
    const ids = [
      ...(await offersPage(leadId, "/en/offers/?all=1")).matchAll(/name="compare" value="(\d+)"/g),
    ].map((match) => match[1]);
    for (const [prefix, title] of [
      ["", "ඔබේ දීමනා පැත්තෙන් පැත්තට"],
      ["/ta", "உங்கள் சலுகைகள் அருகருகே"],
    ]) {
      const html = await offersPage(leadId, `${prefix}/offers/?compare=${ids[0]},${ids[1]}`);
      expect(textOf(html)).toContain(title);
    }
  });
});
