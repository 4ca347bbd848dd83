import { describe, expect, it } from "vitest";
import { ARTICLE_SLUGS, DOCUMENT_SLUGS } from "../core/domain/schemas/content";
import { matchRoute, routes } from "./routes";

describe("matchRoute", () => {
  it("finds the home page in both languages", () => {
    expect(matchRoute("/")).toMatchObject({ locale: "si", route: { name: "home" } });
    expect(matchRoute("/en/")).toMatchObject({ locale: "en", route: { name: "home" } });
  });

  it("keeps the locale of an unknown path so the 404 page speaks the right language", () => {
    expect(matchRoute("/en/no-such-page/")).toEqual({
      locale: "en",
      rest: "/no-such-page/",
      route: undefined,
    });
    expect(matchRoute("/no-such-page/").locale).toBe("si");
  });

  it("has every article, document, blog page and author of SPEC §2", () => {
    for (const slug of ARTICLE_SLUGS) {
      expect(matchRoute(`/en/${slug}/`).route).toMatchObject({ name: "article", slug });
      expect(matchRoute(`/${slug}/`).route).toMatchObject({
        name: "article",
        meta: { type: "blog" },
      });
    }
    for (const slug of DOCUMENT_SLUGS) {
      expect(matchRoute(`/${slug}/`).route).toMatchObject({
        name: "document",
        meta: { type: "doc" },
      });
    }
    expect(matchRoute("/blog/").route).toMatchObject({ name: "blog", page: 1 });
    expect(matchRoute("/en/blog/page-2/").route).toMatchObject({ name: "blog", page: 2 });
    expect(matchRoute("/blog/page-3/").route).toBeUndefined();
    expect(matchRoute("/author/editorial-team/").route).toMatchObject({ name: "author" });
    expect(matchRoute("/en/bank/boc/").route).toMatchObject({ name: "bank", slug: "boc" });
    expect(matchRoute("/bank/other/").route).toBeUndefined();
    expect(matchRoute("/lenders/kandy-lane/").route).toMatchObject({
      name: "lender",
      slug: "kandy-lane",
    });
    expect(matchRoute("/lenders/Kandy_Lane/").route).toBeUndefined();
  });

  it("has no two routes on one path", () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });
});
