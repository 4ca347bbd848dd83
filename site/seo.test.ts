import { describe, expect, it } from "vitest";
import { headHtml, structuredData } from "./seo";

const site = {
  origin: "https://nayacompare.lk",
  contactEmail: "help@nayacompare.lk",
};
const head = {
  locale: "en" as const,
  title: "How it works | NayaCompare",
  description: "Three steps",
  rest: "/how/",
  siteName: "NayaCompare",
};

describe("headHtml", () => {
  it("links the canonical page and all three languages, Sinhala as the default", () => {
    const html = headHtml(head, site);
    expect(html).toContain(
      '<link rel="canonical" href="https://nayacompare.lk/en/how/" data-page-head>',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="si-LK" href="https://nayacompare.lk/how/" data-page-head>',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="en-LK" href="https://nayacompare.lk/en/how/" data-page-head>',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="ta-LK" href="https://nayacompare.lk/ta/how/" data-page-head>',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://nayacompare.lk/how/" data-page-head>',
    );
    expect(html.match(/rel="alternate"/g)).toHaveLength(4);
    expect(html).toContain('<meta property="og:locale" content="en_LK" data-page-head>');
    expect(html).toContain('<meta property="og:locale:alternate" content="si_LK" data-page-head>');
    expect(html).toContain('<meta property="og:locale:alternate" content="ta_LK" data-page-head>');
  });

  it("reloads a page without JavaScript only when asked, and never where scripts run", () => {
    expect(headHtml(head, site)).not.toContain("refresh");
    expect(headHtml({ ...head, refreshSeconds: 2 }, site)).toContain(
      '<noscript data-page-head><meta http-equiv="refresh" content="2"></noscript>',
    );
  });

  it("keeps a page that should not be found out of the index", () => {
    const html = headHtml({ ...head, rest: undefined }, site);
    expect(html).toContain('<meta name="robots" content="noindex" data-page-head>');
    expect(html).not.toContain("canonical");
  });

  it("escapes what it prints", () => {
    expect(headHtml({ ...head, title: '<b>"x"</b>' }, site)).toContain(
      "<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>",
    );
  });
});

describe("structuredData", () => {
  it("describes the organisation, languages, country, currency and contact", () => {
    const data = structuredData(head, site) as { "@graph": Record<string, unknown>[] };
    expect(data["@graph"][0]).toMatchObject({
      "@type": "Organization",
      email: "help@nayacompare.lk",
      knowsLanguage: ["si-LK", "en-LK", "ta-LK"],
      currenciesAccepted: "LKR",
      areaServed: { name: "Sri Lanka", identifier: "LK" },
    });
    expect(data["@graph"]).toHaveLength(2);
  });

  it("adds the mobile app only when there is one", () => {
    const data = structuredData(head, {
      ...site,
      mobileApp: { name: "NayaCompare", url: "https://play.google.com/store/apps/x" },
    }) as { "@graph": Record<string, unknown>[] };
    expect(data["@graph"][2]).toMatchObject({ "@type": "MobileApplication" });
  });
});
