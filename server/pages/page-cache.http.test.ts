import { brotliDecompressSync, gunzipSync } from "node:zlib";
import inject from "light-my-request";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../site/server";
import type { AppDependencies } from "../app";
import { addComment } from "../community/comments";
import { rateArticle } from "../community/engagement";
import { eraseCommunityWrites } from "../community/erasure";
import { moderate } from "../community/moderation";
import { addReview } from "../community/reviews";
import { openOfferCatalogue } from "../lenders/catalogue";
import { importLenders } from "../lenders/lender-import";
import { seedSampleLenders, setLenderStatus } from "../lenders/lenders";
import { licensedLender } from "../lenders/test-lenders";
import { COMMAND_LINE } from "../staff/audit";
import { appWith, openTestSqlite, silentLog, type TestStorage } from "../test-support";

const ARTICLE = "/en/how-much-emergency-savings-do-you-really-need/";
const SLUG = "how-much-emergency-savings-do-you-really-need";

let test: TestStorage;
let renders: string[] = [];
/** The real renderer, counting: a request that renders missed the cache (or bypassed it). */
const counting: typeof renderPage = (path, options) => {
  renders.push(path);
  return renderPage(path, options);
};

beforeAll(async () => {
  test = await openTestSqlite();
  await seedSampleLenders(test.storage);
});
afterAll(async () => {
  await test?.cleanup();
});
beforeEach(() => {
  renders = [];
});

/** An app with the cache on; checkMs 0 reads the page version on every request. */
async function cachedApp(pageCache: AppDependencies["pageCache"] = { maxBytes: 5_000_000 }) {
  const catalogue = await openOfferCatalogue(test.storage, silentLog, {
    withSandbox: true,
    refreshMs: 3_600_000,
  });
  catalogue.close();
  return appWith(test.storage, {
    renderPage: counting,
    catalogues: new Map([["lk", catalogue]]),
    pageCache: { checkMs: 0, ...pageCache },
  });
}

type App = Awaited<ReturnType<typeof cachedApp>>;
const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  inject(app, { method: "GET", url, headers });

/** The headers a page answers with, but those that differ between any two answers. */
function stableHeaders(headers: Record<string, unknown>) {
  const { date: _date, "content-length": _length, "transfer-encoding": _te, ...rest } = headers;
  return rest;
}

