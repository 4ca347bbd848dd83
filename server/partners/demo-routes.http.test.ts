import { createHash } from "node:crypto";
import path from "node:path";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp, testSite } from "../test-support";

/** The partner page's links (issue 8): the API reference and the demo pages, live in both languages. */
const context = setUpTestApp({ examplesDir: path.resolve("examples") });

const get = (url: string) => inject(context.app, { method: "GET", url });

function linksOf(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)].map((match) => match[1] ?? "");
}

describe("the partner page's links", () => {
  it.each(["/partner/", "/en/partner/"])(
    "%s links to the API reference and every demo page, all of which answer",
    async (page) => {
      const res = await get(page);
      expect(res.statusCode).toBe(200);
      const prefix = page === "/partner/" ? "" : "/en";
      const links = linksOf(res.body).filter((href) => href.startsWith(`${prefix}/partner/`));
      expect(links).toContain(`${prefix}/partner/api.html`);
      const demos = links.filter((href) => href.includes("/partner/demo/"));
      expect(demos.length).toBe(6);
      for (const href of links) {
        const target = await get(href);
        expect(target.statusCode, href).toBeLessThan(400);
      }
    },
  );

  it("sends the reference link to the API's reference page", async () => {
    const res = await get("/en/partner/api.html");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/api/partner/v1/reference");
    expect((await get(String(res.headers.location))).statusCode).toBe(200);
  });

  it("serves the demo pages with our widget's origin, and the strict page with its policy", async () => {
    const index = await get("/partner/demo/index.html");
    expect(index.headers["content-type"]).toMatch(/^text\/html/);
    expect(index.body).toContain(`src="${testSite.origin}/widget/v1/loan-widget.js"`);
    expect(index.body).not.toContain("localhost:3000");
    expect(index.headers["x-robots-tag"]).toBe("noindex");
    const strict = await get("/en/partner/demo/strict-csp.html");
    expect(strict.headers["content-security-policy"]).toContain("script-src 'self'");
    expect((await get("/partner/demo/events-log.js")).headers["content-type"]).toMatch(
      /^text\/javascript/,
    );
  });

  it.each([
    "index",
    "calculator",
    "themed",
    "strict-csp",
    "hostile-css",
    "double-include",
    "react-host",
  ])(
    "serves %s.html with a strict policy: our origin and the widget's, no inline script (0345)",
    async (name) => {
      const res = await get(`/partner/demo/${name}.html`);
      expect(res.statusCode).toBe(200);
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toContain(`script-src 'self' ${testSite.origin};`);
      expect(policy).toContain(`connect-src 'self' ${testSite.origin};`);
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain("unsafe");
      // A page's own style block is allowed by its hash, and nothing else inline.
      const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, text]) =>
        createHash("sha256")
          .update(text ?? "")
          .digest("base64"),
      );
      for (const hash of styles) expect(policy).toContain(`'sha256-${hash}'`);
      expect(styles.length).toBe(name === "hostile-css" ? 1 : 0);
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    },
  );

  it("serves nothing else from the folder or beyond it", async () => {
    for (const url of [
      "/partner/demo/README.md",
      "/partner/demo/..%2Fpackage.json",
      "/partner/demo/%2E%2E%2Fpackage.json",
      "/partner/demo/missing.html",
      "/partner/demo/react-host%2Fapp.tsx",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
