import type { Browser, Page } from "playwright";
import { describe, expect, it } from "vitest";
import { commentRequestSchema, reviewRequestSchema } from "../../core/domain/schemas/community";
import { addComment } from "../../server/community/comments";
import { moderate } from "../../server/community/moderation";
import { addReview } from "../../server/community/reviews";
import { COMMAND_LINE } from "../../server/staff/audit";
import { openStorage } from "../../server/storage/database";
import { watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * Decision 0271: islands pages are React's server HTML that preact hydrates
 * in parts. Hydration must change nothing a visitor sees: the page's markup
 * right after it (before any effect runs) is the server's, but for the
 * empty comments React puts between two texts, which preact drops.
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

declare global {
  interface Window {
    beforeHydration?: string;
    afterHydration?: string;
  }
}

/** Keeps #root's markup as parsed (before any script runs) and as hydration leaves it. */
async function recordHydration(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      // Parsed, and the deferred (module) scripts not run yet.
      if (document.readyState === "interactive") {
        window.beforeHydration = document.getElementById("root")?.innerHTML ?? "";
      }
    });
    // Called once the script marks the page hydrated, before any effect or timer runs.
    new MutationObserver((_records, observer) => {
      if (document.documentElement.dataset.hydrated === "true") {
        window.afterHydration = document.getElementById("root")?.innerHTML ?? "";
        observer.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
}

const withoutComments = (html: string | undefined) => (html ?? "").replace(/<!--.*?-->/g, "");

const ARTICLE = "are-you-ready-to-apply-for-personal-loans";

/** Approved comments (one answered) on ARTICLE and an approved review, as moderators leave them. */
async function approvedCommunity() {
  const storage = openStorage({ dataDir: server.dataDir });
  try {
    const comment = (text: string, parentId?: string) =>
      commentRequestSchema.parse({
        slug: ARTICLE,
        locale: "en",
        name: "Nimal <b>Perera</b>",
        email: "nimal@example.lk",
        text,
        website: "",
        ...(parentId ? { parentId } : {}),
      });
    const approve = async (kind: "comment" | "review", id: string) =>
      expect(await moderate(storage, kind, id, "approve", COMMAND_LINE)).toBe(true);
    const approvedComment = async (text: string, parentId?: string) => {
      const outcome = await addComment(storage, comment(text, parentId));
      if (outcome.kind !== "stored") throw new Error(`The comment was not stored: ${outcome.kind}`);
      await approve("comment", outcome.id);
      return outcome.id;
    };
    const first = await approvedComment("Clear & useful, thank you.");
    await approvedComment("I agree with this.", first);
    await approvedComment("A second thought, a little later.");
    const review = reviewRequestSchema.parse({
      locale: "si",
      name: "කමල්",
      email: "kamal@example.lk",
      text: "ඉක්මනින් ණය ලබා ගත්තා, ස්තූතියි.",
      rating: 4,
      website: "",
    });
    await approve("review", await addReview(storage, review));
  } finally {
    await storage.close();
  }
}

/** Opens `path` and expects the markup after hydration to be the server's, with `entry`'s script. */
async function expectHydratedAsServed(path: string, entry: string) {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await recordHydration(page);
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector("html[data-hydrated='true']");
  const { before, after } = await page.evaluate(() => ({
    before: window.beforeHydration,
    after: window.afterHydration,
  }));
  expect(before).toContain("data-island");
  expect(withoutComments(after)).toBe(withoutComments(before));
  expect(scripts[0]).toMatch(new RegExp(`^/assets/islands-${entry}-`));
  expect(scripts.filter((script) => script.startsWith("/assets/client-"))).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
  return before ?? "";
}

describe("islands pages", () => {
  it.each([
    ["/", "home"],
    ["/en/", "home"],
    [`/${ARTICLE}/`, "article"],
    [`/en/${ARTICLE}/`, "article"],
    ["/en/privacy-policy/", "plain"],
    ["/blog/", "plain"],
    ["/ta/blog/tag/budgeting/page-2/", "plain"],
    ["/lenders/kandy-lane/", "lender"],
    ["/en/bank/boc/", "bank"],
  ])("%s: preact hydrates the server's HTML as it is, with its %s script", async (path, entry) => {
    await expectHydratedAsServed(path, entry);
  });

  it("hydrates approved comments, an answer and a review as the server drew them", async () => {
    await approvedCommunity();
    // Written by this process: the server's page cache reads the change within a second (0260).
    await expect
      .poll(async () => (await fetch(`${server.url}/en/${ARTICLE}/`)).text())
      .toContain("Clear &amp; useful");
    const article = await expectHydratedAsServed(`/en/${ARTICLE}/`, "article");
    expect(article).toContain("Clear &amp; useful, thank you.");
    expect(article).toContain('class="comment-replies"');
    expect(article).toContain("Nimal &lt;b&gt;Perera&lt;/b&gt;");
    expect(await expectHydratedAsServed("/", "home")).toContain("ඉක්මනින් ණය ලබා ගත්තා");
  });

  it("runs the home page's calculator: its loan goes into the apply links", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/en/`);
    await page.waitForSelector("html[data-hydrated='true']");
    const apply = page.locator(".cta-band a.button").first();
    const before = await apply.getAttribute("href");
    const amount = page.locator(".hero input[type='range']").first();
    await amount.focus();
    await page.keyboard.press("End");
    await expect.poll(() => apply.getAttribute("href")).not.toBe(before);
    expect(await apply.getAttribute("href")).toMatch(/^\/en\/application\/\?amount=\d+/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
