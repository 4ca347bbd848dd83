import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { type RateLimitRule, type RateLimitStore, storageRateLimitStore } from "./rate-limit";

/** A rule's verdict on one hit, as the limiter reads the store's count. */
function limiter(store: RateLimitStore, rule: RateLimitRule) {
  return async (key: string, now: number) => {
    const { count, resetMs } = await store.hit(key, rule.windowMs, now);
    return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), resetMs };
  };
}

/**
 * Two Storage objects on one database stand for two server instances: the
 * limit must hold across them, also when their requests race.
 */
function limiterContract(name: string, open: () => Promise<TestStorage>) {
  describe(`the storage rate-limit store on ${name}`, () => {
    let test: TestStorage;
    let second: Storage;
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

    it("lets exactly the limit through across two instances hitting at once", async () => {
      const rule = { limit: 30, windowMs: 60_000 };
      const instanceA = limiter(storageRateLimitStore(test.storage), rule);
      const instanceB = limiter(storageRateLimitStore(second), rule);
      const now = 1_790_000_000_000;
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          (index % 2 === 0 ? instanceA : instanceB)("partner:racing", now),
        ),
      );
      expect(results.filter((state) => state.allowed)).toHaveLength(30);
      expect(results.filter((state) => !state.allowed)).toHaveLength(20);
      expect(Math.min(...results.map((state) => state.remaining))).toBe(0);
    });

    it("starts a new window at the next boundary, and keeps keys apart", async () => {
      const rule = { limit: 2, windowMs: 60_000 };
      const hit = limiter(storageRateLimitStore(test.storage), rule);
      const start = Math.floor(1_790_000_000_000 / 60_000) * 60_000 + 40_000; // 40 s into a window
      expect((await hit("partner:a", start)).allowed).toBe(true);
      expect((await hit("partner:a", start + 1_000)).allowed).toBe(true);
      const third = await hit("partner:a", start + 2_000);
      expect(third).toMatchObject({ allowed: false, remaining: 0, resetMs: 18_000 });
      expect((await hit("partner:b", start + 2_000)).allowed).toBe(true);
      expect((await hit("partner:a", start + 20_000)).allowed).toBe(true);
    });

    it("keeps a day's count while shorter windows come and go", async () => {
      // The codes' limits (issue 14) count a phone by the hour and by the day in one store.
      const store = storageRateLimitStore(test.storage);
      const day = 24 * 60 * 60 * 1000;
      const start = Math.floor(1_790_000_000_000 / day) * day + 60 * 60 * 1000;
      await store.hit("phone-day:x", day, start);
      // Enough hits in later hours for the store to clean up windows that are over.
      for (let hour = 1; hour <= 4; hour += 1) {
        for (let index = 0; index < 100; index += 1) {
          await store.hit(`hourly:${index}`, 60 * 60 * 1000, start + hour * 60 * 60 * 1000);
        }
      }
      expect((await store.hit("phone-day:x", day, start + 5 * 60 * 60 * 1000)).count).toBe(2);
    });
  });
}

onEachEngine(limiterContract);
