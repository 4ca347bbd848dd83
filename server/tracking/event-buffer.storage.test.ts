import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

/**
 * The buffer's timer, fired by the test: what happens "after the interval"
 * happens when the test says so, however slow or busy the machine is.
 */
function manualTimer() {
  const waiting = new Set<{ flush: () => void; delayMs: number }>();
  return {
    setTimer(flush: () => void, delayMs: number) {
      const entry = { flush, delayMs };
      waiting.add(entry);
      return () => waiting.delete(entry);
    },
    /** The delays asked for and not yet fired or cancelled. */
    delays: () => [...waiting].map((entry) => entry.delayMs),
    fire() {
      const due = [...waiting];
      waiting.clear();
      for (const entry of due) entry.flush();
    },
  };
}

describe("the event buffer", () => {
  it("writes a batch when it is full, and the rest after the interval", async () => {
    const { log } = recordingLog();
    const timer = manualTimer();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 10,
      intervalMs: 50,
      setTimer: timer.setTimer,
    });
    for (let index = 0; index < 25; index++) expect(buffer.add({ event_id: 5 })).toBeDefined();
    await buffer.flush();
    expect(await countEvents(test.storage.db)).toBe(25);

    buffer.add({ event_id: 27 });
    expect(await countEvents(test.storage.db)).toBe(25);
    expect(timer.delays()).toEqual([50]);
    // The interval has passed: the timer's own flush writes the event (no flush() call here).
    timer.fire();
    await vi.waitFor(async () => expect(await countEvents(test.storage.db)).toBe(26), {
      timeout: 10_000,
    });
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
    // Fired never: no retry of the timer's runs between the test's steps.
    const timer = manualTimer();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 5,
      intervalMs: 10,
      setTimer: timer.setTimer,
    });
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
