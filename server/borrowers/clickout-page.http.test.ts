import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { setUpTestApp, testOutbox } from "../test-support";
import { applyVerified } from "./applicant.test-support";

/**
 * Issue 32's "leaving us" page: a browser asking for /go/{offerId} gets a page naming the
 * lender, what it will ask, that we charge nothing, a "Continue" to the lender's address
 * (the click counted once, as the redirect counts it) and a link back; any other client
 * keeps the 302 (decision 0375).
 */
const outbox = testOutbox();
const context = setUpTestApp({ messenger: outbox.messenger });

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

function open(url: string, headers: Record<string, string> = {}) {
  return inject(context.app, { method: "GET", url, headers: { accept: BROWSER, ...headers } });
}

/** The page's "Continue" link: its address and attributes. */
function continueLink(html: string) {
  const tag = /<a class="button" href="([^"]+)"([^>]*)>/.exec(html);
  if (!tag?.[1]) throw new Error("no Continue link on the page");
  return { href: tag[1].replaceAll("&amp;", "&"), attributes: tag[2] ?? "" };
}

async function clicksOf(offerId: number) {
  return context.test.storage.db
    .selectFrom("clicks")
    .selectAll()
    .where("offer_id", "=", offerId)
    .execute();
}

describe("the click-out page", () => {
  it("names the lender and the product, what it asks, that we charge nothing; Continue is the counted click", async () => {
    const { leadId } = await applyVerified(context.app, outbox.messages, {
      ...validApplication,
      term: 90,
      phone: "0770000041",
      sub1: "camp-32",
    });
    const before = (await clicksOf(101)).length;
    const res = await open("/en/go/101", { cookie: `lead=${leadId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain("You are going to Kandy Lane Credit");
    expect(res.body).toContain("<strong>Salary Advance 90</strong>");
    expect(res.body).toContain("What Kandy Lane Credit will ask");
    expect(res.body).toContain("Aged 21 to 60");
    expect(res.body).toContain("Work: salaried");
    expect(res.body).toContain("We charge you nothing");
    expect(res.body).toContain('href="/en/offers/"');
    // No script: the page works, and leads out, without JavaScript.
    expect(res.body).not.toContain("<script");
    for (const personal of [validApplication.nic, validApplication.email, "770000041"]) {
      expect(res.body).not.toContain(personal);
    }

    // Counted once, when the page was asked for, as the redirect counts it (the same record).
    const clicks = await clicksOf(101);
    expect(clicks.length).toBe(before + 1);
    const click = clicks.at(-1);
    const link = continueLink(res.body);
    const lender = new URL(link.href);
    expect(lender.origin).toBe("https://kandy-lane.example");
    expect(lender.searchParams.get("click_id")).toBe(click?.id);
    expect(lender.searchParams.get("sub1")).toBe("camp-32");
    expect(click).toMatchObject({ lead_id: leadId, lender: "kandy-lane" });
    expect(link.attributes).toContain('target="_blank"');
    expect(link.attributes).toContain('rel="noopener noreferrer"');
    expect(res.body).toMatch(/Continue to Kandy Lane Credit.*\(opens in a new tab\)/);
  });

  it("speaks the path's language, else the language of our page the visitor came from, else the one chosen, else Sinhala", async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) =>
      /<html lang="([a-z]+)">/.exec((await open(url, headers)).body)?.[1];
    expect(await lang("/ta/go/101")).toBe("ta");
    expect(await lang("/go/101/")).toBe("si");
    expect(await lang("/go/101", { referer: "http://localhost:80/ta/offers/" })).toBe("ta");
    expect(await lang("/go/101", { referer: "https://elsewhere.example/en/" })).toBe("si");
    expect(await lang("/go/101", { cookie: "locale=en" })).toBe("en");

    const tamil = (await open("/ta/go/101")).body;
    expect(tamil).toContain("<strong>சம்பள முற்பணம் 90</strong>");
    expect(tamil).toContain('href="/ta/offers/"');
    const sinhala = (await open("/go/101")).body;
    expect(sinhala).toContain("<strong>වැටුප් අත්තිකාරම් 90</strong>");
    expect(sinhala).toContain('href="/offers/"');
  });

  it("keeps the redirect for clients that do not ask for a page, and counts nothing for HEAD", async () => {
    const redirect = await inject(context.app, {
      method: "GET",
      url: "/ta/go/102",
      headers: { accept: "*/*" },
    });
    expect(redirect.statusCode).toBe(302);
    expect(String(redirect.headers.location)).toMatch(/^https:\/\/lagoon-kite\.example\//);
    const before = (await clicksOf(102)).length;
    const head = await inject(context.app, {
      method: "HEAD",
      url: "/en/go/102",
      headers: { accept: BROWSER },
    });
    expect(head.statusCode).toBe(200);
    expect((await clicksOf(102)).length).toBe(before);
  });

  it("is the 404 page for an offer we do not have, in the path's language", async () => {
    const page = await open("/en/go/999/");
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<html lang="en">');
    expect((await clicksOf(999)).length).toBe(0);
  });
});
