import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_SLUGS, DOCUMENT_SLUGS } from "../../core/schemas/content";
import { appWith, openTestSqlite, type TestStorage, testSite } from "../test-support";

let test: TestStorage;
let app: ReturnType<typeof appWith>;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage);
});

afterAll(async () => {
  await test.cleanup();
});

const get = (url: string) => inject(app, { method: "GET", url });

describe("article pages", () => {
  it.each(ARTICLE_SLUGS)("serve %s in both languages", async (slug) => {
    for (const [prefix, lang] of [
      ["", "si"],
      ["/en", "en"],
    ] as const) {
      const res = await get(`${prefix}/${slug}/`);
      expect(res.statusCode, `${prefix}/${slug}/`).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain('<meta property="og:type" content="article">');
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
    }
    expect(sitemap).toContain(`<loc>${testSite.origin}/en/blog/page-2/</loc>`);
  });
});
