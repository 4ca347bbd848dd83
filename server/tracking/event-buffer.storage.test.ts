import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestSqlite, recordingLog, type TestStorage } from "../test-support";
import { createEventBuffer } from "./event-buffer";
import { countEvents } from "./event-rows";

let test: TestStorage;

beforeEach(async () => {
  test = await openTestSqlite();
});

afterEach(async () => {
  await test.cleanup();
});

describe("the event buffer", () => {
  it("writes a batch when it is full, and the rest after the interval", async () => {
    const { log } = recordingLog();
    const buffer = createEventBuffer({ storage: test.storage, log, batchSize: 10, intervalMs: 50 });
    for (let index = 0; index < 25; index++) expect(buffer.add({ event_id: 5 })).toBeDefined();
    await buffer.flush();
    expect(await countEvents(test.storage.db)).toBe(25);

    buffer.add({ event_id: 27 });
    expect(await countEvents(test.storage.db)).toBe(25);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await countEvents(test.storage.db)).toBe(26);
    await buffer.close();
  });

  it("refuses events beyond its bound instead of growing, and after close", async () => {
    const { log } = recordingLog();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 1_000,
      intervalMs: 10_000,
      maxPending: 3,
    });
    const ids = Array.from({ length: 5 }, () => buffer.add({ event_id: 5 }));
    expect(ids.filter(Boolean)).toHaveLength(3);
    expect(buffer.pending).toBe(3);
    await buffer.close();
    expect(buffer.add({ event_id: 5 })).toBeUndefined();
    // Everything accepted is stored once closed.
    expect(await countEvents(test.storage.db)).toBe(3);
  });

  it("keeps a batch that storage refused, and stores it when storage is back", async () => {
    const { log, lines } = recordingLog();
    const buffer = createEventBuffer({ storage: test.storage, log, batchSize: 5, intervalMs: 10 });
    await test.storage.db.schema.alterTable("events").renameTo("events_away").execute();
    for (let index = 0; index < 3; index++) buffer.add({ event_id: 5 });
    await buffer.flush();
    expect(buffer.pending).toBe(3);
    expect(lines.join("\n")).toContain("event batch failed");

    await test.storage.db.schema.alterTable("events_away").renameTo("events").execute();
    await buffer.close();
    expect(buffer.pending).toBe(0);
    expect(await countEvents(test.storage.db)).toBe(3);
  });
});
