import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSuppressed } from "../borrowers/erasure";
import { eraseContact } from "../erasure";
import { onEachEngine, openTestSqlite, silentLog, type TestStorage } from "../test-support";
import { recordEvent } from "../tracking/events";
import { openStorage, SQLITE_FILE_NAME } from "./database";

/** The same contract, run on each engine. */
function storageContract(name: string, open: () => Promise<TestStorage>) {
  describe(`storage on ${name}`, () => {
    let test: TestStorage;

    beforeAll(async () => {
      test = await open();
    });

    afterAll(async () => {
      await test.cleanup();
    });

    it("answers a ping", async () => {
      await expect(test.storage.ping()).resolves.toBeUndefined();
    });

    it("migrates again without error or change", async () => {
      await expect(test.storage.migrate()).resolves.toBeUndefined();
    });

    it("stores an event and reads it back the same on both engines", async () => {
      const at = new Date("2026-11-21T08:30:00.000Z");
      const id = await recordEvent(
        test.storage,
        {
          event_id: 5,
          session_id: "3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21",
          referer: "https://partner.lk/page/?email=someone%40mail.lk",
          utm_source: "facebook",
          sub3: "0301.1-A",
          device: "tablet",
        },
        at,
      );
      const row = await test.storage.db
        .selectFrom("events")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        id,
        event_id: 5,
        provider_id: null,
        session_id: "3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21",
        client_id: null,
        domain: null,
        referer: "https://partner.lk/page/",
        attribution: JSON.stringify({ utm_source: "facebook", sub3: "0301.1-A" }),
        device_class: "tablet",
        created_at: "2026-11-21T08:30:00.000Z",
      });
    });

    it("orders and compares timestamps as times", async () => {
      const rows = await test.storage.db
        .selectFrom("events")
        .select("created_at")
        .where("created_at", ">=", "2026-11-21T00:00:00.000Z")
        .orderBy("created_at")
        .execute();
      expect(rows.length).toBeGreaterThan(0);
    });

    it("suppresses an erased contact, once, with an audit entry and no contact stored", async () => {
      const request = { email: "someone@example.lk", phone: "+94711234567" };
      expect(await eraseContact(test.storage, request)).toEqual({
        suppressed: ["email", "phone"],
        erasedRecords: 0,
      });
      await eraseContact(test.storage, request);
      expect(await isSuppressed(test.storage, "email", "someone@example.lk")).toBe(true);
      const hashes = await test.storage.db.selectFrom("suppressions").selectAll().execute();
      expect(hashes).toHaveLength(2);
      expect(JSON.stringify(hashes)).not.toContain("someone");
      const audits = await test.storage.db.selectFrom("erasure_requests").selectAll().execute();
      expect(audits.map((audit) => [audit.by_email, audit.by_phone])).toEqual([
        [1, 1],
        [1, 1],
      ]);
    });

    it("refuses to ping once closed", async () => {
      const other = await open();
      await other.storage.close();
      await expect(other.storage.ping()).rejects.toThrow();
      await other.cleanup();
    });
  });
}

onEachEngine(storageContract);

describe("SQLite specifics", () => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestSqlite();
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it("keeps its file in the data folder, in WAL mode", async () => {
    expect(existsSync(path.join(test.dataDir, SQLITE_FILE_NAME))).toBe(true);
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(
      test.storage.db,
    );
    expect(rows[0]?.journal_mode).toBe("wal");
  });

  it("runs a query again with its kept statement, also after a stream left early (0290)", async () => {
    const { db } = test.storage;
    for (const key of ["bench-a", "bench-b"]) {
      await db.insertInto("settings").values({ key, value: key }).execute();
    }
    const query = () =>
      db.selectFrom("settings").select("key").where("key", "like", "bench-%").orderBy("key");
    expect(await query().execute()).toEqual([{ key: "bench-a" }, { key: "bench-b" }]);
    // Left after the first row: the kept statement must be free for the next run.
    for await (const row of query().stream()) {
      expect(row.key).toBe("bench-a");
      break;
    }
    await db.deleteFrom("settings").where("key", "=", "bench-a").execute();
    // The same text, the same kept statement: the rows as they are now.
    expect(await query().execute()).toEqual([{ key: "bench-b" }]);
    await db.deleteFrom("settings").where("key", "like", "bench-%").execute();
    expect(await query().execute()).toEqual([]);
  });

  it("creates a missing data folder", async () => {
    const nested = path.join(test.dataDir, "a", "b");
    const storage = openStorage({ dataDir: nested, log: silentLog });
    await storage.migrate();
    expect(existsSync(path.join(nested, SQLITE_FILE_NAME))).toBe(true);
    await storage.close();
  });
});

describe("PostgreSQL when the server is down", () => {
  it("rejects the ping instead of hanging", async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const storage = openStorage({
      databaseUrl: "postgres://nobody@127.0.0.1:1/none",
      dataDir: "",
      dataKey: Buffer.alloc(32, 1),
      log: silentLog,
    });
    await expect(storage.ping()).rejects.toThrow();
    await storage.close();
  });
});
