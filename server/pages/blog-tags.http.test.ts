import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { ARTICLE_SLUGS, ARTICLE_TAGS } from "../../core/domain/schemas/content";
import { appWith, setUpTestApp, testSite } from "../test-support";

/**
 * Issue 21: an article's tags link to their topic's page (decision 0318),
 * the 404 page names the path it could not find (0319), and the rejected
 * landing page congratulates first (0320).
 */
const context = setUpTestApp();

const get = (url: string) => inject(context.app, { method: "GET", url });
const cards = (body: string) =>
  [...body.matchAll(/class="article-card-title"><a href="([^"]+)"/g)].map((match) => match[1]);
const h1 = (body: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1] ?? "";

describe("an article's tags", () => {
  it("link to their topic's page in the article's language", async () => {
    const slug = "are-you-ready-to-apply-for-personal-loans";
    for (const [prefix, name] of [
      ["", "පුද්ගලික ණය"],
      ["/en", "Personal loans"],
      ["/ta", "தனிநபர் கடன்கள்"],
    ] as const) {
      const res = await get(`${prefix}/${slug}/`);
      expect(res.body).toContain(`<a href="${prefix}/blog/tag/personal-loans/">${name}</a>`);
      expect(res.body).toContain(`<a href="${prefix}/blog/tag/budgeting/">`);
    }
  });

  it("are listed on /blog/, each topic once", async () => {
    const res = await get("/en/blog/");
    for (const tag of ARTICLE_TAGS) {
      expect(res.body.split(`href="/en/blog/tag/${tag}/"`)).toHaveLength(2);
    }
  });
});

describe("a topic's page", () => {
  it("lists its articles newest first, six a page with /blog/'s links, in three languages", async () => {
    for (const [prefix, lang, name] of [
      ["", "si", "අයවැය"],
      ["/en", "en", "Budgeting"],
      ["/ta", "ta", "வரவுசெலவுத் திட்டம்"],
    ] as const) {
      const first = await get(`${prefix}/blog/tag/budgeting/`);
      const second = await get(`${prefix}/blog/tag/budgeting/page-2/`);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.body).toContain(`<html lang="${lang}">`);
      expect(h1(first.body)).toBe(name);
      const listed = [...cards(first.body), ...cards(second.body)];
      expect(cards(first.body)).toHaveLength(6);
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.length).toBeGreaterThan(6);
      expect(first.body).toContain(`<a href="${prefix}/blog/tag/budgeting/page-2/" rel="next">`);
      expect(second.body).toContain(`<a href="${prefix}/blog/tag/budgeting/" rel="prev">`);
      expect(second.body).not.toContain('rel="next"');
      // Every article listed carries the tag, and none carrying it is left out.
      for (const path of listed) {
        const article = await get(path ?? "");
        expect(article.body).toContain(`href="${prefix}/blog/tag/budgeting/"`);
      }
      const tagged = await Promise.all(
        ARTICLE_SLUGS.map(async (slug) => {
          const article = await get(`${prefix}/${slug}/`);
          return article.body.includes(`href="${prefix}/blog/tag/budgeting/"`);
        }),
      );
      expect(tagged.filter(Boolean)).toHaveLength(listed.length);
    }
  });

  it("lists newest first", async () => {
    const res = await get("/en/blog/tag/saving/");
    const dates = [...res.body.matchAll(/<time dateTime="([^"]+)"|<time datetime="([^"]+)"/g)].map(
      (match) => match[1] ?? match[2] ?? "",
    );
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("shows the topic's most viewed articles, as the blog does, and only the topic's", async () => {
    // A fresh app each time: pages keep the views counted for a minute (communityLookup).
    const popular = async () =>
      (await inject(appWith(context.test.storage), "/client-api/page?path=/en/blog/tag/economy/"))
        .json()
        .state.view.popular.map((article: { slug: string }) => article.slug);
    expect(await popular()).toEqual([]);
    const view = (slug: string) =>
      inject(context.app, {
        method: "POST",
        url: `/api/articles/${slug}/views`,
        headers: {
          "content-type": "application/json",
          cookie: "client_id=3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
        },
        payload: "{}",
      });
    // Tagged economy, and not.
    expect((await view("top-things-you-can-buy-in-a-bad-economy")).statusCode).toBe(204);
    expect((await view("smart-tips-to-save-money-from-your-salary")).statusCode).toBe(204);
    expect(await popular()).toEqual(["top-things-you-can-buy-in-a-bad-economy"]);
  });

  it("has its own title, description, canonical link and alternates in every language", async () => {
    const res = await get("/en/blog/tag/family-finance/");
    expect(res.body).toContain("<title>Family finance: articles and guides | NayaCompare</title>");
    expect(res.body).toContain(
      '<meta name="description" content="Our guides on the topic “Family finance”: practical money tips for households in Sri Lanka, newest first." data-page-head>',
    );
    const origin = testSite.origin;
    expect(res.body).toContain(
      `<link rel="canonical" href="${origin}/en/blog/tag/family-finance/" data-page-head>`,
    );
    for (const [lang, prefix] of [
      ["si", ""],
      ["en", "/en"],
      ["ta", "/ta"],
    ]) {
      expect(res.body).toContain(
        `<link rel="alternate" hreflang="${lang}-LK" href="${origin}${prefix}/blog/tag/family-finance/" data-page-head>`,
      );
    }
    expect(res.body).not.toContain('content="noindex"');
    const second = await get("/blog/tag/budgeting/page-2/");
    expect(second.body).toMatch(/<title>අයවැය: ලිපි සහ මාර්ගෝපදේශ: පිටුව 2 \/ 2 \| /);
  });

  it("is in the sitemap for every page of every topic, and nothing past them", async () => {
    const sitemap = (await get("/sitemap.xml")).body;
    for (const tag of ARTICLE_TAGS) {
      for (const prefix of ["", "/en", "/ta"]) {
        expect(sitemap).toContain(`<loc>${testSite.origin}${prefix}/blog/tag/${tag}/</loc>`);
      }
    }
    expect(sitemap).toContain(`<loc>${testSite.origin}/ta/blog/tag/budgeting/page-2/</loc>`);
    expect(sitemap).not.toContain("/blog/tag/budgeting/page-3/");
    expect(sitemap).not.toContain("/blog/tag/saving/page-2/");
  });

  it.each([
    "/blog/tag/nothing/",
    "/en/blog/tag/Saving/",
    "/en/blog/tag/saving/page-2/",
    "/en/blog/tag/budgeting/page-3/",
    "/en/blog/tag/budgeting/page-1/",
    "/en/blog/tag/budgeting/page-02/",
    "/ta/blog/tag/%E0%AE%9A%E0%AF%87%E0%AE%AE%E0%AE%BF%E0%AE%AA%E0%AF%8D%E0%AE%AA%E0%AF%81/",
    "/en/blog/tag/",
  ])("is the 404 page at %s", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1 id="not-found-title">');
  });
});

