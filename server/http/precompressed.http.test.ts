import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";

/** Decision 0302: the widget's scripts go out brotli 11 or gzip 9, compressed once per file. */
const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-precompressed-"));
const widgetDir = path.join(distDir, "widget");
mkdirSync(widgetDir, { recursive: true });
const script = (label: string) =>
  Buffer.from(
    Array.from({ length: 200 }, (_, i) => `console.log("${label} line ${i} of the widget");`).join(
      "\n",
    ),
  );
const latest = script("latest");
const pinned = script("pinned");
writeFileSync(path.join(widgetDir, "loan-widget.js"), latest);
writeFileSync(path.join(widgetDir, "loan-widget-0.1.0-1a2b3c4d.js"), pinned);
writeFileSync(path.join(widgetDir, "manifest.json"), '{"version":"0.1.0"}');
// A catalog (decision 0303): the widget's copy for one locale, named by its content's hash.
const catalog = Buffer.from(
  JSON.stringify(
    Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, `Text ${i}`])),
  ),
);
writeFileSync(path.join(widgetDir, "messages-en-0a1b2c3d.json"), catalog);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const brotli11 = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

describe("the widget's scripts over the wire", () => {
  const context = setUpTestApp({ distDir });
  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    inject(context.app, { method, url, headers });

  it("sends brotli at quality 11 to a browser that takes it, with the widget's headers", async () => {
    const res = await get("/widget/v1/loan-widget.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.rawPayload.equals(brotli11(latest))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).equals(latest)).toBe(true);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("sends gzip at level 9 to one that takes only gzip, and the pinned copy for a year", async () => {
    const res = await get("/widget/v1/loan-widget-0.1.0-1a2b3c4d.js", {
      "accept-encoding": "gzip",
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.rawPayload.equals(gzipSync(pinned, { level: 9 }))).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the plain file, as before, to one that takes no compression", async () => {
    const res = await get("/widget/v1/loan-widget.js", { "accept-encoding": "identity" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(latest)).toBe(true);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers 304 to a revalidation, and a HEAD without a body", async () => {
    const first = await get("/widget/v1/loan-widget.js", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/-br"$/);
    const again = await get("/widget/v1/loan-widget.js", {
      "accept-encoding": "br",
      "if-none-match": etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The gzip copy is another representation: its own tag, so the br tag does not match it.
    const gzip = await get("/widget/v1/loan-widget.js", {
      "accept-encoding": "gzip",
      "if-none-match": etag,
    });
    expect(gzip.statusCode).toBe(200);
    const head = await get("/widget/v1/loan-widget.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(first.rawPayload.length);
  });

  it("compresses a rebuilt file again, and leaves other files and names to the static files", async () => {
    const rebuilt = script("rebuilt, a little longer");
    writeFileSync(path.join(widgetDir, "loan-widget.js"), rebuilt);
    const res = await get("/widget/v1/loan-widget.js", { "accept-encoding": "br" });
    expect(brotliDecompressSync(res.rawPayload).equals(rebuilt)).toBe(true);
    const manifest = await get("/widget/v1/manifest.json", { "accept-encoding": "br" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ version: "0.1.0" });
    const missing = await get("/widget/v1/nothing-here.js", { "accept-encoding": "br" });
    expect(missing.statusCode).toBe(404);
    for (const odd of ["..%2f..%2fetc%2fpasswd.js", "%00.js", "..js", "%E0%A4%A.js", "a%5Cb.js"]) {
      const res = await get(`/widget/v1/${odd}`, { "accept-encoding": "br" });
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it("sends a catalog brotli 11 as JSON, kept a year like a pinned copy", async () => {
    const res = await get("/widget/v1/messages-en-0a1b2c3d.json", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.rawPayload.equals(brotli11(catalog))).toBe(true);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await get("/widget/v1/messages-en-0a1b2c3d.json", { "accept-encoding": "gzip" });
    expect(gzip.rawPayload.equals(gzipSync(catalog, { level: 9 }))).toBe(true);
  });
});
