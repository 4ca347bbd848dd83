import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "../staff/audit";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { createPartner, setPartnerDisabled } from "./partners";

/**
 * /embed/ over HTTP (issue 35, decisions 0432–0434): the widget's element
 * with the partner's id and the query's attributes; every wrong value a 4xx
 * page naming it (escaped), never a 5xx; `frame-ancestors *` on this route
 * alone, every other route as framed as before.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage);
  for (const id of ["embed-blog", "embed-gone"]) {
    await createPartner(test.storage, {
      id,
      name: id,
      payoutModel: "lead",
      payoutRupees: 300,
      origins: [],
      postbackUrl: null,
    });
  }
  await setPartnerDisabled(test.storage, "embed-gone", true, { actor: COMMAND_LINE });
});

afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string) => inject(app, { method: "GET", url });

describe("/embed/", () => {
  it("shows the element with the partner's id, its attributes and colours, framable by any site", async () => {
    const res = await get(
      "/embed/?element=loan-calculator&partner=embed-blog&lang=ta&amount=80000&period=180&sub1=sidebar&accent=%238a1c7c",
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ta" dir="ltr">');
    expect(res.body).toContain(
      '<loan-calculator partner="embed-blog" lang="ta" amount="80000" period="180" sub1="sidebar"></loan-calculator>',
    );
    expect(res.body).toContain('<script src="/widget/v1/loan-widget.js" defer></script>');
    expect(res.body).toContain("--loan-color-accent:#8a1c7c");
    expect(res.body).toContain('<base target="_blank">');
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });

  it("passes income_band through as the offers' income-band attribute, refusing another value", async () => {
    const res = await get("/embed/?element=loan-offers&partner=embed-blog&lang=en&income_band=2");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<loan-offers partner="embed-blog" lang="en" amount="50000" period="360" income-band="2"></loan-offers>',
    );
    expect((await get("/embed/?partner=embed-blog")).body).not.toContain("income-band");
    for (const band of ["4", "-1", "1.5", "85000", "%3Cb%3E"]) {
      const wrong = await get(`/embed/?partner=embed-blog&lang=en&income_band=${band}`);
      expect(wrong.statusCode, band).toBe(400);
      expect(wrong.body).toContain("<li>income_band: ");
      expect(wrong.body).not.toContain("<b>");
    }
  });

  it("defaults to the whole widget in Sinhala", async () => {
    const res = await get("/embed/?partner=embed-blog");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="si"');
    expect(res.body).toContain('<loan-widget partner="embed-blog" lang="si" amount="50000"');
  });

  it("refuses a partner we do not have, a disabled one or a publishable key with a 4xx page", async () => {
    for (const partner of ["nobody-here", "embed-gone", "pk_abc", "", "UPPER", "a".repeat(500)]) {
      const res = await get(`/embed/?lang=en&partner=${encodeURIComponent(partner)}`);
      expect(res.statusCode, partner).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, partner).toBeLessThan(500);
      expect(res.body).toContain("This loan calculator cannot be shown");
      expect(res.body).toContain("no partner of ours has this id");
      expect(res.body).not.toContain("<loan-");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors *");
    }
    expect((await get("/embed/?partner=nobody-here")).statusCode).toBe(404);
  });

  it("names every wrong value, escaped, in the page's language; never a 5xx", async () => {
    const hostile = encodeURIComponent('<script>alert("x")</script>');
    const res = await get(
      `/embed/?partner=embed-blog&lang=si&element=${hostile}&amount=lots&period=7&accent=${hostile}&radius=99&sub2=0771234567&sub3=${"x".repeat(5000)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("මෙම ණය ගණකය පෙන්විය නොහැක");
    for (const field of ["element", "amount", "period", "accent", "radius", "sub2", "sub3"]) {
      expect(res.body).toContain(`<li>${field}: `);
    }
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).not.toContain("0771234567");
    // A language we do not have: the page in Sinhala, naming `lang`.
    const lang = await get("/embed/?partner=embed-blog&lang=xx%22%3E");
    expect(lang.statusCode).toBe(400);
    expect(lang.body).toContain('<html lang="si"');
    expect(lang.body).toContain("<li>lang: ");
    expect(lang.body).not.toContain('xx">');
    // Repeated names take the first; a NUL byte is refused before any route.
    expect((await get("/embed/?partner=embed-blog&lang=en&lang=si")).body).toContain('lang="en"');
    const nul = await get("/embed/?partner=embed-blog%00&lang=en");
    expect(nul.statusCode).toBe(400);
  });

  it("leaves every other route's framing as it was", async () => {
    const page = await get("/en/");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const portal = await get("/en/partner/portal/");
    expect(portal.headers["x-frame-options"]).toBe("DENY");
    expect(portal.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const admin = await get("/admin/");
    expect(admin.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const below = await get("/embed/more/");
    expect(below.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(String(below.headers["content-security-policy"])).not.toContain("frame-ancestors *");
  });
});
