import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { openStorage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { loadCatalogues, openOfferCatalogue } from "./catalogue";
import { LenderError, readVisibleOffers, seedSampleLenders, setLenderStatus } from "./lenders";

const sample = loadCatalogues().get("lk") ?? [];

/**
 * Instances started together on a new database each seed it at start (decision 0281).
 * PostgreSQL only: SQLite is one file for one instance (two synchronous connections in one
 * process would wait on each other's lock).
 */
function seedingTogetherContract(name: string, open: () => Promise<TestStorage>) {
  if (name === "SQLite") return;
  describe(`seeding a new database from two instances at once on ${name}`, () => {
    let test: TestStorage;
    let second: ReturnType<typeof openStorage>;
    beforeAll(async () => {
      test = await open();
      second = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
    });
    afterAll(async () => {
      await second?.close();
      await test?.cleanup();
    });

    it("lets every instance start, and writes the samples once", async () => {
      const seeded = await Promise.all(
        [test.storage, second, test.storage, second].map((storage) => seedSampleLenders(storage)),
      );
      expect(seeded).toContain(true);
      expect(await readVisibleOffers(second)).toHaveLength(sample.length);
    });
  });
}

function lendersContract(name: string, open: () => Promise<TestStorage>) {
  describe(`lenders in storage on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("starts a new database with the sample catalogue, once", async () => {
      expect(await seedSampleLenders(test.storage)).toBe(true);
      // As shipped, with their names in both languages, and their legal name (the name itself).
      expect(await readVisibleOffers(test.storage)).toEqual(
        sample.map((offer) => ({
          ...offer,
          lender: { ...offer.lender, legalName: offer.lender.name },
        })),
      );
      expect(sample.every((offer) => offer.lender.names?.si !== offer.lender.name)).toBe(true);
      expect(await seedSampleLenders(test.storage)).toBe(false);
      expect(await readVisibleOffers(test.storage)).toHaveLength(sample.length);
    });

    it("does not bring removed samples back on the next start", async () => {
      await test.storage.db
        .deleteFrom("lender_products")
        .where("lender_id", "=", "kandy-lane")
        .execute();
      await test.storage.db.deleteFrom("lenders").where("id", "=", "kandy-lane").execute();
      expect(await seedSampleLenders(test.storage)).toBe(false);
      const ids = (await readVisibleOffers(test.storage)).map((offer) => offer.offer_id);
      expect(ids).not.toContain(101);
      expect(ids).toHaveLength(sample.length - 1);
    });

    it("shows a paused lender's products no more, and its catalogue sees it after a refresh", async () => {
      const catalogue = await openOfferCatalogue(test.storage, silentLog, {
        withSandbox: true,
        refreshMs: 60_000,
      });
      try {
        const before = catalogue.offers().length;
        await setLenderStatus(test.storage, "lagoon-kite", "paused");
        expect(catalogue.offers()).toHaveLength(before);
        await catalogue.refresh();
        expect(catalogue.offers().map((offer) => offer.offer_id)).not.toContain(102);
        expect(catalogue.offers()).toHaveLength(before - 1);
        await setLenderStatus(test.storage, "lagoon-kite", "live");
        await catalogue.refresh();
        expect(catalogue.offers()).toHaveLength(before);
      } finally {
        catalogue.close();
      }
    });

    it("lists a sandbox lender only where sandbox lenders are allowed: never in production", async () => {
      await registerApiLenders(
        test.storage,
        [lenderSpec("sandbox-listed", "http://127.0.0.1:9/decide", [961_001], { sandbox: true })],
        { now: new Date() },
      );
      const outside = await openOfferCatalogue(test.storage, silentLog, { withSandbox: true });
      const production = await openOfferCatalogue(test.storage, silentLog, { withSandbox: false });
      try {
        expect(outside.offers().map((offer) => offer.offer_id)).toContain(961_001);
        const listed = production.offers();
        expect(listed.map((offer) => offer.offer_id)).not.toContain(961_001);
        expect(listed.some((offer) => offer.lender.sandbox)).toBe(false);
        expect(listed.length).toBe(outside.offers().length - 1);
      } finally {
        outside.close();
        production.close();
        await setLenderStatus(test.storage, "sandbox-listed", "paused");
      }
    });

    it("lets a real lender go live only with its licence", async () => {
      const at = new Date().toISOString();
      await test.storage.db
        .insertInto("lenders")
        .values({
          id: "real-finance",
          names: JSON.stringify({ en: "Real Finance", si: "Real Finance" }),
          legal_name: "Real Finance PLC",
          website: null,
          complaints_contact: null,
          licence_regulator: null,
          licence_category: null,
          licence_number: null,
          status: "draft",
          daily_lead_cap: null,
          decision_mode: "criteria",
          api_url: null,
          api_secret: null,
          api_fields: null,
          sample: 0,
          sandbox: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await expect(setLenderStatus(test.storage, "real-finance", "live")).rejects.toThrow(
        LenderError,
      );
      await test.storage.db
        .updateTable("lenders")
        .set({
          licence_regulator: "CBSL",
          licence_category: "licensed_finance_company",
          licence_number: "LFC-042",
        })
        .where("id", "=", "real-finance")
        .execute();
      await setLenderStatus(test.storage, "real-finance", "live");
      const row = await test.storage.db
        .selectFrom("lenders")
        .select("status")
        .where("id", "=", "real-finance")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("live");
      await expect(setLenderStatus(test.storage, "nobody", "paused")).rejects.toThrow(/no lender/);
    });
  });
}

onEachEngine(lendersContract);
onEachEngine(seedingTogetherContract);