describe("the page cache", () => {
  it("renders a page once and serves the same bytes and headers again", async () => {
    const app = await cachedApp();
    const first = await get(app, "/en/");
    const second = await get(app, "/en/");
    expect(renders).toEqual(["/en/"]);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(second.headers["content-language"]).toBe("en");
    expect(second.headers["content-security-policy"]).toContain("default-src");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers.etag).toMatch(/^W\//);
  });

  it("serves gzip and brotli made once, encoded as the compression middleware would, and HEAD without a body", async () => {
    const app = await cachedApp();
    const uncached = appWith(test.storage);
    const plain = await get(app, ARTICLE, { "accept-encoding": "identity" });
    for (const accept of [
      "gzip",
      "br",
      "gzip, deflate, br",
      "br;q=1, gzip;q=0.5",
      "deflate",
      "*",
    ]) {
      const cached = await get(app, ARTICLE, { "accept-encoding": accept });
      const rendered = await get(uncached, ARTICLE, { "accept-encoding": accept });
      const encoding = cached.headers["content-encoding"];
      expect(encoding, accept).toBe(rendered.headers["content-encoding"]);
      if (encoding === "gzip") expect(gunzipSync(cached.rawPayload).toString()).toBe(plain.body);
      if (encoding === "br") {
        expect(brotliDecompressSync(cached.rawPayload).toString()).toBe(plain.body);
      }
      // The article's render time is in its HTML (relative times of comments): ETags differ.
      const { etag: _cachedTag, ...cachedHeaders } = stableHeaders(cached.headers);
      const { etag: _renderedTag, ...renderedHeaders } = stableHeaders(rendered.headers);
      expect(cachedHeaders, accept).toEqual(renderedHeaders);
    }
    const gzip1 = await get(app, ARTICLE, { "accept-encoding": "gzip" });
    const gzip2 = await get(app, ARTICLE, { "accept-encoding": "gzip" });
    expect(gzip1.headers["content-encoding"]).toBe("gzip");
    expect(gzip2.rawPayload.equals(gzip1.rawPayload)).toBe(true);
    const br = await get(app, ARTICLE, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const head = await inject(app, { method: "HEAD", url: ARTICLE });
    expect(renders).toEqual([ARTICLE]);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(plain.body)));
    expect(stableHeaders(head.headers)).toEqual(stableHeaders(plain.headers));
  });

  it("answers 304 to a browser that holds the page", async () => {
    const app = await cachedApp();
    const first = await get(app, "/en/how/");
    const again = await get(app, "/en/how/", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(renders).toEqual(["/en/how/"]);
  });

  it("keeps locales and the cookie notice's state apart", async () => {
    const app = await cachedApp();
    const en = await get(app, "/en/");
    const si = await get(app, "/");
    const accepted = await get(app, "/en/", { cookie: "cookie_notice=accepted" });
    await get(app, "/en/");
    await get(app, "/");
    const acceptedAgain = await get(app, "/en/", { cookie: "cookie_notice=accepted; locale=en" });
    expect(renders).toEqual(["/en/", "/", "/en/"]);
    expect(si.headers["content-language"]).toBe("si");
    expect(si.body).not.toBe(en.body);
    expect(accepted.body).not.toBe(en.body);
    expect(acceptedAgain.body).toBe(accepted.body);
  });

  it("still sends a visitor whose language is English from / to /en/", async () => {
    const app = await cachedApp();
    expect((await get(app, "/")).statusCode).toBe(200);
    expect((await get(app, "/")).statusCode).toBe(200);
    const byCookie = await get(app, "/", { cookie: "locale=en" });
    const byBrowser = await get(app, "/", { "accept-language": "en-GB,en;q=0.9" });
    for (const res of [byCookie, byBrowser]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/en/");
    }
    expect(renders).toEqual(["/"]);
  });

  it.each([
    ["a lead cookie", { cookie: "lead=some-lead-id" }],
    ["a pending lead cookie", { cookie: "lead_pending=some-lead-id" }],
    ["a staff session cookie", { cookie: "admin_session=some-session" }],
    ["a partner session cookie", { cookie: "partner_session=some-session" }],
    ["the application's reset cookie", { cookie: "application_reset=1700000000000" }],
  ])("never serves or stores a page for a request with %s", async (_name, headers) => {
    const app = await cachedApp();
    await get(app, "/en/blog/", headers);
    await get(app, "/en/blog/", headers);
    expect(renders).toEqual(["/en/blog/", "/en/blog/"]);
    // Nor was the personal render stored for the anonymous visitor.
    await get(app, "/en/blog/");
    await get(app, "/en/blog/");
    expect(renders).toHaveLength(3);
  });

  it("renders a query a page may read every time, but not campaign tags", async () => {
    const app = await cachedApp();
    await get(app, "/en/offers/?all=1");
    await get(app, "/en/offers/?all=1");
    await get(app, "/en/offers/?anything=else");
    expect(renders).toHaveLength(3);
    renders = [];
    await get(app, "/en/offers/");
    await get(app, "/en/offers/?utm_source=fb&utm_campaign=may");
    await get(app, "/en/offers/?gclid=abc");
    expect(renders).toEqual(["/en/offers/"]);
  });

  it("keeps the empty application form, sent private and no-store, but never with a query (0311)", async () => {
    const app = await cachedApp();
    const first = await get(app, "/en/application/");
    const second = await get(app, "/en/application/");
    expect(renders).toEqual(["/en/application/"]);
    expect(second.body).toBe(first.body);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(second.headers["cache-control"]).toBe("private, no-store");
    // It reads campaign tags and the visitor's saved answers: those render every time.
    renders = [];
    await get(app, "/en/application/?utm_source=fb");
    await get(app, "/en/application/?utm_source=fb");
    await get(app, "/en/application/", { cookie: "lead=some-lead-id" });
    expect(renders).toHaveLength(3);
  });

  it("never caches a page not found or the error screen", async () => {
    const app = await cachedApp();
    for (let round = 0; round < 2; round++) {
      expect((await get(app, "/en/no-such-page/")).statusCode).toBe(404);
    }
    expect(renders).toEqual(["/en/no-such-page/", "/en/no-such-page/"]);
    const failing = appWith(test.storage, {
      pageCache: { maxBytes: 5_000_000, checkMs: 0 },
      renderPage: () => {
        throw new Error("the render broke");
      },
    });
    expect((await get(failing, "/en/")).statusCode).toBe(500);
    expect((await get(failing, "/en/")).statusCode).toBe(500);
  });

  it("holds no more than its byte budget, dropping the least recently used page", async () => {
    const app = await cachedApp();
    const page = Buffer.byteLength((await get(app, "/en/how/")).body);
    // Room for two pages like it (uncompressed), not three.
    const small = await cachedApp({ maxBytes: Math.round(page * 2.5) });
    renders = [];
    await get(small, "/en/how/");
    await get(small, "/en/partner/");
    await get(small, "/en/how/");
    await get(small, "/en/blog/");
    expect(renders).toEqual(["/en/how/", "/en/partner/", "/en/blog/"]);
    // /en/partner/ was the least recently used: it went for the blog.
    await get(small, "/en/how/");
    await get(small, "/en/partner/");
    expect(renders).toEqual(["/en/how/", "/en/partner/", "/en/blog/", "/en/partner/"]);
  });

  it("renders again after a page's maximum age", async () => {
    const app = await cachedApp({ maxBytes: 5_000_000, maxAgeMs: 0 });
    await get(app, "/en/how/");
    await get(app, "/en/how/");
    expect(renders).toEqual(["/en/how/", "/en/how/"]);
  });

  it("is off with a budget of 0 bytes", async () => {
    const app = await cachedApp({ maxBytes: 0 });
    await get(app, "/en/how/");
    await get(app, "/en/how/");
    expect(renders).toHaveLength(2);
  });
});

