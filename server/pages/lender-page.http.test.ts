import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfferCatalogue } from "../lenders/catalogue";
import { importLenders } from "../lenders/lender-import";
import { seedSampleLenders } from "../lenders/lenders";
import { apiLender, licensedLender, testProduct } from "../lenders/test-lenders";
import { ALL_PROFILES } from "../offers/approval-odds";
import {
  appWith,
  openTestSqlite,
  silentLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";

/** The lender page over lenders in storage: the samples, a licensed lender, a sandbox one. */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
beforeAll(async () => {
  test = await openTestSqlite();
  await seedSampleLenders(test.storage);
  await importLenders(
    test.storage,
    [
      licensedLender({
        complaints: {
          email: "complaints@ruhuna-harbour.example",
          phone: "+94 11 234 5678",
          url: "https://ruhuna-harbour.example/complaints/",
        },
      }),
      apiLender({
        id: "sandbox-steady",
        names: { en: "Sandbox Steady", si: "පරීක්ෂණ ස්ථාවර" },
        licence: undefined,
        website: undefined,
        complaints: undefined,
        sandbox: true,
        decision: { mode: "api", url: "http://127.0.0.1:4100/decide", fields: ["age"] },
        products: [testProduct(9601)],
      }),
    ],
    { baseDir: test.dataDir, allowSandbox: true, urlRules: testOutboundRules({}) },
  );
  const catalogue = await openOfferCatalogue(test.storage, silentLog, {
    withSandbox: true,
    refreshMs: 60_000,
  });
  catalogue.close();
  app = appWith(test.storage, { catalogues: new Map([["lk", catalogue]]) });
});
afterAll(async () => {
  await test?.cleanup();
});

const get = async (url: string) => {
  const res = await inject(app, { method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe("a lender's page", () => {
  it("says who a licensed lender is, in English", async () => {
    const html = await get("/en/lenders/ruhuna-harbour/");
    expect(html).toContain('<h1 id="lender-title">Ruhuna Harbour Finance</h1>');
    expect(html).toContain("<title>Ruhuna Harbour Finance | NayaCompare</title>");
    expect(html).toContain('<img class="lender-logo" src="/lenders/ruhuna-harbour/logo" alt=""');
    expect(html).toContain("<dt>Registered name</dt><dd>Ruhuna Harbour Finance PLC</dd>");
    expect(html).toContain(
      "<dt>Licence</dt><dd>Central Bank of Sri Lanka: licensed finance company, licence no. LFC-0042</dd>",
    );
    expect(html).toContain(
      '<a href="https://ruhuna-harbour.example" rel="noopener noreferrer external nofollow">ruhuna-harbour.example</a>',
    );
    expect(html).toContain(
      '<a href="mailto:complaints@ruhuna-harbour.example">complaints@ruhuna-harbour.example</a>',
    );
    expect(html).toContain('<a href="tel:+94112345678">+94 11 234 5678</a>');
    expect(html).toContain(">ruhuna-harbour.example/complaints</a>");
    expect(html).not.toContain("A sample lender");
    expect(html).toContain("Gold Saver 6");
  });

  it("says the same in Sinhala, with the Sinhala name", async () => {
    const html = await get("/lenders/ruhuna-harbour/");
    expect(html).toContain('<h1 id="lender-title">රුහුණු වරාය මූල්‍ය</h1>');
    expect(html).toContain("<dt>ලියාපදිංචි නම</dt><dd>Ruhuna Harbour Finance PLC</dd>");
    expect(html).toContain("<dd>ශ්‍රී ලංකා මහ බැංකුව: බලපත්‍රලාභී මුදල් සමාගම, බලපත්‍ර අංකය LFC-0042</dd>");
    expect(html).toContain("<dt>පැමිණිලි</dt>");
  });

  it("labels a sample as a sample, without a registered name or licence, in both languages", async () => {
    const en = await get("/en/lenders/kandy-lane/");
    expect(en).toContain('<h1 id="lender-title">Kandy Lane Credit</h1>');
    expect(en).toContain("<dt>Licence</dt><dd>None: a sample lender</dd>");
    expect(en).toContain('src="/lenders/kandy-lane.svg"');
    expect(en).not.toContain("Registered name");
    const si = await get("/lenders/kandy-lane/");
    expect(si).toContain('<h1 id="lender-title">මහනුවර පටුමඟ ණය</h1>');
    expect(si).toContain("<dt>බලපත්‍රය</dt><dd>නැත: උදාහරණ ආයතනයකි</dd>");
  });

  it("labels a sandbox lender, whose logo is its monogram", async () => {
    const html = await get("/en/lenders/sandbox-steady/");
    expect(html).toContain("A sandbox lender: it plays a lender");
    expect(html).toContain("<dd>None: a sandbox lender for testing</dd>");
    expect(html).toContain('src="/lenders/sandbox-steady/logo"');
    expect(html).not.toContain("<dt>Website</dt>");
    expect(html).not.toContain("<dt>Complaints</dt>");
  });
});

describe("a lender's approval odds (issue 36)", () => {
  it("shows its overall odds near its facts, in each language, only with 30 answers behind them", async () => {
    const counted = (lenderId: string, answered: number, approved: number) => ({
      lender_id: lenderId,
      bucket: ALL_PROFILES,
      answered,
      approved,
      counted_on: "2026-11-29",
    });
    await test.storage.db
      .insertInto("approval_odds")
      .values([counted("ruhuna-harbour", 1_214, 850), counted("sandbox-steady", 29, 29)])
      .execute();
    try {
      const en = await get("/en/lenders/ruhuna-harbour/");
      // After its facts, before its loans: 850 / 1,214 = 0.70, likely, 7 in 10; scope all.
      const facts = en.indexOf('<dl class="lender-facts">');
      const odds = en.indexOf('<p class="lw-odds lw-odds-likely">');
      expect(facts).toBeGreaterThan(0);
      expect(odds).toBeGreaterThan(facts);
      expect(odds).toBeLessThan(en.indexOf("<h2>"));
      expect(en).toContain("7 in 10 applicants were pre-approved");
      expect(en).not.toContain("applicants like you");
      expect(en).toContain("Based on 1,214 applications in the last 90 days.");
      expect(en).toContain('href="/en/approval-odds/"');
      const si = await get("/lenders/ruhuna-harbour/");
      expect(si).toContain("අයදුම්කරුවන් 10 දෙනෙකුගෙන් 7 දෙනෙකුට පූර්ව අනුමැතිය ලැබුණි");
      expect(si).toContain('href="/approval-odds/"');
      const ta = await get("/ta/lenders/ruhuna-harbour/");
      expect(ta).toContain("விண்ணப்பதாரர்களில் 10 பேரில் 7 பேருக்கு முன்னனுமதி கிடைத்தது");
      expect(ta).toContain('href="/ta/approval-odds/"');
      // 29 answers: nothing at all, not even a "not enough data" line.
      expect(await get("/en/lenders/sandbox-steady/")).not.toContain("lw-odds");
      // No count: nothing.
      expect(await get("/en/lenders/kandy-lane/")).not.toContain("lw-odds");
    } finally {
      await test.storage.db.deleteFrom("approval_odds").execute();
    }
  });
});
