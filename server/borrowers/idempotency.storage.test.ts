import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { claimIdempotencyKey } from "./idempotency";

/**
 * The claim of an `Idempotency-Key` in storage (decision 0475), on both
 * engines, through two storages on one database as two instances would
 * hold: many claims of one key at once, one wins; a lease past its end is
 * taken over once; another body is a mismatch; an expired key is new.
 */
let now = new Date("2026-11-29T09:00:00.000Z");
const clock = () => now;

onEachEngine((engine, open) => {
  describe(`claiming an Idempotency-Key on ${engine}`, () => {
    let test: TestStorage;
    let second: Storage;
    beforeAll(async () => {
      test = await open();
      second = openStorage({
        dataDir: test.dataDir,
        log: silentLog,
        ...(test.databaseUrl ? { databaseUrl: test.databaseUrl } : {}),
      });
    });
    afterAll(async () => {
      await second?.close();
      await test?.cleanup();
    });

    it("lets one of many claims at once through two instances win", async () => {
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          claimIdempotencyKey(i % 2 ? second : test.storage, "key-at-once", "body", clock),
        ),
      );
      expect(claims.filter((claim) => claim.kind === "claimed")).toHaveLength(1);
      expect(claims.filter((claim) => claim.kind === "busy")).toHaveLength(7);
      expect(await claimIdempotencyKey(test.storage, "key-at-once", "other", clock)).toEqual({
        kind: "mismatch",
      });
    });

    it("hands a key whose request died over once its lease ends, to one request only", async () => {
      expect((await claimIdempotencyKey(test.storage, "key-crashed", "body", clock)).kind).toBe(
        "claimed",
      );
      expect((await claimIdempotencyKey(second, "key-crashed", "body", clock)).kind).toBe("busy");
      now = new Date(now.getTime() + 61_000);
      const takeovers = await Promise.all([
        claimIdempotencyKey(test.storage, "key-crashed", "body", clock),
        claimIdempotencyKey(second, "key-crashed", "body", clock),
      ]);
      expect(takeovers.map((claim) => claim.kind).sort()).toEqual(["busy", "claimed"]);
    });

    it("treats a key past its 24 hours as new", async () => {
      expect((await claimIdempotencyKey(test.storage, "key-old", "body", clock)).kind).toBe(
        "claimed",
      );
      now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
      expect((await claimIdempotencyKey(second, "key-old", "another body", clock)).kind).toBe(
        "claimed",
      );
    });
  });
});
