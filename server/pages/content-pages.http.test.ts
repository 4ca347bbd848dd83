import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { formatPercent } from "../../core/domain/loan";
import { LOAN_TERM_LK } from "../../core/domain/product";
import { ARTICLE_SLUGS, DOCUMENT_SLUGS, PAGE_SLUGS } from "../../core/domain/schemas/content";
import type { Offer } from "../../core/domain/schemas/offer";
import { colomboToday, formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import { productView } from "../../site/server";
import lk from "../lenders/catalogues/lk.json";
import { appWith, setUpTestApp, testSite } from "../test-support";

const context = setUpTestApp();

const get = (url: string) => inject(context.app, { method: "GET", url });

describe("article pages", () => {
  it.each(ARTICLE_SLUGS)("serve %s in both languages", async (slug) => {
    for (const [prefix, lang] of [
      ["", "si"],
      ["/en", "en"],
    ] as const) {
      const res = await get(`${prefix}/${slug}/`);
      expect(res.statusCode, `${prefix}/${slug}/`).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain('<meta property="og:type" content="article" data-page-head>');
      expect(res.body).toMatch(/<h1 id="article-title">[^<]+<\/h1>/);
      expect(res.body).toContain('<nav class="contents"');
      expect(res.body).toContain('href="#section-1"');
      expect(res.body).toContain(`href="${prefix}/author/editorial-team/"`);
    }
  });

  it("does not repeat the article's HTML in the page state", async () => {
    const res = await get(`/en/${ARTICLE_SLUGS[0]}/`);
    const state = JSON.parse(
      /<script type="application\/json" id="app-state">(.*?)<\/script>/.exec(res.body)?.[1] ?? "{}",
    );
    expect(state.view).toMatchObject({ kind: "article", html: "" });
    expect(res.body.match(/<h2 id="section-1">/g)).toHaveLength(1);
  });
});

describe("document pages", () => {
  it.each(DOCUMENT_SLUGS)("serve %s in both languages with our contact e-mail", async (slug) => {
    for (const prefix of ["", "/en"]) {
      const res = await get(`${prefix}/${slug}/`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("{email}");
    }
    const privacy = await get("/en/privacy-policy/");
    expect(privacy.body).toContain(testSite.contactEmail);
  });
});

describe("static pages", () => {
  it.each(PAGE_SLUGS)("serve %s in both languages", async (slug) => {
    for (const prefix of ["", "/en"]) {
      const res = await get(`${prefix}/${slug}/`);
      expect(res.statusCode, `${prefix}/${slug}/`).toBe(200);
      expect(res.body).toMatch(/<h1 id="page-title">[^<]+<\/h1>/);
      expect(res.body).not.toMatch(/\{(email|chat)\}/);
    }
  });

  it.each([
    ["", "si", "අනුමැතියේ ඉඩ අප ගණන් කරන ආකාරය", "අවම වශයෙන් පිළිතුරු 30 ක්"],
    ["/en", "en", "How we count approval odds", "at least 30 answers"],
    ["/ta", "ta", "அனுமதி வாய்ப்பை நாங்கள் கணக்கிடும் முறை", "குறைந்தது 30 பதில்கள்"],
  ])(
    "explain approval odds at %s/approval-odds/, in the sitemap",
    async (prefix, lang, title, rule) => {
      const res = await get(`${prefix}/approval-odds/`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<h1 id="page-title">${title}</h1>`);
      expect(res.body).toContain(rule);
      expect(res.body).toContain("CRIB");
      expect(res.body).toContain("90");
      expect(res.body).toContain(`href="${prefix}/how-we-rank/"`);
      expect(res.body).toContain(testSite.contactEmail);
      const sitemap = await get("/sitemap.xml");
      expect(sitemap.body).toContain(`<loc>${testSite.origin}${prefix}/approval-odds/</loc>`);
    },
  );

  it("leads from the how-it-works page to the eligibility check", async () => {
    const res = await get("/en/how/");
    expect(res.body).toContain(
      '<a class="button-secondary" href="/en/eligibility/">Which lenders are likely to say yes?</a>',
    );
  });

  it("gives partners the configured contacts", async () => {
    const res = await get("/en/partner/");
    expect(res.body).toContain(testSite.contactEmail);
  });

  it("publishes the programme's terms on /partner/ and describes the portal as it is (issue 35)", async () => {
    for (const [path, terms] of [
      ["/partner/", "තහවුරු කළ සෑම ලීඩ් එකකටම Rs. 400, නැතහොත් ණය දෙන්නෙකු නිකුත් කරන සෑම ණයකටම Rs. 2,500"],
      [
        "/en/partner/",
        "Rs. 400 for each verified lead, or Rs. 2,500 for each loan a lender issues",
      ],
      ["/ta/partner/", "உறுதிப்படுத்தப்பட்ட ஒவ்வொரு லீட்டுக்கும் Rs. 400"],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(terms);
      expect(res.body).not.toContain("{programme}");
      expect(res.body).not.toMatch(/USDT|set up by us|Contact us to talk about the terms/);
    }
    const en = await get("/en/partner/");
    expect(en.body).toContain("make your secret keys for the API, set your postback address");
    expect(en.body).toContain("<strong>bank transfer</strong>");
    // Without configured terms, the page says they are agreed on approval.
    const bare = appWith(context.test.storage, {
      site: { ...testSite, partnerProgramme: { ewallets: [] } },
    });
    const none = await inject(bare, { method: "GET", url: "/en/partner/" });
    expect(none.body).toContain("We agree the terms with you when we approve your sign-up.");
  });

  it("serves /main/ as the home page, indexed at /", async () => {
    const res = await get("/en/main/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="${testSite.origin}/en/" data-page-head>`,
    );
  });
});

describe("the screens of the borrower's path", () => {
  const screens = [
    "/offers/",
    "/landing/offers/",
    "/landing/redirector/",
    "/landing/rejected/",
    "/landing/rejected2/",
    "/landing/trafficback/",
    "/transition/",
  ];

  it.each(screens)("serve %s in both languages, kept out of search", async (path) => {
    for (const prefix of ["", "/en"]) {
      const res = await get(`${prefix}${path}`);
      expect(res.statusCode, `${prefix}${path}`).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex" data-page-head>');
      expect(res.body).toMatch(/<h1 id="screen-title">[^<]+<\/h1>/);
    }
    expect((await get("/sitemap.xml")).body).not.toContain(path);
  });

  it("lists the offers that fit the default loan on /offers/", async () => {
    const res = await get("/en/offers/");
    expect(res.body).toMatch(/[1-9]\d* offers for this loan/);
    // Nothing is known of the visitor here: nothing says the offers match them.
    expect(res.body).not.toContain("matching you");
  });

  it("points visitors our lenders cannot serve to guides", async () => {
    const res = await get("/en/landing/trafficback/");
    expect((res.body.match(/class="article-card-title"/g) ?? []).length).toBe(3);
  });
});

describe("the home page", () => {
  it("computes its 'why us' figures from the catalogue and says they are samples", async () => {
    const offers = lk as Offer[];
    const lenders = new Set(offers.map((offer) => offer.lender.name)).size;
    const res = await get("/en/");
    expect(res.body).toContain(`${lenders} sample lenders to show how comparing works`);
    expect(res.body).toContain("these figures come from illustrative offers");
    // The calculator's default term (90 days since decision 0175).
    const days = LOAN_TERM_LK.default;
    const apr = new RegExp(`APR from ([\\d.,]+%) for Rs\\. 50,000 over ${days} days`).exec(
      res.body,
    )?.[1];
    const today = colomboToday(new Date());
    const lowest = Math.min(
      ...offers
        .filter((offer) => offer.amount.min <= 50_000 && offer.amount.max >= 50_000)
        .filter((offer) => offer.termDays.min <= days && offer.termDays.max >= days)
        .map(
          (offer) =>
            productView(
              {
                ...offer,
                amount: { min: 50_000, max: 50_000 },
                termDays: { min: days, max: days },
              },
              today,
            ).example.apr,
        ),
    );
    expect(apr).toBe(formatPercent(lowest));
  });

  it("has the steps, purposes, FAQ and benefits in both languages", async () => {
    for (const url of ["/", "/en/"]) {
      const res = await inject(context.app, {
        method: "GET",
        url,
        headers: { cookie: "locale=si" },
      });
      expect(res.statusCode).toBe(200);
      expect((res.body.match(/class="home-card"/g) ?? []).length).toBe(9);
      expect((res.body.match(/<details class="faq">/g) ?? []).length).toBe(6);
      expect(res.body).toContain("purpose=credit-card-arrears");
    }
  });
});

describe("the home page's trust and empty sections (issue 17)", () => {
  it("shows no reviews section without approved reviews, and the form behind Write a review", async () => {
    for (const [url, title, write] of [
      ["/en/", "What our customers say", "Write a review"],
      ["/", "අපගේ පාරිභෝගිකයන් පවසන දේ", "සමාලෝචනයක් ලියන්න"],
    ] as const) {
      const res = await inject(context.app, {
        method: "GET",
        url,
        headers: { cookie: "locale=si" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(title);
      expect(res.body).not.toMatch(/No reviews yet|තවම සමාලෝචන නැත/);
      expect(res.body).toMatch(new RegExp(`<details class="review-write"><summary[^>]*>${write}<`));
    }
  });

  it("has the trust marks and notes, inventing no company without configuration", async () => {
    const res = await get("/en/");
    expect(res.body).toContain('aria-label="About our service"');
    expect(res.body).toContain("Why you can trust us");
    expect(res.body).toContain(`href="mailto:${testSite.contactEmail}"`);
    expect(res.body).not.toContain("is run by");
    expect(res.body).not.toContain('href="tel:');
    const state = JSON.parse(
      /<script type="application\/json" id="app-state">(.*?)<\/script>/.exec(res.body)?.[1] ?? "{}",
    );
    expect(state.contact).toEqual({ email: testSite.contactEmail });
    // The home page's copy comes with the page (decision 0170).
    expect(state.view.copy.faqTitle).toBe("Frequently asked questions");
  });

  it("has the trust notes on /how/, and who we are in every footer", async () => {
    for (const url of ["/en/how/", "/how/"]) {
      const res = await get(url);
      expect(res.body).toMatch(/<section class="trust-notes card"/);
    }
    const blog = await get("/en/blog/");
    expect(blog.body).toMatch(/<footer class="site-footer">.*Talk to a person:/s);
  });
});

describe("lender and bank pages", () => {
  it("shows each lender of the catalogue, labelled as a sample, with a worked example from core/", async () => {
    const offers = lk as Offer[];
    for (const offer of offers) {
      const slug = offer.lender.logo.replace(/^\/lenders\//, "").replace(/\.svg$/, "");
      const res = await get(`/en/lenders/${slug}/`);
      expect(res.statusCode, slug).toBe(200);
      expect(res.body).toContain("A sample lender");
      const { example } = productView(offer, colomboToday(new Date()));
      expect(res.body).toContain(
        `costs ${formatRupees(example.total)} in total (APR ${formatPercent(example.apr)}); last payment on ${formatDate(example.returnDate)}.`,
      );
    }
    expect((await get("/lenders/no-such-lender/")).statusCode).toBe(404);
  });

  it("has a page per bank, listing offers that pay into a bank account", async () => {
    const res = await get("/en/bank/boc/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Loans paid into your Bank of Ceylon account");
    expect((await get("/bank/other/")).statusCode).toBe(404);
  });

  it("lists the lenders in the sitemap", async () => {
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>${testSite.origin}/en/lenders/kandy-lane/</loc>`);
    expect(sitemap).not.toContain("/main/");
  });
});

describe("layout", () => {
  it("has the header and footer links of SPEC §2, with the current page marked", async () => {
    const res = await get("/en/how/");
    for (const path of ["/en/", "/en/about/", "/en/how/", "/en/blog/", "/en/partner/"]) {
      expect(res.body).toContain(`href="${path}"`);
    }
    expect(res.body).toContain('<a href="/en/how/" aria-current="page">');
    expect(res.body).toContain("is not responsible for loan agreements");
  });

  it("shows the cookie notice until it is accepted", async () => {
    const first = await get("/en/");
    expect(first.body).toContain('aria-label="Cookie notice"');
    expect(first.headers.vary).toMatch(/Cookie/);
    const later = await inject(context.app, {
      method: "GET",
      url: "/en/",
      headers: { cookie: "cookie_notice=accepted" },
    });
    expect(later.body).not.toContain('aria-label="Cookie notice"');
  });
});

describe("blog and author pages", () => {
  it("lists the newest articles on /blog/ and the rest on /blog/page-2/", async () => {
    const first = await get("/en/blog/");
    const second = await get("/en/blog/page-2/");
    const links = (body: string) => (body.match(/class="article-card-title"/g) ?? []).length;
    expect(first.statusCode).toBe(200);
    expect(links(first.body) + links(second.body)).toBe(ARTICLE_SLUGS.length);
    expect(first.body).toContain('rel="next"');
    expect(second.body).toContain('rel="prev"');
    expect((await get("/blog/page-3/")).statusCode).toBe(404);
  });

  it("shows the author with their articles", async () => {
    const res = await get("/author/editorial-team/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("NayaCompare කර්තෘ මණ්ඩලය");
    expect((res.body.match(/class="article-card-title"/g) ?? []).length).toBe(ARTICLE_SLUGS.length);
    expect((await get("/author/nobody/")).statusCode).toBe(404);
  });

  it("puts every page in the sitemap", async () => {
    const sitemap = (await get("/sitemap.xml")).body;
    for (const slug of [...ARTICLE_SLUGS, ...DOCUMENT_SLUGS]) {
      expect(sitemap).toContain(`<loc>${testSite.origin}/${slug}/</loc>`);
      expect(sitemap).toContain(`<loc>${testSite.origin}/en/${slug}/</loc>`);
      expect(sitemap).toContain(`<loc>${testSite.origin}/ta/${slug}/</loc>`);
    }
    expect(sitemap).toContain(`<loc>${testSite.origin}/en/blog/page-2/</loc>`);
  });
});
