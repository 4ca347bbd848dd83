import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { createPartner } from "./partners/partners";
import { appWith, openTestSqlite, recordingLog, setUpTestApp } from "./test-support";
import { countEvents } from "./tracking/event-rows";

const context = setUpTestApp();

describe("pages", () => {
  it("renders the Sinhala home page at the root", async () => {
    const res = await inject(context.app, { method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html><html lang="si">/);
    expect(res.body).toContain("එකම අයදුම්පතකින්");
    expect(res.body).toContain('<script type="module" src="/assets/client-test.js">');
  });

  it("renders the English home page under /en/", async () => {
    const res = await inject(context.app, { method: "GET", url: "/en/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(res.body).toContain("Loan offers that suit you");
  });

  it("sends a strict content security policy with pages", async () => {
    const res = await inject(context.app, { method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).not.toContain("unsafe-inline");
  });

  it("answers an unknown page with 404 in the page's language, with a way to apply", async () => {
    const si = await inject(context.app, { method: "GET", url: "/no-such-page/" });
    expect(si.statusCode).toBe(404);
    expect(si.body).toContain('<html lang="si">');
    expect(si.body).toContain("පිටුව හමු නොවීය");
    expect(si.body).toContain('href="/application/"');

    const en = await inject(context.app, { method: "GET", url: "/en/no-such-page/" });
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain("Page not found");
    expect(en.body).toContain('href="/en/application/"');
  });
});

describe("the page head", () => {
  it("has canonical, hreflang alternates, Open Graph and JSON-LD", async () => {
    const res = await inject(context.app, { method: "GET", url: "/en/" });
    expect(res.body).toContain(
      '<link rel="canonical" href="https://nayacompare.test/en/" data-page-head>',
    );
    expect(res.body).toContain('hreflang="si-LK" href="https://nayacompare.test/"');
    expect(res.body).toContain('hreflang="ta-LK" href="https://nayacompare.test/ta/"');
    expect(res.body).toContain('hreflang="x-default" href="https://nayacompare.test/"');
    expect(res.body).toContain('<meta property="og:locale:alternate" content="ta_LK"');
    expect(res.body).toContain('<meta property="og:title"');
    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(jsonLd ?? "{}")["@graph"][0]).toMatchObject({
      email: "help@nayacompare.test",
      currenciesAccepted: "LKR",
    });
  });

  it("keeps the 404 page out of the index", async () => {
    const res = await inject(context.app, { method: "GET", url: "/en/no-such-page/" });
    expect(res.body).toContain('<meta name="robots" content="noindex" data-page-head>');
    expect(res.body).not.toContain('rel="canonical"');
  });
});

describe("locale selection on the home page (SPEC §4)", () => {
  const home = (headers: Record<string, string>) =>
    inject(context.app, { method: "GET", url: "/?utm_source=fb", headers });

  it("sends a first visit from an English browser to /en/, keeping the query", async () => {
    const res = await home({ "accept-language": "en-GB,en;q=0.9" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/en/?utm_source=fb");
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it("lets the stored choice win over the browser", async () => {
    const stays = await home({ "accept-language": "en", cookie: "locale=si" });
    expect(stays.statusCode).toBe(200);
    expect(stays.body).toContain('<html lang="si">');
    const goes = await home({ "accept-language": "si", cookie: "locale=en" });
    expect(goes.headers.location).toBe("/en/?utm_source=fb");
  });

  it("sends a Tamil browser or a stored Tamil choice to /ta/ (issue 20)", async () => {
    for (const language of ["ta", "ta-LK", "ta-LK,ta;q=0.9,en;q=0.8"]) {
      const res = await home({ "accept-language": language });
      expect(res.statusCode, language).toBe(302);
      expect(res.headers.location, language).toBe("/ta/?utm_source=fb");
    }
    const stored = await home({ "accept-language": "en", cookie: "locale=ta" });
    expect(stored.headers.location).toBe("/ta/?utm_source=fb");
    const back = await home({ "accept-language": "ta-LK", cookie: "locale=si" });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<html lang="si">');
    const tamil = await inject(context.app, { method: "GET", url: "/ta/" });
    expect(tamil.statusCode).toBe(200);
    expect(tamil.body).toContain('<html lang="ta">');
  });

  it("serves Sinhala without a preference, and ignores a bad cookie", async () => {
    expect((await home({})).statusCode).toBe(200);
    expect((await home({ cookie: "locale=fr" })).statusCode).toBe(200);
  });

  it("redirects nowhere but the home page", async () => {
    const res = await inject(context.app, {
      method: "GET",
      url: "/no-such-page/",
      headers: { "accept-language": "en", cookie: "locale=en" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("sitemap and robots", () => {
  it("lists every page in all three languages with alternates", async () => {
    const res = await inject(context.app, { method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body).toContain("<loc>https://nayacompare.test/</loc>");
    expect(res.body).toContain("<loc>https://nayacompare.test/en/</loc>");
    expect(res.body).toContain("<loc>https://nayacompare.test/ta/</loc>");
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="en-LK" href="https://nayacompare.test/en/"/>',
    );
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="ta-LK" href="https://nayacompare.test/ta/"/>',
    );
    // Each page: its three languages and x-default.
    const home = /<url><loc>https:\/\/nayacompare.test\/ta\/<\/loc>(.*?)<\/url>/.exec(
      res.body,
    )?.[1];
    expect(home?.match(/<xhtml:link /g)).toHaveLength(4);
  });

  it("points robots to the sitemap", async () => {
    const res = await inject(context.app, { method: "GET", url: "/robots.txt" });
    expect(res.body).toContain("Sitemap: https://nayacompare.test/sitemap.xml");
    expect(res.body).toContain("Disallow: /client-api/");
  });
});

describe("trailing slash (SPEC §2)", () => {
  it("redirects a path without one, keeping the query", async () => {
    const res = await inject(context.app, { method: "GET", url: "/en?utm_source=fb" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/en/?utm_source=fb");
  });

  it("leaves paths with a dot or client-api alone", async () => {
    const file = await inject(context.app, { method: "GET", url: "/favicon.ico" });
    expect(file.statusCode).not.toBe(301);
    const clientApi = await inject(context.app, { method: "GET", url: "/client-api/offers" });
    expect(clientApi.statusCode).not.toBe(301);
  });

  it("cannot be turned into a redirect to another site", async () => {
    const res = await inject(context.app, { method: "GET", url: "//evil" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/evil/");
  });

  it("never links a 404 page to another site", async () => {
    const res = await inject(context.app, { method: "GET", url: "/en//evil.example/" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('href="//');
    expect(res.body).toContain('href="/evil.example/"');
  });

  it("does not redirect API calls", async () => {
    const res = await inject(context.app, { method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
  });
});

describe("GET /healthz", () => {
  it("reports storage as ok", async () => {
    const res = await inject(context.app, { method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", storage: { engine: "sqlite", status: "ok" } });
  });

  it("answers 503 when storage is unreachable", async () => {
    const broken = await openTestSqlite();
    const brokenApp = appWith(broken.storage);
    await broken.storage.close();
    const res = await inject(brokenApp, { method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "unavailable",
      storage: { engine: "sqlite", status: "unreachable" },
    });
    await broken.cleanup();
  });
});

describe("POST /api/event", () => {
  const post = (payload: string, contentType = "application/json") =>
    inject(context.app, {
      method: "POST",
      url: "/api/event",
      headers: { "content-type": contentType },
      payload,
    });

  it("answers 202 with its id once the event is committed", async () => {
    const before = await countEvents(context.test.storage.db);
    const res = await post(
      JSON.stringify({
        event_id: 5,
        session_id: "3F1C2B9E7D4A4C1B9A8E2B6D5F4E3C21",
        utm_source: "google",
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    // Committed before the answer: no flush needed.
    expect(await countEvents(context.test.storage.db)).toBe(before + 1);
    const stored = await context.test.storage.db
      .selectFrom("events")
      .select(["session_id", "provider_id"])
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    // Canonical id (SPEC §5); the widget's events get this deployment's provider id.
    expect(stored).toEqual({
      session_id: "3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21",
      provider_id: "nayacompare-lk",
    });
  });

  it("answers 202 as JSON with every answer's headers, uncompressed and without an ETag (0265)", async () => {
    const res = await inject(context.app, {
      method: "POST",
      url: "/api/event",
      headers: { "content-type": "text/plain;charset=UTF-8", "accept-encoding": "gzip, br" },
      payload: JSON.stringify({ event_id: 5 }),
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(Number(res.headers["content-length"])).toBe(res.payload.length);
    expect(Object.keys(res.json())).toEqual(["id"]);
  });

  it("is open to partners' pages: CORS on the answer and on a preflight", async () => {
    const res = await post(JSON.stringify({ event_id: 5 }));
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    const preflight = await inject(context.app, {
      method: "OPTIONS",
      url: "/api/event",
      headers: {
        origin: "https://partner.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toContain("POST");
    expect(preflight.headers["access-control-allow-headers"]).toContain("Content-Type");
  });

  it("stores the class of the sender's device, never its User-Agent, and a page view's visit", async () => {
    const phone =
      "Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
    const res = await inject(context.app, {
      method: "POST",
      url: "/api/event",
      headers: { "content-type": "application/json", "user-agent": phone },
      payload: JSON.stringify({
        event_id: 5,
        sub4: "pageView",
        sub6: "si",
        session_id: "9b2c1a52-8d4e-4b7a-9c2d-1e5f6a7b8c9d",
      }),
    });
    expect(res.statusCode).toBe(202);
    const stored = await context.test.storage.db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.device_class).toBe("mobile");
    expect(JSON.stringify(stored)).not.toContain("Android");
    const visit = await context.test.storage.db
      .selectFrom("visits")
      .selectAll()
      .where("session_key", "=", "9b2c1a52-8d4e-4b7a-9c2d-1e5f6a7b8c9d")
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ device_class: "mobile", locale: "si" });
  });

  it("accepts JSON sent as text/plain, as sendBeacon sends it", async () => {
    const res = await post(JSON.stringify({ event_id: 27 }), "text/plain;charset=UTF-8");
    expect(res.statusCode).toBe(202);
  });

  it.each([
    ["a missing event id", JSON.stringify({ session_id: "x" }), "invalid_body"],
    ["a wrong type", JSON.stringify({ event_id: "5" }), "invalid_body"],
    ["an unknown field", JSON.stringify({ event_id: 5, email: "a@b.lk" }), "invalid_body"],
    [
      "a phone number as a sub id",
      JSON.stringify({ event_id: 5, sub1: "0771234567" }),
      "invalid_body",
    ],
    [
      "a session id that is no v4 UUID",
      JSON.stringify({ event_id: 5, session_id: "abc" }),
      "invalid_body",
    ],
    ["an array", JSON.stringify([{ event_id: 5 }]), "invalid_body"],
    ["malformed JSON", "{bad", "invalid_json"],
    ["a prototype-pollution key", '{"event_id":5,"__proto__":{"admin":true}}', "invalid_body"],
  ])("rejects %s with 400, the envelope, and stores nothing", async (_name, body, code) => {
    await context.events.flush();
    const before = await countEvents(context.test.storage.db);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
    await context.events.flush();
    expect(await countEvents(context.test.storage.db)).toBe(before);
  });

  it("names the fields that are wrong", async () => {
    const res = await post(JSON.stringify({ event_id: "5", phone: "0771234567" }));
    expect(res.json().error.fields).toEqual({
      event_id: expect.any(String),
      phone: "is not a known field",
    });
  });

  it("rejects a body over the size limit with 413", async () => {
    const res = await post(JSON.stringify({ event_id: 5, referer: "x".repeat(20_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("body_too_large");
  });

  it.each([
    ["full", "overloaded"],
    ["failed", "not_stored"],
  ] as const)("answers 503 with Retry-After when the buffer is %s", async (reason, code) => {
    const events = {
      add: async () => ({ committed: false, reason }) as const,
      flush: async () => undefined,
      close: async () => undefined,
      pending: 0,
    };
    const app = appWith(context.test.storage, { events });
    const res = await inject(app, {
      method: "POST",
      url: "/api/event",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ event_id: 5 }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json().error.code).toBe(code);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/nothing" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});

describe("the release files", () => {
  it("name the running build, never cached, and serve its manifest", async () => {
    const latest = await inject(context.app, { method: "GET", url: "/_build/latest.json?t=123" });
    expect(latest.statusCode).toBe(200);
    expect(latest.headers["cache-control"]).toBe("no-cache");
    expect(latest.json()).toEqual({ buildId: "0123456789ab", builtAt: "2026-11-21T08:00:00.000Z" });
    const manifest = await inject(context.app, {
      method: "GET",
      url: "/_build/0123456789ab/manifest.json",
    });
    expect(manifest.json()).toMatchObject({ buildId: "0123456789ab", scripts: expect.any(Array) });
    const other = await inject(context.app, {
      method: "GET",
      url: "/_build/ffffffffffff/manifest.json",
    });
    expect(other.statusCode).toBe(404);
    const page = await inject(context.app, { method: "GET", url: "/en/" });
    expect(page.body).toContain('<meta name="build-id" content="0123456789ab">');
  });
});

describe("a route parameter that cannot be decoded (a bad percent-encoding)", () => {
  const API = [
    ["GET", "/api/feed/config/%"],
    ["GET", "/api/feed/config/%ZZ"],
    ["OPTIONS", "/api/feed/%ZZ"],
    ["GET", "/api/partner/v1/leads/%ZZ"],
    ["GET", "/api/partner/v1/leads/%E0%A4%A"],
    ["POST", "/api/articles/%ZZ/rating"],
    ["POST", "/api/articles/%/views"],
  ] as const;
  const PAGES = [
    "/go/%ZZ",
    "/go/%ZZ/",
    "/_build/%ZZ/manifest.json",
    "/reviews/%ZZ/image",
    "/admin/reviews/%ZZ/image",
    "/partner/demo/%ZZ",
    "/en/partner/demo/%C0%AF",
  ];

  async function partnerKey(): Promise<string> {
    const { keys } = await createPartner(context.test.storage, {
      id: "bad-encoding",
      name: "Bad encoding",
      payoutModel: "lead",
      payoutRupees: 1,
      origins: [],
      postbackUrl: null,
    });
    return keys.secretKey;
  }

  it("is a 400 with the envelope on the API, and nothing but a request line in the log", async () => {
    const { log, lines } = recordingLog();
    const app = appWith(context.test.storage, { log });
    const key = await partnerKey();
    for (const [method, url] of API) {
      const res = await inject(app, {
        method,
        url,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        ...(method === "POST" ? { payload: "{}" } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().error.code).toBe("invalid_path");
    }
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ message: "request" });
    expect(lines.join("\n")).not.toContain("stack");
  });

  it("is the 404 page elsewhere, in the path's language, and nothing but a request line in the log", async () => {
    const { log, lines } = recordingLog();
    const app = appWith(context.test.storage, { log });
    for (const url of PAGES) {
      const res = await inject(app, { method: "GET", url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain(url.startsWith("/en/") ? "Page not found" : "පිටුව හමු නොවීය");
      const head = await inject(app, { method: "HEAD", url });
      expect(head.statusCode).toBe(404);
    }
    const post = await inject(app, { method: "POST", url: "/go/%ZZ" });
    expect(post.statusCode).toBe(400);
    expect(post.json().error.code).toBe("invalid_path");
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ message: "request" });
    expect(lines.join("\n")).not.toContain("stack");
  });
});
