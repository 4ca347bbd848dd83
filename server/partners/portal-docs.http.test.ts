import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { offerCatalogueSchema } from "../../core/domain/schemas/offer";
import { setUpTestApp } from "../test-support";
import { leadOffersSchema } from "./api-schemas";
import { createPartner } from "./partners";
import { seedConversion } from "./payouts.test-support";
import { claimedPortalSession } from "./portal.test-support";

/**
 * The portal's API documentation and the OpenAPI document's feed (issue 18,
 * decision 0247): the page shows each partner its own publishable key and
 * origins in the examples, never a secret key, in both languages; the
 * document is well formed, lists the feed's paths with the publishable key
 * as their security, and every feed path answers as documented.
 */
const context = setUpTestApp();
const ORIGIN = "https://galle-deals.example";
const OTHER = "https://elsewhere.example";
const keys: Record<string, { publishable: string; secret: string }> = {};
const cookies: Record<string, string> = {};
let leadId = "";

type Json = Record<string, unknown>;

beforeAll(async () => {
  const { storage } = context.test;
  for (const [id, origins] of [
    ["docs-a", [ORIGIN]],
    ["docs-b", []],
  ] as const) {
    const { keys: issued } = await createPartner(storage, {
      id,
      name: `${id} name`,
      payoutModel: "lead",
      payoutRupees: 300,
      origins: [...origins],
      postbackUrl: null,
    });
    keys[id] = { publishable: issued.publishableKey, secret: issued.secretKey };
    cookies[id] = await claimedPortalSession(storage, id);
  }
  leadId = (await seedConversion(storage, "docs-a", new Date(), [])).leadId;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  inject(context.app, { method: "GET", url, headers });

describe("the portal's documentation page", () => {
  it("fills the partner's own publishable key and origin in, never a secret key", async () => {
    for (const [base, words] of [
      ["/en/partner/portal/docs/", "The partner API (from your server)"],
      ["/partner/portal/docs/", "හවුල්කරු API එක (ඔබේ සර්වරයෙන්)"],
    ] as const) {
      const res = await get(base, { cookie: cookies["docs-a"] as string });
      expect(res.statusCode, base).toBe(200);
      expect(res.body).toContain(words);
      expect(res.body).toContain(
        `&quot;X-Publishable-Key&quot;: &quot;${keys["docs-a"]?.publishable}&quot;`,
      );
      expect(res.body).toContain(`feed/config/lk?key=${keys["docs-a"]?.publishable}`);
      expect(res.body).toContain(`Origin: ${ORIGIN}`);
      expect(res.body).toContain('href="/api/partner/v1/openapi.json"');
      expect(res.body).toContain("$NAYACOMPARE_SECRET_KEY");
      for (const partner of ["docs-a", "docs-b"]) {
        expect(res.body).not.toContain(keys[partner]?.secret);
      }
      expect(res.body).not.toContain(keys["docs-b"]?.publishable);
      expect(res.body).not.toMatch(/sk_[A-Za-z0-9]/);
    }
    const b = await get("/en/partner/portal/docs/?partner=docs-a", {
      cookie: cookies["docs-b"] as string,
    });
    expect(b.body).toContain(keys["docs-b"]?.publishable);
    expect(b.body).not.toContain(keys["docs-a"]?.publishable);
    expect(b.body).toContain("None yet: add your site");
    expect(b.body).toContain(`Origin: https://your-site.example`);
  });

  it("shows real-time pre-approvals with a waiting call and an answer of the API's shape, in three languages", async () => {
    for (const [base, lang, title] of [
      ["/en/partner/portal/docs/", "en", "Pre-approvals in real time"],
      ["/partner/portal/docs/", "si", "තත්‍ය කාලීන පූර්ව අනුමැති"],
      ["/ta/partner/portal/docs/", "ta", "உடனடி முன்னங்கீகாரங்கள்"],
    ] as const) {
      const res = await get(base, { cookie: cookies["docs-a"] as string });
      expect(res.statusCode, base).toBe(200);
      expect(res.body).toContain(title);
      expect(res.body).toContain("GET /leads/{id}/offers?wait={seconds}");
      expect(res.body).toContain(
        `https://nayacompare.test/api/partner/v1/leads/$LEAD_ID/offers?lang=${lang}&amp;wait=10`,
      );
      const example = /<pre[^>]*id="lead-offers-example"[^>]*><code>([^<]*)<\/code><\/pre>/.exec(
        res.body,
      )?.[1];
      if (!example) throw new Error(`no example answer on ${base}`);
      const answer = leadOffersSchema.parse(
        JSON.parse(example.replaceAll("&quot;", '"').replaceAll("&amp;", "&")),
      );
      expect(answer.lang).toBe(lang);
      expect(answer.decisions?.complete).toBe(true);
      expect(answer.offers[0]?.preApproved).toBe(true);
      expect(answer.offers[0]?.lender.pageUrl.startsWith("https://nayacompare.test/")).toBe(true);
      expect(res.body).toContain(`href="${base.replace("docs/", "postbacks/")}"`);
      // Issue 36: a lender still to answer with its odds, said in plain words with the method.
      const pending = answer.decisions?.lenders.find((item) => item.status === "pending");
      expect(pending?.approvalOdds).toMatchObject({ inTen: 7, basis: 214, windowDays: 90 });
      const method = lang === "si" ? "/approval-odds/" : `/${lang}/approval-odds/`;
      expect(res.body).toContain(`href="https://nayacompare.test${method}"`);
    }
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const res = await get("/en/partner/portal/docs/");
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    expect(res.body).not.toContain("pk_");
  });
});

/** Every $ref in a value, wherever it is. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const one of value) refsIn(one, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe("the OpenAPI document with the feed", () => {
  let document: Json;
  beforeAll(async () => {
    const res = await get("/api/partner/v1/openapi.json");
    expect(res.statusCode).toBe(200);
    document = res.json();
  });

  it("is a well-formed OpenAPI 3.1 document", () => {
    expect(document.openapi).toBe("3.1.0");
    const components = document.components as {
      schemas: Record<string, Json>;
      securitySchemes: Record<string, Json>;
    };
    // Every reference resolves to a component.
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(components.schemas, ref).toHaveProperty(ref.replace("#/components/schemas/", ""));
    }
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      expect(path).toMatch(/^\//);
      for (const server of (item.servers as Json[] | undefined) ?? []) {
        expect(() => new URL(String(server.url)), path).not.toThrow();
      }
      for (const key of Object.keys(item)) {
        expect(["servers", "parameters", "summary", "description", ...METHODS], path).toContain(
          key,
        );
      }
      for (const method of METHODS.filter((one) => one in item)) {
        const op = item[method] as Json;
        const id = String(op.operationId);
        expect(operationIds.has(id), id).toBe(false);
        operationIds.add(id);
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses).length, id).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(responses)) {
          expect(status, id).toMatch(/^[1-5]\d\d$/);
          expect(typeof response.description, `${id} ${status}`).toBe("string");
        }
        // Path templates and path parameters agree, one for one.
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
        const parameters = (op.parameters as Json[] | undefined) ?? [];
        const inPath = parameters
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name)
          .sort();
        expect(inPath, id).toEqual(templated);
        for (const parameter of parameters) {
          expect(["query", "header", "path", "cookie"], id).toContain(parameter.in);
          expect(parameter.schema, `${id} ${String(parameter.name)}`).toBeTypeOf("object");
          if (parameter.in === "path") expect(parameter.required, id).toBe(true);
        }
        for (const requirement of (op.security as Json[] | undefined) ?? []) {
          for (const scheme of Object.keys(requirement)) {
            expect(components.securitySchemes, id).toHaveProperty(scheme);
          }
        }
      }
    }
    for (const requirement of document.security as Json[]) {
      for (const scheme of Object.keys(requirement)) {
        expect(components.securitySchemes).toHaveProperty(scheme);
      }
    }
  });

  it("lists the feed's paths under /api, with the publishable key as their security", () => {
    const paths = document.paths as Record<string, Json>;
    for (const path of ["/feed/config", "/feed/config/{name}", "/feed/leads"]) {
      const item = paths[path] as Json;
      expect(item, path).toBeDefined();
      expect((item.servers as Json[])[0]?.url).toBe("https://nayacompare.test/api");
      expect((item.get as Json).security).toEqual([
        {},
        { publishableKey: [] },
        { publishableKeyQuery: [] },
      ]);
    }
    const schemes = (document.components as { securitySchemes: Record<string, Json> })
      .securitySchemes;
    expect(schemes.publishableKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Publishable-Key",
    });
    expect(schemes.publishableKeyQuery).toMatchObject({ type: "apiKey", in: "query", name: "key" });
    expect(schemes.secretKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lists the feed in the reference page by its whole path", async () => {
    const res = await get("/api/partner/v1/reference");
    expect(res.body).toContain("GET /api/feed/config/{name}");
    expect(res.body).toContain("GET /api/feed/config<");
    expect(res.body).toContain("GET /api/feed/leads");
    expect(res.body).toContain("X-Publishable-Key: pk_…");
  });

  it("answers every documented feed path as documented, with a key from an allowed origin", async () => {
    const paths = document.paths as Record<string, Json>;
    const bodies: Record<string, z.ZodType> = {
      FeedOffers: offerCatalogueSchema,
      FeedOfferIds: z.array(z.number().int()),
    };
    const example: Record<string, string> = {
      "/feed/config": "/feed/config",
      "/feed/config/{name}": "/feed/config/lk",
      "/feed/leads": `/feed/leads?lead_id=${leadId}&page=all&direction=swap&pf=1`,
    };
    const feed = Object.entries(paths).filter(([path]) => path.startsWith("/feed/"));
    expect(feed.map(([path]) => path).sort()).toEqual(Object.keys(example).sort());
    const key = keys["docs-a"]?.publishable as string;
    for (const [path, item] of feed) {
      const op = item.get as Json;
      const responses = op.responses as Record<string, Json>;
      const base = new URL(String((item.servers as Json[])[0]?.url)).pathname;
      const url = `${base}${example[path]}`;
      const withQuery = `${url}${url.includes("?") ? "&" : "?"}key=${key}`;
      for (const [how, res] of [
        ["header", await get(url, { origin: ORIGIN, "x-publishable-key": key })],
        ["query", await get(withQuery, { origin: ORIGIN })],
        ["no key", await get(url)],
      ] as const) {
        expect(res.statusCode, `${path} ${how}`).toBe(200);
        const ok = responses["200"] as Json;
        const headers = ok.headers as Record<string, { schema: Json }>;
        for (const [name, header] of Object.entries(headers)) {
          if (header.schema.const !== undefined) {
            expect(res.headers[name.toLowerCase()], `${path} ${name}`).toBe(header.schema.const);
          }
        }
        const content = ok.content as Record<string, { schema: Json }>;
        const ref = String(content["application/json"]?.schema.$ref);
        const schema = bodies[ref.replace("#/components/schemas/", "")];
        expect(schema, ref).toBeDefined();
        expect(schema?.safeParse(res.json()).success, `${path} ${how}`).toBe(true);
      }
      expect(responses).toHaveProperty("403");
      const foreign = await get(url, { origin: OTHER, "x-publishable-key": key });
      expect(foreign.statusCode, path).toBe(403);
      expect(foreign.json().error.code).toBe("origin_not_allowed");
      const noOrigin = await get(withQuery);
      expect(noOrigin.statusCode, path).toBe(403);
      expect(responses).toHaveProperty("401");
      const wrong = await get(url, { origin: ORIGIN, "x-publishable-key": "pk_not_a_key" });
      expect(wrong.statusCode, path).toBe(401);
      expect(wrong.json().error.code).toBe("invalid_key");
    }
    // The documented errors of the feed itself.
    const unknown = await get("/api/feed/config/zz", { origin: ORIGIN, "x-publishable-key": key });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("unknown_feed_config");
    const missing = await get("/api/feed/leads", { origin: ORIGIN, "x-publishable-key": key });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("missing_lead_id");
    const noLead = await get("/api/feed/leads?lead_id=AAAAAAAAAAAAAAAAAAAAAA", {
      origin: ORIGIN,
      "x-publishable-key": key,
    });
    expect(noLead.statusCode).toBe(404);
    expect(noLead.json().error.code).toBe("unknown_lead");
  });
});
