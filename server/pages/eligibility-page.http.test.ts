import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { countApprovalOdds } from "../offers/approval-odds";
import {
  registerOddsLenders,
  seedOddsDecisions,
  times,
} from "../offers/approval-odds.test-support";
import { setUpTestApp, testSite } from "../test-support";

/**
 * The eligibility page (issue 32, decision 0365) without JavaScript: its
 * form POSTs to its own address and the server renders each lender's
 * answer; the answers are never cached, never in an address.
 */
const context = setUpTestApp();

const form = "amount=50000&period=180&income=55000&employment=salaried&age=35";
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  inject(context.app, {
    method: "POST",
    url,
    payload,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

describe("the eligibility page", () => {
  it.each([
    ["", "si"],
    ["/en", "en"],
    ["/ta", "ta"],
  ])("is a page in %s with a form that posts to itself", async (prefix, lang) => {
    const res = await inject(context.app, { method: "GET", url: `${prefix}/eligibility/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`action="${prefix}/eligibility/" method="post"`);
    expect(res.body).toContain(
      `<link rel="canonical" href="${testSite.origin}${prefix}/eligibility/"`,
    );
  });

  it("is in the sitemap in the three languages", async () => {
    const res = await inject(context.app, { method: "GET", url: "/sitemap.xml" });
    for (const path of ["/eligibility/", "/en/eligibility/", "/ta/eligibility/"]) {
      expect(res.body).toContain(`<loc>${testSite.origin}${path}</loc>`);
    }
  });

  it("prefills the loan from a link, and nothing else", async () => {
    const res = await inject(context.app, {
      method: "GET",
      url: "/en/eligibility/?amount=70000&period=270&income=9876543",
    });
    expect(res.body).toContain('value="70000"');
    expect(res.body).not.toContain("9876543");
  });

  it("answers the form's POST per lender, with the reasons, never stored", async () => {
    const res = await post("/en/eligibility/", form);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain("income below Rs. 60,000 a month");
    expect(res.body).toMatch(/data-likelihood="likely"/);
    expect(res.body).toMatch(/data-likelihood="unlikely"/);
    expect(res.body).toContain('href="/en/application/?amount=50000&amp;period=180&amp;offer=103"');
    // The same address again, without the form: no one's answers.
    const again = await inject(context.app, { method: "GET", url: "/en/eligibility/" });
    expect(again.body).not.toContain("55000");
  });

  it("says what is missing when an answer is not a whole number", async () => {
    const res = await post("/ta/eligibility/", form.replace("income=55000", "income=lots"));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("ஒவ்வொரு கடன் வழங்குநரையும் காண ஐந்து பதில்களையும் முழு எண்களில் தாருங்கள்.");
    expect(res.body).not.toContain("data-likelihood");
  });

  it("refuses a form from another site, another body, a NUL, and a POST to another page", async () => {
    const cross = await post("/en/eligibility/", form, { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ error: { code: "cross_site_form" } });
    const json = await inject(context.app, {
      method: "POST",
      url: "/en/eligibility/",
      payload: { income: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    const nul = await post("/en/eligibility/", form.replace("age=35", "age=3%005"));
    expect(nul.statusCode).toBe(400);
    const big = await post("/en/eligibility/", `${form}&x=${"a".repeat(4000)}`);
    expect(big.statusCode).toBe(413);
    const other = await post("/en/how/", form);
    expect(other.statusCode).toBe(404);
  });

  it("shows a lender's approval odds for the answers' bucket, with 30 answers behind them", async () => {
    const storage = context.test.storage;
    // tea-terrace (offer 103) answered 36 applicants of the form's bucket yesterday, 27 yes.
    await registerOddsLenders(storage, ["tea-terrace", "kandy-lane"], 970_101);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const lead = { amount: 60_000, term_days: 150, monthly_income: 60_000, age: 30 };
    await seedOddsDecisions(
      storage,
      "tea-terrace",
      [...times(27, "approved"), ...times(9, "declined")],
      yesterday,
      lead,
    );
    // Another lender with 29: nothing shown for it.
    await seedOddsDecisions(storage, "kandy-lane", times(29, "approved"), yesterday, lead);
    await countApprovalOdds(storage, new Date(), { withSandbox: false });

    const res = await post("/en/eligibility/", form);
    expect(res.statusCode).toBe(200);
    // (27 + 20 × 0.75) / (36 + 20) = 0.75: 8 in 10.
    const odds = (res.body.match(/<p class="lw-odds[^"]*">.*?<\/p>/g) ?? []).map((html) =>
      html.replaceAll("<!-- -->", ""),
    );
    expect(odds).toHaveLength(1);
    expect(odds[0]).toContain("Likely: 8 in 10 applicants like you were pre-approved.");
    expect(odds[0]).toContain("Based on 36 applications in the last 90 days.");
    expect(odds[0]).toContain('href="/en/approval-odds/"');
    // In tea-terrace's row.
    const oddsAt = res.body.indexOf('<p class="lw-odds');
    const row = res.body.slice(res.body.lastIndexOf('<li class="eligibility-row"', oddsAt), oddsAt);
    expect(row).toContain("<span>Tea Terrace Lending</span>");
    // Another bucket (an older applicant): none; and the typed answers in no address.
    const older = await post("/en/eligibility/", form.replace("age=35", "age=60"));
    expect(older.body).not.toContain("lw-odds");
    for (const prefix of ["", "/ta"]) {
      const other = await post(`${prefix}/eligibility/`, form);
      expect(other.body).toContain('class="lw-odds lw-odds-likely"');
      expect(other.body).toContain(`href="${prefix}/approval-odds/"`);
    }
  });
});