describe("what drops the cached pages", () => {
  /** Renders `url` into the cache, makes a change, and answers the next render of it. */
  async function afterChange(url: string, change: () => Promise<unknown>) {
    const app = await cachedApp();
    await get(app, url);
    await get(app, url);
    const path = url.split("?")[0];
    expect(renders).toEqual([path]);
    await change();
    const res = await get(app, url);
    expect(renders).toEqual([path, path]);
    return res.body;
  }

  it("a comment approved, and a comment or review erased", async () => {
    const added = await addComment(test.storage, {
      slug: SLUG,
      locale: "en",
      name: "Cached Reader",
      email: "cached.reader@example.com",
      text: "A comment that waits for its moderator.",
    });
    if (added.kind !== "stored") throw new Error("not stored");
    const approved = await afterChange(ARTICLE, () =>
      moderate(test.storage, "comment", added.id, "approve", COMMAND_LINE),
    );
    expect(approved).toContain("A comment that waits for its moderator.");
    renders = [];
    const erased = await afterChange(ARTICLE, () =>
      eraseCommunityWrites(test.storage, test.storage.db, "cached.reader@example.com", new Date()),
    );
    expect(erased).not.toContain("A comment that waits for its moderator.");
  });

  it("a review approved (posting one, pending, changes no page)", async () => {
    const id = await addReview(test.storage, {
      locale: "en",
      name: "Cached Reviewer",
      email: "cached.reviewer@example.com",
      text: "A review of the comparison that waits for its moderator.",
      rating: 5,
    });
    const app = await cachedApp();
    await get(app, "/en/");
    await get(app, "/en/");
    expect(renders).toEqual(["/en/"]);
    await moderate(test.storage, "review", id, "approve", COMMAND_LINE);
    expect((await get(app, "/en/")).body).toContain("A review of the comparison");
    expect(renders).toEqual(["/en/", "/en/"]);
  });

  it("a rating", async () => {
    await afterChange(ARTICLE, () => rateArticle(test.storage, SLUG, "cache-visitor", 4));
  });

  it("a lender imported, and a lender paused", async () => {
    const imported = await afterChange("/en/offers/?utm_source=cache", () =>
      importLenders(test.storage, [licensedLender()], {
        baseDir: test.dataDir,
        allowSandbox: false,
        urlRules: { allowHttp: false },
      }),
    );
    expect(imported).toContain("Gold Saver 6");
    renders = [];
    const paused = await afterChange("/en/offers/?utm_source=cache", () =>
      setLenderStatus(test.storage, "ruhuna-harbour", "paused"),
    );
    expect(paused).not.toContain("Gold Saver 6");
  });

  it("a change made through this instance, at once, however long its check interval", async () => {
    const app = await cachedApp({ maxBytes: 5_000_000, checkMs: 3_600_000 });
    await get(app, ARTICLE);
    await get(app, ARTICLE);
    await rateArticle(test.storage, SLUG, "eager-visitor", 2);
    await get(app, ARTICLE);
    expect(renders).toEqual([ARTICLE, ARTICLE]);
  });

  it("the offers changed, read by the catalogue's own refresh (the same offers keep the pages)", async () => {
    const catalogue = await openOfferCatalogue(test.storage, silentLog, {
      withSandbox: true,
      refreshMs: 3_600_000,
    });
    catalogue.close();
    const app = appWith(test.storage, {
      renderPage: counting,
      catalogues: new Map([["lk", catalogue]]),
      // A long check: only the offers' change can drop the page here.
      pageCache: { maxBytes: 5_000_000, checkMs: 3_600_000 },
    });
    await get(app, "/en/how/");
    await get(app, "/en/how/");
    await catalogue.refresh();
    await get(app, "/en/how/");
    expect(renders).toEqual(["/en/how/"]);
    // A change made behind the page version's back (as another instance's, before a check).
    await test.storage.db
      .updateTable("lenders")
      .set({ status: "paused" })
      .where("id", "=", "kandy-lane")
      .execute();
    await catalogue.refresh();
    await get(app, "/en/how/");
    expect(renders).toEqual(["/en/how/", "/en/how/"]);
  });
});
