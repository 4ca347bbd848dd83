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

describe("the event buffer (group commit)", () => {
  it("answers an event only once its batch is committed: after the window, or at once when full", async () => {
    const { log } = recordingLog();
    const timer = manualTimer();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 10,
      windowMs: 5,
      setTimer: timer.setTimer,
    });
    const settled: string[] = [];
    const add = () =>
      buffer.add({ event_id: 5 }).then(async (outcome) => {
        // When a request is answered, its event is in storage already.
        if (!outcome.committed) throw new Error(`not committed: ${outcome.reason}`);
        const stored = await test.storage.db
          .selectFrom("events")
          .select("id")
          .where("id", "=", outcome.id)
          .executeTakeFirst();
        expect(stored?.id).toBe(outcome.id);
        settled.push(outcome.id);
      });

    // The batch stays open for its window: nothing is written or answered yet.
    const few = Array.from({ length: 4 }, add);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.delays()).toEqual([5]);
    expect(settled).toEqual([]);
    expect(await countEvents(test.storage.db)).toBe(0);
    expect(buffer.pending).toBe(4);
    timer.fire();
    await Promise.all(few);
    expect(settled).toHaveLength(4);

    // A full batch does not wait for the window.
    await Promise.all(Array.from({ length: 10 }, add));
    expect(timer.delays()).toEqual([]);
    expect(settled).toHaveLength(14);
    expect(await countEvents(test.storage.db)).toBe(14);
    expect(buffer.pending).toBe(0);
    await buffer.close();
  });

  it("by default closes a batch at the end of the event loop's turn: every event received joins", async () => {
    const { log } = recordingLog();
    let inserts = 0;
    const counted = test.storage.db.withPlugin({
      transformQuery(args) {
        if (args.node.kind === "InsertQueryNode") inserts += 1;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    });
    const buffer = createEventBuffer({ storage: { ...test.storage, db: counted }, log });
    const outcomes = Array.from({ length: 7 }, () => buffer.add({ event_id: 5 }));
    expect(inserts).toBe(0);
    for (const outcome of await Promise.all(outcomes)) expect(outcome.committed).toBe(true);
    // One insert, one transaction, for the seven.
    expect(inserts).toBe(1);
    expect(await countEvents(test.storage.db)).toBe(7);
    await buffer.close();
  });

  it("refuses events beyond its bound instead of growing, and after close", async () => {
    const { log } = recordingLog();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 1_000,
      windowMs: 10_000,
      maxPending: 3,
      setTimer: manualTimer().setTimer,
    });
    const outcomes = Array.from({ length: 5 }, () => buffer.add({ event_id: 5 }));
    expect(buffer.pending).toBe(3);
    expect(await outcomes[3]).toEqual({ committed: false, reason: "full" });
    expect(await outcomes[4]).toEqual({ committed: false, reason: "full" });
    // Closing writes what it took, and answers it.
    await buffer.close();
    for (const outcome of await Promise.all(outcomes.slice(0, 3))) {
      expect(outcome.committed).toBe(true);
    }
    expect(await buffer.add({ event_id: 5 })).toEqual({ committed: false, reason: "closed" });
    expect(await countEvents(test.storage.db)).toBe(3);
  });

  it("answers a batch that storage refused as not stored, keeps nothing, and goes on when storage is back", async () => {
    const { log, lines } = recordingLog();
    const timer = manualTimer();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 5,
      windowMs: 10,
      setTimer: timer.setTimer,
    });
    await test.storage.db.schema.alterTable("events").renameTo("events_away").execute();
    const refused = Array.from({ length: 3 }, () => buffer.add({ event_id: 5 }));
    timer.fire();
    for (const outcome of await Promise.all(refused)) {
      expect(outcome).toEqual({ committed: false, reason: "failed" });
    }
    expect(buffer.pending).toBe(0);
    expect(lines.join("\n")).toContain("event batch failed");

    await test.storage.db.schema.alterTable("events_away").renameTo("events").execute();
    const later = buffer.add({ event_id: 27 });
    timer.fire();
    expect((await later).committed).toBe(true);
    await buffer.close();
    expect(await countEvents(test.storage.db)).toBe(1);
  });

  it("writes the batch that filled during a write right after it, without a new window", async () => {
    const { log } = recordingLog();
    const timer = manualTimer();
    const buffer = createEventBuffer({
      storage: test.storage,
      log,
      batchSize: 2,
      windowMs: 5,
      setTimer: timer.setTimer,
    });
    // Five at once: batches of 2, 2 and 1, one after another, no timer needed.
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => buffer.add({ event_id: 5 })),
    );
    expect(outcomes.every((outcome) => outcome.committed)).toBe(true);
    expect(await countEvents(test.storage.db)).toBe(5);
    await buffer.close();
  });
});
