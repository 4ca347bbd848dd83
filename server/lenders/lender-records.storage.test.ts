import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage, testOutboundRules } from "../test-support";
import { exportLenders, listLenders } from "./lender-export";
import {
  type ImportOptions,
  importLenders,
  LenderImportError,
  parseLenderFile,
} from "./lender-import";
import { readVisibleOffers, seedSampleLenders, setLenderStatus } from "./lenders";
import { lenderLogoImage } from "./logos";
import { API_HOST, apiLender, licensedLender, TINY_PNG_BASE64, testProduct } from "./test-lenders";

const PNG_DATA_URL = `data:image/png;base64,${TINY_PNG_BASE64}`;
const folder = mkdtempSync(path.join(tmpdir(), "nayacompare-lender-files-"));
writeFileSync(path.join(folder, "harbour.png"), Buffer.from(TINY_PNG_BASE64, "base64"));
writeFileSync(path.join(folder, "harbour.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The decision API's host at a documentation address: checked, never called. */
const options: ImportOptions = {
  baseDir: folder,
  allowSandbox: false,
  urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
};

/** The problems an import refuses with, or [] when it succeeds. */
async function refusals(storage: TestStorage["storage"], records: unknown[], given = options) {
  try {
    await importLenders(storage, records, given);
    return [];
  } catch (error) {
    if (error instanceof LenderImportError) return error.problems;
    throw error;
  }
}

function lenderRecordsContract(name: string, open: () => Promise<TestStorage>) {
  describe(`importing and exporting lenders on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await seedSampleLenders(test.storage);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("imports lenders in one go, and the catalogue shows who they are", async () => {
      const result = await importLenders(
        test.storage,
        [licensedLender({ logo: "harbour.png" }), apiLender()],
        options,
      );
      expect(result).toEqual({
        created: ["ruhuna-harbour", "harbour-api"],
        updated: [],
        retired: [],
      });
      const offers = await readVisibleOffers(test.storage);
      const imported = offers.filter((offer) => offer.offer_id > 9000);
      expect(imported.map((offer) => offer.offer_id)).toEqual([9001, 9002, 9101]);
      expect(imported[0]?.lender).toEqual({
        id: "ruhuna-harbour",
        name: "Ruhuna Harbour Finance",
        names: { en: "Ruhuna Harbour Finance", si: "රුහුණු වරාය මූල්‍ය" },
        legalName: "Ruhuna Harbour Finance PLC",
        website: "https://ruhuna-harbour.example",
        complaints: { email: "complaints@ruhuna-harbour.example", phone: "+94 11 234 5678" },
        licence: { regulator: "CBSL", category: "licensed_finance_company", number: "LFC-0042" },
        logo: "/lenders/ruhuna-harbour/logo",
        sample: false,
      });
      // The samples keep their drawings and now have Sinhala names.
      expect(offers[0]?.lender).toMatchObject({
        logo: "/lenders/kandy-lane.svg",
        names: { en: "Kandy Lane Credit", si: "මහනුවර පටුමඟ ණය" },
      });
      expect((await lenderLogoImage(test.storage, "ruhuna-harbour"))?.contentType).toBe(
        "image/png",
      );
      // Without an upload, the logo's address draws the monogram.
      const monogram = await lenderLogoImage(test.storage, "harbour-api");
      expect(monogram?.contentType).toBe("image/svg+xml");
      expect(monogram?.data.toString()).toContain(">HI</text>");
    });

    it("exports what it imported, secrets and logos only when asked", async () => {
      const exported = await exportLenders(test.storage);
      const api = exported.find((record) => record.id === "harbour-api");
      expect(api).toEqual({ ...apiLender(), secret: undefined });
      expect(Object.keys(api ?? {})).not.toContain("secret");
      expect(exported.find((record) => record.id === "ruhuna-harbour")).toEqual(licensedLender());
      expect(exported[0]).toMatchObject({ id: "kandy-lane", sample: true, status: "live" });
      const full = await exportLenders(test.storage, { withSecrets: true, withLogos: true });
      expect(full.find((record) => record.id === "harbour-api")?.secret).toBe(apiLender().secret);
      expect(full.find((record) => record.id === "ruhuna-harbour")?.logo).toBe(PNG_DATA_URL);
      // A second database takes the export as it is, and exports the same.
      const copy = await open();
      try {
        await seedSampleLenders(copy.storage);
        await importLenders(copy.storage, parseLenderFile(JSON.stringify(full)), options);
        expect(await exportLenders(copy.storage, { withSecrets: true, withLogos: true })).toEqual(
          full,
        );
      } finally {
        await copy.cleanup();
      }
    });

    it("keeps the status, secret and logo a record leaves out; null removes a logo", async () => {
      await setLenderStatus(test.storage, "ruhuna-harbour", "paused");
      const edited = licensedLender({ status: undefined, legalName: "Ruhuna Harbour Finance Ltd" });
      const result = await importLenders(
        test.storage,
        [edited, { ...apiLender(), secret: undefined }],
        options,
      );
      expect(result.updated).toEqual(["ruhuna-harbour", "harbour-api"]);
      const exported = await exportLenders(test.storage, { withSecrets: true, withLogos: true });
      const harbour = exported.find((record) => record.id === "ruhuna-harbour");
      expect(harbour).toMatchObject({ status: "paused", legalName: "Ruhuna Harbour Finance Ltd" });
      expect(harbour?.logo).toBe(PNG_DATA_URL);
      expect(exported.find((record) => record.id === "harbour-api")?.secret).toBe(
        apiLender().secret,
      );
      await importLenders(test.storage, [licensedLender({ status: "live", logo: null })], options);
      expect((await lenderLogoImage(test.storage, "ruhuna-harbour"))?.contentType).toBe(
        "image/svg+xml",
      );
    });

    it("replaces a lender's products; a dropped offer id stays its own, never another's", async () => {
      const result = await importLenders(
        test.storage,
        [licensedLender({ products: [testProduct(9002, "Gold Saver 6"), testProduct(9003)] })],
        options,
      );
      expect(result.retired).toEqual([9001]);
      const ids = (await readVisibleOffers(test.storage)).map((offer) => offer.offer_id);
      expect(ids).not.toContain(9001);
      expect(ids).toEqual(expect.arrayContaining([9002, 9003]));
      expect(await refusals(test.storage, [apiLender({ products: [testProduct(9001)] })])).toEqual([
        "record 1 (harbour-api): products.0.offer_id: 9001 is ruhuna-harbour's; an offer id is never another lender's",
      ]);
      expect(await refusals(test.storage, [apiLender({ products: [testProduct(101)] })])).toEqual([
        "record 1 (harbour-api): products.0.offer_id: 101 is kandy-lane's; an offer id is never another lender's",
      ]);
      // Its own lender may bring it back.
      await importLenders(
        test.storage,
        [licensedLender({ products: [testProduct(9001), testProduct(9002, "Gold Saver 6")] })],
        options,
      );
      const again = (await readVisibleOffers(test.storage)).map((offer) => offer.offer_id);
      expect(again).toEqual(expect.arrayContaining([9001, 9002]));
      expect(again).not.toContain(9003);
    });

    it("writes nothing when any record is wrong, and names each problem's record and field", async () => {
      const before = await exportLenders(test.storage, { withSecrets: true, withLogos: true });
      const problems = await refusals(
        test.storage,
        [
          licensedLender({ legalName: "Changed, but not written" }),
          {
            ...licensedLender({ id: "new-lender", products: [testProduct(9201)] }),
            licence: undefined,
          },
          apiLender({ id: "no-secret", secret: undefined, products: [] }),
          apiLender({
            id: "inside",
            decision: { mode: "api", url: "https://10.0.0.5/decide", fields: ["age"] },
            products: [],
          }),
          licensedLender({ id: "twin", products: [testProduct(9002)] }),
          licensedLender({ id: "svg-logo", logo: "harbour.svg", products: [] }),
          licensedLender({ id: "far-logo", logo: "/etc/passwd", products: [] }),
          licensedLender({ id: "pretend", sample: true, products: [] }),
          licensedLender({ id: "kandy-lane", products: [] }),
          licensedLender({ id: "simulated", sandbox: true, products: [] }),
          { id: "bare" },
          licensedLender({ id: "pretend", products: [] }),
          apiLender({
            id: "patient",
            decision: { mode: "api", url: `https://${API_HOST}/v1/d`, deadlineMs: 4_000 },
            products: [],
          }),
        ],
        { ...options, maxDeadlineMs: 3_000 },
      );
      expect(problems).toEqual([
        "record 2 (new-lender): status: a lender goes live only with its licence (regulator, category, number)",
        'record 4 (inside): decision.url: 10.0.0.5 is not a public address (a decision URL must be on the public internet; to test on this machine, see "Testing your integration" in docs/lenders.md)',
        "record 5 (twin): products.0.offer_id: 9002 is also in record 1 (ruhuna-harbour)",
        "record 6 (svg-logo): logo: harbour.svg must be a PNG, JPEG or WebP of up to 200 KB",
        "record 7 (far-logo): logo: must be a data URL or a path relative to the JSON file",
        "record 10 (simulated): sandbox: sandbox lenders are for testing, never in production",
        "record 11 (bare): names: Invalid input: expected object, received undefined",
        "record 11 (bare): legalName: Invalid input: expected string, received undefined",
        "record 11 (bare): decision: Invalid input: expected object, received undefined",
        "record 11 (bare): products: Invalid input: expected array, received undefined",
        "record 12 (pretend): id: pretend is in the file twice (also record 8 (pretend))",
        "record 13 (patient): decision.deadlineMs: must be at most 3000, the server's LENDER_DEADLINE_MS",
      ]);
      // Once the file's own problems are fixed, storage's come next: samples, secrets, the licence.
      const storageProblems = await refusals(test.storage, [
        apiLender({ legalName: "Changed, but not written" }),
        apiLender({ id: "no-secret", secret: undefined, products: [] }),
        licensedLender({ id: "pretend", sample: true, products: [] }),
        licensedLender({ id: "kandy-lane", products: [] }),
        {
          ...licensedLender({ products: [] }),
          id: "ruhuna-harbour",
          licence: undefined,
          status: undefined,
        },
      ]);
      expect(storageProblems).toEqual([
        "record 2 (no-secret): secret: an api lender needs a secret (at least 32 characters) to sign our requests",
        "record 3 (pretend): sample: only the shipped sample lenders are samples",
        "record 4 (kandy-lane): sample: kandy-lane is a sample lender; a real lender needs an id of its own",
        "record 5 (ruhuna-harbour): status: ruhuna-harbour would be live without a licence; give its licence (regulator, category, number) or make it a draft",
      ]);
      expect(await exportLenders(test.storage, { withSecrets: true, withLogos: true })).toEqual(
        before,
      );
    });

    it("refuses an http:// decision URL in production, saying that NODE_ENV=development takes it", async () => {
      const plain = apiLender({
        decision: { mode: "api", url: `http://${API_HOST}/v1/decisions`, fields: ["age"] },
      });
      const production = { ...options, urlRules: { ...options.urlRules, allowHttp: false } };
      expect(await refusals(test.storage, [plain], production)).toEqual([
        "record 1 (harbour-api): decision.url: must be https (http:// is taken only with NODE_ENV=development, never in production)",
      ]);
    });

    it("takes a sandbox lender on loopback where the configuration allows it", async () => {
      const sandbox = apiLender({
        id: "sandbox-fast",
        licence: undefined,
        sandbox: true,
        decision: { mode: "api", url: "http://127.0.0.1:4100/decide", fields: ["age"] },
        products: [testProduct(9301)],
      });
      await importLenders(test.storage, [sandbox], { ...options, allowSandbox: true });
      const offer = (await readVisibleOffers(test.storage)).find((o) => o.offer_id === 9301);
      expect(offer?.lender).toMatchObject({ sandbox: true, logo: "/lenders/sandbox-fast/logo" });
    });

    it("lists every lender with its status, mode, licence, products and cap", async () => {
      const list = await listLenders(test.storage);
      expect(list.find((lender) => lender.id === "harbour-api")).toEqual({
        id: "harbour-api",
        name: "Harbour Instant Credit",
        status: "live",
        mode: "api",
        licence: {
          regulator: "CBSL",
          category: "licensed_microfinance_company",
          number: "LMFC-0007",
        },
        sample: false,
        sandbox: false,
        products: 1,
        dailyLeadCap: 500,
        logo: false,
      });
      expect(list.filter((lender) => lender.sample)).toHaveLength(12);
    });
  });
}

onEachEngine(lenderRecordsContract);

describe("a lenders file", () => {
  it("holds one record or a list; anything else is refused in words", () => {
    expect(parseLenderFile('{"id":"x"}')).toEqual([{ id: "x" }]);
    expect(parseLenderFile("[]")).toEqual([]);
    expect(() => parseLenderFile("{")).toThrow(/^The file is not JSON/);
    expect(() => parseLenderFile('"x"')).toThrow("a lender record or a list of them");
  });
});
