import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";

/** Issue 37's return visits (decision 0480): /sw.js with its build, and the offline pages. */
const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-sw-"));
mkdirSync(path.join(distDir, "site", "public"), { recursive: true });
mkdirSync(path.join(distDir, "site", "assets"), { recursive: true });
writeFileSync(path.join(distDir, "site", "public", "sw.js"), "/* the worker */\n");
for (const file of ["client-test.js", "site-test.css", "client-test.js.br"]) {
  writeFileSync(path.join(distDir, "site", "assets", file), "");
}
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const context = setUpTestApp({ distDir });
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
      precache: ["/offline/", "/en/offline/", "/ta/offline/", "/assets/site-test.css"],
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
    // Its HTML and the stylesheet, all the worker keeps for it: no script, no state.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/site-test.css">');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('id="app-state"');
    // Nor the cookie notice, whose answer takes a script.
    expect(res.body).not.toContain('class="cookie-notice"');
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
