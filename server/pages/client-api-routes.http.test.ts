import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";

const context = setUpTestApp();

const page = (path: string) =>
  inject(context.app, { method: "GET", url: `/client-api/page?path=${encodeURIComponent(path)}` });

describe("GET /client-api/page", () => {
  it("answers a page's state, title and language for in-app navigation", async () => {
    const res = await page("/en/blog/");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      locale: "en",
      state: { locale: "en", page: "blog", view: { kind: "blog", page: 1 } },
    });
    expect(res.json().headHtml).toContain("<title>Money tips for Sri Lanka | NayaCompare</title>");
    expect(res.json().headHtml).toContain('rel="canonical"');
  });

  it.each(["/en/", "/about/", "/en/blog/page-2/", "/lenders/kandy-lane/", "/en/offers/", "/nope/"])(
    "answers %s with exactly the state and head the full page carries",
    async (path) => {
      const full = await inject(context.app, {
        method: "GET",
        url: path,
        headers: { cookie: "locale=en" },
      });
      const fullState = JSON.parse(
        /<script type="application\/json" id="app-state">(.*?)<\/script>/.exec(full.body)?.[1] ??
          "null",
      );
      const api = (await page(path)).json();
      const apiState =
        api.state.view && "html" in api.state.view
          ? { ...api.state, view: { ...api.state.view, html: "" } }
          : api.state;
      // The render's time (for "3 hours ago") differs between two requests, nothing else.
      expect(withoutNow(apiState)).toEqual(withoutNow(fullState));
      for (const tag of api.headHtml.match(/<[^>]+>/g) ?? []) expect(full.body).toContain(tag);
    },
  );

  it("includes the content HTML, which a full load takes from the page instead", async () => {
    const res = await page("/are-you-ready-to-apply-for-personal-loans/");
    expect(res.json().state.view.html).toContain('<h2 id="section-1">');
  });

  it("answers an unknown page with its 404 state", async () => {
    expect((await page("/en/nothing/")).json()).toMatchObject({
      status: 404,
      state: { page: "not-found" },
    });
  });

  it.each(["", "blog", "//evil.example/", "/\\\\evil.example/", "https://evil.example/", "/a b/"])(
    "refuses %j with 400 and the envelope",
    async (path) => {
      const res = await page(path);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_query");
    },
  );
});

function withoutNow(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, entry) => (key === "now" ? undefined : entry)));
}
