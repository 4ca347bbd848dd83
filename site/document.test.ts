import { describe, expect, it } from "vitest";
import { renderDocument, serializeState } from "./document";

const assets = {
  buildId: "0123456789ab",
  builtAt: "2026-11-21T08:00:00.000Z",
  scripts: ["/assets/client-abc.js"],
  styles: ["/assets/site-abc.css"],
};

describe("serializeState", () => {
  it("cannot close the script element it sits in", () => {
    const text = serializeState({ rest: "/</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ rest: "/</script><script>alert(1)</script>" });
  });
});

describe("renderDocument", () => {
  it("sets the page language and links the client files", () => {
    const html = renderDocument({
      locale: "si",
      headHtml: "<title>T</title>",
      bodyHtml: "<p>x</p>",
      state: { page: "home" },
      assets,
    });
    expect(html).toMatch(/^<!doctype html><html lang="si">/);
    expect(html).toContain('<script type="module" src="/assets/client-abc.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-abc.css">');
    expect(html).toContain('<div id="root"><p>x</p></div>');
    expect(html).toContain('<meta name="build-id" content="0123456789ab">');
  });

  it("links an islands page's script and preloads what it imports, instead of the app", () => {
    const page = (islands: string) =>
      renderDocument({
        locale: "en",
        headHtml: "<title>T</title>",
        bodyHtml: "",
        state: { page: "article" },
        assets: { ...assets, islands: { article: ["/assets/islands-a.js", "/assets/start.js"] } },
        islands,
      });
    const html = page("article");
    expect(html).toContain('<script type="module" src="/assets/islands-a.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/start.js">');
    expect(html).not.toContain("client-abc.js");
    // A build without that page's islands: the app hydrates the page whole.
    expect(page("home")).toContain('<script type="module" src="/assets/client-abc.js">');
  });

  it("preloads the page's own locale's catalog chunk, for the app and for islands (0326)", () => {
    const page = (locale: "si" | "ta", islands?: string) =>
      renderDocument({
        locale,
        headHtml: "<title>T</title>",
        bodyHtml: "",
        state: { page: "article" },
        assets: {
          ...assets,
          islands: { article: ["/assets/islands-a.js", "/assets/start.js"] },
          catalogs: {
            si: ["/assets/catalogs-si.js", "/assets/client-abc.js"],
            ta: ["/assets/catalogs-ta.js"],
          },
          islandCatalogs: { ta: ["/assets/islands-catalogs-ta.js", "/assets/start.js"] },
        },
        islands,
      });
    const tamilApp = page("ta");
    expect(tamilApp).toContain('<link rel="modulepreload" href="/assets/catalogs-ta.js">');
    expect(tamilApp).not.toContain("catalogs-si");
    // A file the page already runs as a script is not preloaded again.
    expect(page("si")).not.toContain('<link rel="modulepreload" href="/assets/client-abc.js">');
    const tamilArticle = page("ta", "article");
    expect(tamilArticle).toContain(
      '<link rel="modulepreload" href="/assets/islands-catalogs-ta.js">',
    );
    expect(tamilArticle).not.toContain('href="/assets/catalogs-ta.js"');
    expect(tamilArticle.match(/href="\/assets\/start\.js"/g)).toHaveLength(1);
  });

  it("leaves out the client script for a page without state", () => {
    const html = renderDocument({
      locale: "en",
      headHtml: "<title>T</title>",
      bodyHtml: "",
      assets,
    });
    expect(html).not.toContain("<script");
  });
});
