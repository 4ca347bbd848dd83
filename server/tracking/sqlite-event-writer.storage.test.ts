import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "../storage/database";
import { openTestSqlite, recordingLog, type TestStorage } from "../test-support";
import { createEventBuffer } from "./event-buffer";
import { countEvents } from "./event-rows";
import { eventRow } from "./events";
import { openSqliteEventWriter, type SqliteEventWriter } from "./sqlite-event-writer";

let test: TestStorage;
let writer: SqliteEventWriter;

beforeEach(async () => {
  test = await openTestSqlite();
  writer = openSqliteEventWriter(path.join(test.dataDir, SQLITE_FILE_NAME));
});

afterEach(async () => {
  await writer.close();
  await test.cleanup();
});

const SESSION = "0b6c3f5e-9f1d-4c1e-8a2b-3c4d5e6f7a8b";

describe("SQLite's event writer thread (decision 0265)", () => {
  it("answers an event once its batch is committed, readable by the server's own connection", async () => {
    const { log } = recordingLog();
    const buffer = createEventBuffer({ storage: test.storage, log, write: writer.write });
    const outcomes = await Promise.all([
      buffer.add({ event_id: 5, session_id: SESSION, sub4: "pageView", sub6: "en" }),
      buffer.add({ event_id: 5, session_id: SESSION, sub4: "pageView", utm_source: "fb" }),
      buffer.add({
        event_id: 5,
        session_id: SESSION,
        sub4: "fieldFilled",
        sub5: "calculator.amount",
      }),
      buffer.add({ event_id: 7, referer: "https://partner.example/a?email=x@example.com" }),
    ]);
    for (const outcome of outcomes) {
      if (!outcome.committed) throw new Error(`not committed: ${outcome.reason}`);
      const stored = await test.storage.db
        .selectFrom("events")
        .selectAll()
        .where("id", "=", outcome.id)
        .executeTakeFirst();
      expect(stored?.id).toBe(outcome.id);
    }
    const referer = await test.storage.db
      .selectFrom("events")
      .select("referer")
      .where("event_id", "=", 7)
      .executeTakeFirstOrThrow();
    // The row is eventRow's: the query string was dropped before it left the main thread.
    expect(referer.referer).toBe("https://partner.example/a");
    // Two page views of one session on one day: one visit, the first's.
    const visits = await test.storage.db.selectFrom("visits").selectAll().execute();
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ session_key: SESSION, locale: "en", utm_source: null });
    const uses = await test.storage.db.selectFrom("calculator_uses").selectAll().execute();
    expect(uses).toHaveLength(1);
    expect(uses[0]?.session_key).toBe(SESSION);
  });

  it("stores nothing of a batch storage refuses, and rejects it; the next batch is written", async () => {
    const row = eventRow({ event_id: 5 });
    // The same id twice: the second insert breaks the primary key, the transaction rolls back.
    await expect(writer.write([eventRow({ event_id: 6 }), row, row])).rejects.toThrow(/UNIQUE/);
    expect(await countEvents(test.storage.db)).toBe(0);
    await writer.write([row]);
    expect(await countEvents(test.storage.db)).toBe(1);
  });

  it("settles every write asked for before it closes, then refuses more", async () => {
    const writes = Array.from({ length: 5 }, (_, index) =>
      writer.write([eventRow({ event_id: index + 1 })]),
    );
    await writer.close();
    await Promise.all(writes);
    expect(await countEvents(test.storage.db)).toBe(5);
    await expect(writer.write([eventRow({ event_id: 9 })])).rejects.toThrow(/closed/);
  });

  it("leaves the server's transactions whole: they hold the write lock from their start", async () => {
    // A deferred transaction that read, then wrote after a batch committed, would fail at once.
    const other = new Database(path.join(test.dataDir, SQLITE_FILE_NAME), { timeout: 0 });
    try {
      await test.storage.db.transaction().execute(async (trx) => {
        await trx.selectFrom("events").select("id").execute();
        expect(() =>
          other
            .prepare(
              "insert into events (id, event_id, attribution, created_at) values ('x', 5, '{}', '')",
            )
            .run(),
        ).toThrow(/locked|busy/i);
        await trx
          .insertInto("events")
          .values(eventRow({ event_id: 5 }))
          .execute();
      });
      other
        .prepare(
          "insert into events (id, event_id, attribution, created_at) values ('x', 5, '{}', '')",
        )
        .run();
      expect(await countEvents(test.storage.db)).toBe(2);
    } finally {
      other.close();
    }
  });
});
