import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComment } from "../community/comments";
import { moderate } from "../community/moderation";
import { type OfferCatalogue, openOfferCatalogue } from "../lenders/catalogue";
import { importLenders } from "../lenders/lender-import";
import { seedSampleLenders, setLenderStatus } from "../lenders/lenders";
import { licensedLender } from "../lenders/test-lenders";
import { COMMAND_LINE } from "../staff/audit";
import { openStorage, type Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import { appWith, onEachEngine, silentLog, type TestStorage } from "../test-support";
import { createPageCache, LOCAL_CHANGE_EAGER_MS } from "./page-cache";

const SLUG = "how-much-emergency-savings-do-you-really-need";
const ARTICLE = `/en/${SLUG}/`;
/** How often each instance reads the page version here; a change must show within it (and a render). */
const CHECK_MS = 200;

/** Asks until `seen` holds, for at most `withinMs`: answers how long it took. */
async function until(ask: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await ask()) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Two apps on one database stand for two server instances, each with its
 * page cache and its catalogue (whose own refresh is an hour away here): a
 * change made through one is on the other's pages within the page
 * version's check interval (decision 0260).
 */
function acrossInstances(name: string, open: () => Promise<TestStorage>) {
  describe(`the page cache across two instances on ${name}`, () => {
    let test: TestStorage;
    let second: Storage;
    const catalogues: OfferCatalogue[] = [];
    let appA: ReturnType<typeof appWith>;
    let appB: ReturnType<typeof appWith>;

    const instance = async (storage: Storage) => {
      const catalogue = await openOfferCatalogue(storage, silentLog, {
        withSandbox: true,
        refreshMs: 3_600_000,
      });
      catalogues.push(catalogue);
      return appWith(storage, {
        catalogues: new Map([["lk", catalogue]]),
        pageCache: { maxBytes: 5_000_000, checkMs: CHECK_MS },
      });
    };

    beforeAll(async () => {
      test = await open();
      second = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
      await seedSampleLenders(test.storage);
      await importLenders(test.storage, [licensedLender()], {
        baseDir: test.dataDir,
        allowSandbox: false,
        urlRules: { allowHttp: false },
      });
      appA = await instance(test.storage);
      appB = await instance(second);
    });
    afterAll(async () => {
      for (const catalogue of catalogues) catalogue.close();
      await second?.close();
      await test?.cleanup();
    });

    const body = async (app: ReturnType<typeof appWith>, url: string) =>
      (await inject(app, { method: "GET", url })).body;

    it("shows a lender paused through one instance on the other's pages", async () => {
      expect(await body(appB, "/en/offers/")).toContain("Gold Saver 6");
      expect(await body(appA, "/en/offers/")).toContain("Gold Saver 6");
      await setLenderStatus(test.storage, "ruhuna-harbour", "paused");
      const took = await until(
        async () => !(await body(appB, "/en/offers/")).includes("Gold Saver 6"),
        CHECK_MS * 10,
      );
      expect(took).toBeLessThan(CHECK_MS * 10);
      await setLenderStatus(second, "ruhuna-harbour", "live");
      await until(async () => (await body(appA, "/en/offers/")).includes("Gold Saver 6"), 2_000);
    });

    it("shows a comment approved through one instance on the other's article", async () => {
      const added = await addComment(test.storage, {
        slug: SLUG,
        locale: "en",
        name: "Two Instances",
        email: "two.instances@example.com",
        text: "Approved on one instance, read on the other.",
      });
      if (added.kind !== "stored") throw new Error("not stored");
      expect(await body(appB, ARTICLE)).not.toContain("Approved on one instance");
      await moderate(test.storage, "comment", added.id, "approve", COMMAND_LINE);
      await until(
        async () => (await body(appB, ARTICLE)).includes("Approved on one instance"),
        CHECK_MS * 10,
      );
    });
  });
}

onEachEngine(acrossInstances);

/**
 * The cache's answer without a read (`fresh`, decision 0489): only while
 * the version read is younger than checkMs and no local change asks each
 * request to read it; new offers drop the pages either way.
 */
onEachEngine((name, open) => {
  describe(`the page cache's fresh generation on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("answers at once only within checkMs of a read, and never during a local change", async () => {
      let clock = 1_000_000;
      const cache = createPageCache({
        storage: test.storage,
        log: silentLog,
        maxBytes: 1_000_000,
        checkMs: 1_000,
        now: () => clock,
      });
      let offers: readonly never[] = [];
      const current = () => offers;
      expect(cache.fresh(current)).toBeUndefined();
      const read = await cache.sync(current);
      expect(cache.fresh(current)).toBe(read);
      clock += 999;
      expect(cache.fresh(current)).toBe(read);
      // New offers: the pages held are dropped, without a read.
      offers = [];
      expect(cache.fresh(current)).toBe(read + 1);
      clock += 1;
      expect(cache.fresh(current)).toBeUndefined();
      expect(await cache.sync(current)).toBe(read + 1);
      // A change made here: every request reads the version until the change is surely seen.
      await touchPages(test.storage.db, test.storage);
      expect(cache.fresh(current)).toBeUndefined();
      await cache.sync(current);
      expect(cache.fresh(current)).toBeUndefined();
      clock += LOCAL_CHANGE_EAGER_MS;
      await cache.sync(current);
      expect(cache.fresh(current)).toBe(read + 2);
    });
  });
});
