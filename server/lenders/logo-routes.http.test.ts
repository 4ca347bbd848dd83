import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWith,
  openTestSqlite,
  silentLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import { openOfferCatalogue } from "./catalogue";
import { importLenders } from "./lender-import";
import { seedSampleLenders } from "./lenders";
import { API_HOST, apiLender, licensedLender, TINY_PNG_BASE64 } from "./test-lenders";

/** GET /lenders/{id}/logo on the app, over storage holding the samples and imported lenders. */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
beforeAll(async () => {
  test = await openTestSqlite();
  await seedSampleLenders(test.storage);
  const logo = `data:image/png;base64,${TINY_PNG_BASE64}`;
  await importLenders(
    test.storage,
    [
      licensedLender({ logo }),
      apiLender(),
      licensedLender({ id: "in-preparation", status: "draft", logo, products: [] }),
      licensedLender({ id: "on-a-break", status: "paused", products: [] }),
    ],
    {
      baseDir: test.dataDir,
      allowSandbox: false,
      urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
    },
  );
  const catalogue = await openOfferCatalogue(test.storage, silentLog, {
    withSandbox: true,
    refreshMs: 60_000,
  });
  catalogue.close();
  app = appWith(test.storage, { catalogues: new Map([["lk", catalogue]]) });
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, method: "GET" | "HEAD" = "GET") => inject(app, { method, url });

function expectSandboxedImage(res: Awaited<ReturnType<typeof get>>, type: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe(type);
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["cache-control"]).toBe("public, max-age=300");
}

describe("a lender's logo", () => {
  it("is the uploaded image, with its own type, sandboxed and cached briefly", async () => {
    const res = await get("/lenders/ruhuna-harbour/logo");
    expectSandboxedImage(res, "image/png");
    expect(res.rawPayload.equals(Buffer.from(TINY_PNG_BASE64, "base64"))).toBe(true);
    const again = await inject(app, {
      method: "GET",
      url: "/lenders/ruhuna-harbour/logo",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("is the monogram, drawn by us, for a lender without one, a paused one and a sample", async () => {
    const res = await get("/lenders/harbour-api/logo");
    expectSandboxedImage(res, "image/svg+xml");
    expect(res.body).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*><rect [^>]*fill="#[0-9a-f]{6}"\/><text [^>]*>HI<\/text><\/svg>$/,
    );
    expectSandboxedImage(await get("/lenders/on-a-break/logo"), "image/svg+xml");
    expect((await get("/lenders/kandy-lane/logo")).body).toContain(">KL</text>");
    expect((await get("/lenders/harbour-api/logo", "HEAD")).statusCode).toBe(200);
  });

  it("is not there for a draft or an unknown lender, or a hostile id", async () => {
    for (const url of [
      "/lenders/in-preparation/logo",
      "/lenders/nobody/logo",
      "/lenders/KANDY-LANE/logo",
      "/lenders/..%2F..%2Fetc%2Fpasswd/logo",
      "/lenders/%3Cscript%3E/logo",
      `/lenders/${"a".repeat(5_000)}/logo`,
      "/lenders/-kandy/logo",
      "/lenders/%E0%A4%A/logo",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).not.toMatch(/^image\//);
    }
    // U+0000 in the address is refused before any route (decision 0340).
    const nul = await get("/lenders/kandy-lane%00/logo");
    expect(nul.statusCode).toBe(400);
    expect(nul.headers["content-type"]).not.toMatch(/^image\//);
  });

  it("is what the catalogue's offers point to", async () => {
    const offers = await (await get("/api/feed/config/lk")).json();
    const logos = new Map(
      offers.map((offer: { lender: { id: string; logo: string } }) => [
        offer.lender.id,
        offer.lender.logo,
      ]),
    );
    expect(logos.get("ruhuna-harbour")).toBe("/lenders/ruhuna-harbour/logo");
    expect(logos.get("harbour-api")).toBe("/lenders/harbour-api/logo");
    expect(logos.get("kandy-lane")).toBe("/lenders/kandy-lane.svg");
    expect(logos.has("in-preparation")).toBe(false);
  });
});
