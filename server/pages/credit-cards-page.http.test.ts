import inject from "light-my-request";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../site/server";
import { runLendersCommand } from "../lenders/cli";
import { removeCreditCard, saveCreditCards } from "../lenders/credit-cards";
import { freeTestCard, testCard } from "../lenders/test-cards";
import { COMMAND_LINE } from "../staff/audit";
import {
  appWith,
  openTestSqlite,
  type TestStorage,
  testOutboundRules,
  testSite,
} from "../test-support";

/** The credit cards page (issue 21) over the cards' catalogue in storage. */
let test: TestStorage;
let renders: string[] = [];
const counting: typeof renderPage = (path, options) => {
  renders.push(path);
  return renderPage(path, options);
};
let app: ReturnType<typeof appWith>;
beforeAll(async () => {
  test = await openTestSqlite();
  // checkMs 0: the cache reads the page version on every request, as another instance's would.
  app = appWith(test.storage, {
    renderPage: counting,
    pageCache: { maxBytes: 5_000_000, checkMs: 0 },
  });
});
afterAll(async () => {
  await test?.cleanup();
});
beforeEach(() => {
  renders = [];
});

const get = async (url: string) => {
  const res = await inject(app, { method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

const PATHS = { si: "/credit-cards/", en: "/en/credit-cards/", ta: "/ta/credit-cards/" } as const;

describe("the credit cards page", () => {
  it("lists no card until one is entered, and says so, in three languages", async () => {
    const en = await get(PATHS.en);
    expect(en).toContain('<h1 id="cards-title">Credit cards: what to compare</h1>');
    expect(en).toContain("<title>Credit cards: what to compare | NayaCompare</title>");
    expect(en).toContain("<dt>Cash advance fee</dt>");
    expect(en).toContain("Rs. 50,000 left unpaid costs about Rs. 1,167 in one month");
    expect(en).toContain('<p class="cards-empty">No cards are listed yet.');
    expect(en).not.toContain('class="card-list"');
    const si = await get(PATHS.si);
    expect(si).toContain('<html lang="si"');
    expect(si).toContain("ක්‍රෙඩිට් කාඩ්පත්: සසඳා බැලිය යුතු දේ");
    expect(si).toContain('<p class="cards-empty">තවම කිසිදු කාඩ්පතක් මෙහි නැත.');
    const ta = await get(PATHS.ta);
    expect(ta).toContain('<html lang="ta"');
    expect(ta).toContain("கடன் அட்டைகள்: எவற்றை ஒப்பிட வேண்டும்");
    expect(ta).toContain('<p class="cards-empty">இன்னும் எந்த அட்டையும்');
  });

  it("has its head like the other content pages: canonical and every language's address", async () => {
    const en = await get(PATHS.en);
    expect(en).toContain(`<link rel="canonical" href="${testSite.origin}/en/credit-cards/"`);
    for (const [language, path] of [
      ["si-LK", PATHS.si],
      ["en-LK", PATHS.en],
      ["ta-LK", PATHS.ta],
      ["x-default", PATHS.si],
    ]) {
      expect(en).toContain(
        `<link rel="alternate" hreflang="${language}" href="${testSite.origin}${path}"`,
      );
    }
    expect(en).toMatch(/<meta name="description" content="A credit card&#39;s real cost/);
  });

  it("is in the sitemap and the footer, in every language", async () => {
    const sitemap = (await inject(app, { method: "GET", url: "/sitemap.xml" })).body;
    for (const path of Object.values(PATHS)) {
      expect(sitemap).toContain(`<loc>${testSite.origin}${path}</loc>`);
    }
    expect(await get("/en/")).toContain('<a href="/en/credit-cards/">Credit cards</a>');
    expect(await get("/ta/blog/")).toContain('<a href="/ta/credit-cards/">கடன் அட்டைகள்</a>');
  });

  it("compares the cards entered, each with its figures, and drops its cached pages", async () => {
    await get(PATHS.en);
    renders = [];
    await get(PATHS.en);
    expect(renders).toEqual([]);
    await saveCreditCards(test.storage, [testCard(), freeTestCard()], COMMAND_LINE);
    const en = await get(PATHS.en);
    expect(renders).toEqual([PATHS.en]);
    expect(en).not.toContain("cards-empty");
    // The lowest annual fee first.
    expect(en.indexOf("Test Zero")).toBeLessThan(en.indexOf("Test Classic"));
    expect(en).toContain(
      '<h3><span class="card-issuer">Kithul Test Bank</span> <span>Test Classic</span></h3>',
    );
    for (const figure of [
      "<dt>Annual fee</dt><dd>Rs. 2,500</dd>",
      "<dt>Annual fee</dt><dd>None</dd>",
      "<dt>Interest rate</dt><dd>28% a year</dd>",
      "<dt>Cash advance fee</dt><dd>3% (at least Rs. 500)</dd>",
      "<dt>Late fee</dt><dd>Rs. 1,500</dd>",
      "<dt>Minimum payment</dt><dd>5% (at least Rs. 1,000)</dd>",
      '<p class="card-checked">Figures checked on 20/11/2026</p>',
      '<a href="https://cards.example.com/test-classic" rel="noopener noreferrer external nofollow">Test Classic on Kithul Test Bank&#x27;s website</a>',
    ]) {
      expect(en).toContain(figure);
    }
    const si = await get(PATHS.si);
    expect(si).toContain("කිතුල් ටෙස්ට් බැංකුව");
    expect(si).toContain("<dd>වසරකට 28%</dd>");
    expect(si).toContain("<dd>3% (අවම Rs. 500)</dd>");
    const ta = await get(PATHS.ta);
    expect(ta).toContain("கித்துல் டெஸ்ட் வங்கி");
    expect(ta).toContain("<dd>வருடத்துக்கு 28%</dd>");
    // A name given in English only is marked as English on the Tamil page.
    expect(ta).toContain('<span lang="en">Test Classic</span>');
    await removeCreditCard(test.storage, "kithul-test-zero", COMMAND_LINE);
    expect(await get(PATHS.en)).not.toContain("Test Zero");
    await removeCreditCard(test.storage, "kithul-test-classic", COMMAND_LINE);
    expect(await get(PATHS.en)).toContain("cards-empty");
  });

  it("shows a card imported by npm run lenders -- cards import at once", async () => {
    await get(PATHS.ta);
    renders = [];
    await get(PATHS.ta);
    expect(renders).toEqual([]);
    const file = `${test.dataDir}/cards.json`;
    const { writeFile } = await import("node:fs/promises");
    await writeFile(file, JSON.stringify({ cards: [testCard({ interestRate: 26.5 })] }));
    const imported = await runLendersCommand(test.storage, ["cards", "import", file], {
      allowSandbox: false,
      urlRules: testOutboundRules({}),
    });
    expect(imported.exitCode).toBe(0);
    const ta = await get(PATHS.ta);
    expect(renders).toEqual([PATHS.ta]);
    expect(ta).toContain("<dd>வருடத்துக்கு 26.5%</dd>");
  });

  it("answers the in-app navigation's request with the same cards", async () => {
    const res = await inject(app, {
      method: "GET",
      url: "/client-api/page?path=%2Fen%2Fcredit-cards%2F",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Kithul Test Bank");
  });
});