describe("the 404 page", () => {
  it("names the path it could not find, in the page's language, with 'Get money'", async () => {
    for (const [url, text, apply] of [
      ["/no-such-page/", "පිටුව හමු නොවීය: ", "/application/"],
      ["/en/no-such-page/", "Page not found: ", "/en/application/"],
      ["/ta/no-such-page/", "பக்கம் கிடைக்கவில்லை: ", "/ta/application/"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(h1(res.body)).toBe(`${text}<code class="not-found-path" dir="ltr">${url}</code>`);
      expect(res.body).toMatch(new RegExp(`<a class="button" href="${apply}">[^<]+</a>`));
      expect(res.body).toContain('<meta name="robots" content="noindex" data-page-head>');
    }
  });

  it("escapes the path, shows its decoded letters and marks what could hide or reorder text", async () => {
    const res = await get(
      "/en/%3Cimg%20src=x%20onerror=alert(1)%3E/%E2%80%AE%07%E0%B6%AB%E0%B6%BA/",
    );
    expect(res.statusCode).toBe(404);
    expect(h1(res.body)).toContain("/en/&lt;img src=x onerror=alert(1)&gt;/\uFFFD\uFFFDණය/</code>");
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain("\u202E");
  });

  it("keeps a bad escape as typed and cuts a long path", async () => {
    const bad = await get("/en/%ZZ%E0%B6/");
    expect(h1(bad.body)).toContain(">/en/%ZZ%E0%B6/</code>");
    const long = await get(`/en/${"ණය".repeat(500)}/`.replace(/[^/a-z]/g, encodeURIComponent));
    expect(long.statusCode).toBe(404);
    const shown = />([^<]*)<\/code>/.exec(h1(long.body))?.[1] ?? "";
    expect(shown.startsWith("/en/ණයණය")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    const graphemes = [...new Intl.Segmenter("si", { granularity: "grapheme" }).segment(shown)];
    expect(graphemes.length).toBe(61);
  });
});

describe("the rejected landing page", () => {
  it.each(["/landing/rejected/", "/landing/rejected2/"])(
    "congratulates first, then asks for an amount (%s)",
    async (path) => {
      for (const [prefix, congratulations] of [
        ["", "සුබ පැතුම්! ඔබේ ණය ලබා ගැනීමට ඔබට තවමත් අවස්ථාව තිබේ"],
        ["/en", "Congratulations! You still have a chance to get your loan"],
        ["/ta", "வாழ்த்துகள்! உங்கள் கடனைப் பெற உங்களுக்கு இன்னும் வாய்ப்பு உண்டு"],
      ] as const) {
        const res = await get(`${prefix}${path}`);
        expect(res.statusCode).toBe(200);
        expect(h1(res.body)).toBe(congratulations);
        expect(res.body).toContain(`<title>${congratulations} | NayaCompare</title>`);
        expect(res.body.indexOf(congratulations)).toBeLessThan(res.body.indexOf('type="range"'));
      }
    },
  );
});
