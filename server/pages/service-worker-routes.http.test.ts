import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp, testAssets } from "../test-support";

/** Issue 37's return visits (decision 0480): /sw.js with its build, and the offline pages. */
const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-sw-"));
mkdirSync(path.join(distDir, "site", "public"), { recursive: true });
mkdirSync(path.join(distDir, "site", "assets"), { recursive: true });
writeFileSync(path.join(distDir, "site", "public", "sw.js"), "/* the worker */\n");
for (const file of ["client-test.js", "site-test.css", "client-test.js.br"]) {
  writeFileSync(path.join(distDir, "site", "assets", file), "");
}
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const assets = {
  ...testAssets,
  islands: { plain: ["/assets/islands-plain-test.js", "/assets/islands-start-test.js"] },
  islandCatalogs: {
    si: ["/assets/islands-catalogs-si-test.js"],
    en: ["/assets/islands-catalogs-en-test.js"],
    ta: ["/assets/islands-catalogs-ta-test.js"],
  },
};
const context = setUpTestApp({ distDir, assets });
const get = (url: string) => inject(context.app, { method: "GET", url });

describe("GET /sw.js", () => {
  it("is the worker with its build in front, checked again at every update", async () => {
    const res = await get("/sw.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const [first, ...rest] = res.body.split("\n");
    expect(rest.join("\n")).toBe("/* the worker */\n");
    const build = JSON.parse(/^self\.BUILD = (.*);$/.exec(first ?? "")?.[1] ?? "null");
    expect(build).toEqual({
      id: "0123456789ab",
      // The build's files, not their precompressed copies.
      files: ["/assets/client-test.js", "/assets/site-test.css"],
      offline: { si: "/offline/", en: "/en/offline/", ta: "/ta/offline/" },
      precache: [
        "/offline/",
        "/assets/islands-catalogs-si-test.js",
        "/en/offline/",
        "/assets/islands-catalogs-en-test.js",
        "/ta/offline/",
        "/assets/islands-catalogs-ta-test.js",
        "/assets/site-test.css",
        "/assets/islands-plain-test.js",
        "/assets/islands-start-test.js",
      ],
    });
  });

  it("ignores a query, and refuses U+0000 in one with a 400 (as every address)", async () => {
    expect((await get("/sw.js?v=1")).body).toMatch(/^self\.BUILD = /);
    expect((await get("/sw.js?v=%00")).statusCode).toBe(400);
  });
});

describe("the offline page", () => {
  it.each([
    ["/offline/", "si", "සම්බන්ධතාවක් නැත"],
    ["/en/offline/", "en", "No connection"],
    ["/ta/offline/", "ta", "இணைப்பு இல்லை"],
  ])("%s is in its language, not for search, with a way to try again", async (url, lang, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(res.body).toContain(`<h1 id="offline-title">${title}</h1>`);
    expect(res.body).toContain('<meta name="robots" content="noindex"');
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).toContain('<a class="button" href=".">');
    // The islands' script, as the worker keeps it, not the app's.
    expect(res.body).toContain("/assets/islands-plain-test.js");
  });

  it("is not in the sitemap", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("offline");
  });

  it("refuses U+0000 in its query with a 400, as every address", async () => {
    expect((await get("/en/offline/?x=%00")).statusCode).toBe(400);
  });
});
