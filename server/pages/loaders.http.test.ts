import express from "express";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import type { PageData, PageDataKey } from "../../core/views/site-contract";
import { silentLog, testAssets, testSite } from "../test-support";
import { clientApiRouter } from "./client-api-routes";
import type { LoaderContext, PageLoaders } from "./loaders";
import { pagesHandler } from "./page-routes";

/**
 * Decision 0405: a page's data comes from the loaders its `needs` name,
 * those only, run side by side, for a full render and for in-app
 * navigation alike. Here each loader records its call and answers when the
 * test lets it.
 */
function recordingLoaders() {
  const calls: { key: PageDataKey; slug: string | undefined }[] = [];
  const waiting = new Map<PageDataKey, () => void>();
  const answers: { [Key in PageDataKey]: PageData[Key] } = {
    lead: undefined,
    pending: undefined,
    savedApplication: undefined,
    articleCommunity: {
      comments: [],
      rating: { average: 4.5, count: 2 },
      views: 7,
      now: "2026-11-28T05:00:00.000Z",
    },
    reviews: { reviews: [], rating: { average: 0, count: 0 }, now: "2026-11-28T05:00:00.000Z" },
    articleViews: {},
    cards: [],
    lenderOdds: undefined,
    approvalOddsTable: {},
  };
  const loader =
    <Key extends PageDataKey>(key: Key) =>
    ({ slug }: LoaderContext) => {
      calls.push({ key, slug });
      return new Promise<PageData[Key]>((resolve) => {
        waiting.set(key, () => resolve(answers[key]));
      });
    };
  const keys = Object.keys(answers) as PageDataKey[];
  const loaders = Object.fromEntries(keys.map((key) => [key, loader(key)])) as PageLoaders;
  /** Answers every loader called so far once all of `expected` have been called. */
  const answerWhenCalled = async (expected: PageDataKey[]) => {
    await expect.poll(() => calls.map((call) => call.key).sort()).toEqual([...expected].sort());
    for (const answer of waiting.values()) answer();
    waiting.clear();
  };
  return { loaders, calls, answerWhenCalled };
}

function appWithLoaders(loaders: PageLoaders) {
  const app = express();
  const offers = () => [];
  app.use(clientApiRouter({ site: testSite, offers }, loaders));
  app.use(pagesHandler({ assets: testAssets, site: testSite, offers }, loaders, silentLog));
  return app;
}

const CASES: [path: string, keys: PageDataKey[]][] = [
  ["/en/", ["reviews"]],
  ["/ta/blog/", ["articleViews"]],
  ["/en/offers/", ["lead", "pending"]],
  ["/en/landing/rejected/", []],
  ["/en/application/", ["savedApplication"]],
  ["/en/credit-cards/", ["cards"]],
  ["/en/eligibility/", ["approvalOddsTable"]],
  ["/en/nothing-here/", []],
];

describe("the page loaders", () => {
  it.each(CASES)("%s runs %j, all started before any answers", async (path, keys) => {
    for (const url of [path, `/client-api/page?path=${encodeURIComponent(path)}`]) {
      const { loaders, calls, answerWhenCalled } = recordingLoaders();
      const response = inject(appWithLoaders(loaders), { method: "GET", url });
      // Every loader the page names is called while none has answered: side by side.
      await answerWhenCalled(keys);
      const res = await response;
      const status = url === path ? res.statusCode : res.json().status;
      expect(status, url).toBe(path === "/en/nothing-here/" ? 404 : 200);
      expect(calls.map((call) => call.key).sort(), url).toEqual([...keys].sort());
      // Only the visitor's own answers make a response nobody may store.
      expect(res.headers["cache-control"], url).toBe(
        keys.includes("savedApplication") ? "private, no-store" : "no-cache",
      );
    }
  });

  it("gives a loader the route's slug, and the page what it loaded", async () => {
    const { loaders, calls, answerWhenCalled } = recordingLoaders();
    const slug = "how-much-emergency-savings-do-you-really-need";
    const response = inject(appWithLoaders(loaders), {
      method: "GET",
      url: `/client-api/page?path=/en/${slug}/`,
    });
    await answerWhenCalled(["articleCommunity"]);
    const res = await response;
    expect(calls).toEqual([{ key: "articleCommunity", slug }]);
    expect(res.json().state.view.community).toMatchObject({ rating: { average: 4.5 }, views: 7 });
  });
});
