import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { EventsTable } from "../storage/schema";
import { insertEvents } from "./event-rows";
import { eventRow, type StoredEvent } from "./events";

export interface EventBufferOptions {
  storage: Storage;
  log: Logger;
  /**
   * Writes a batch in one transaction and resolves once it is committed;
   * insertEvents on storage.db unless given (the server gives SQLite's
   * writer thread, sqlite-event-writer.ts).
   */
  write?: (rows: EventsTable[]) => Promise<void>;
  /** Rows per insert at most: one statement, one transaction, one commit. */
  batchSize?: number;
  /**
   * How long a batch stays open for more events after its first, when no
   * write is under way: 0 (the default) closes it at the end of this turn
   * of the event loop, once every request already received has joined.
   */
  windowMs?: number;
  /** Events waiting or being written at most; beyond it add() refuses (the endpoint answers 503). */
  maxPending?: number;
  /**
   * Runs `write` after `delayMs` (0: setImmediate, after this turn's I/O)
   * and answers how to cancel it; tests fire it by hand.
   */
  setTimer?: (write: () => void, delayMs: number) => () => void;
}

/** What became of an event: committed to storage, or not stored at all, and why. */
export type EventOutcome =
  | { committed: true; id: string }
  | { committed: false; reason: "full" | "closed" | "failed" };

export interface EventBuffer {
  /**
   * Takes an event into the open batch and resolves once that batch is
   * committed (its id), or at once when the buffer is full or closed, or
   * when the batch failed: then nothing of it is stored.
   */
  add(event: StoredEvent): Promise<EventOutcome>;
  /** Writes the open batch now; resolves when every event taken so far is settled. */
  flush(): Promise<void>;
  /** Refuses new events and settles the rest. */
  close(): Promise<void>;
  /** Events waiting for their batch or being written. */
  readonly pending: number;
}

interface Waiting {
  row: EventsTable;
  settle(outcome: EventOutcome): void;
}

function unrefTimer(write: () => void, delayMs: number): () => void {
  if (delayMs === 0) {
    // After the I/O of this turn of the event loop: requests already received join the batch.
    const immediate = setImmediate(write);
    immediate.unref();
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(write, delayMs);
  // An open batch must not keep a finished process alive; close() writes it.
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Group commit for tracking events (SPEC §3, issue 6 and 14): committing
 * each alone costs an fsync per event, so requests share one. A request's
 * event joins the open batch and the request waits; the batch is written
 * in one insert (one transaction) when batchSize events wait, or else at
 * the end of the event loop's turn (every request already received has
 * joined; windowMs later if given), and every request of the batch is
 * answered once it is committed. While a batch is being written the next
 * one fills, and is written as soon as the first is done, so batches grow
 * with the load and with the time a commit takes. A 202 means the event is
 * on disk: a crash (kill -9) loses nothing that was acknowledged. A batch
 * that storage refuses is answered as not stored (the client may send
 * again), not kept. The buffer is bounded: beyond maxPending events add()
 * refuses and the endpoint sheds load with 503 instead of growing.
 */
export function createEventBuffer({
  storage,
  log,
  write: writeRows = (rows) => insertEvents(storage.db, rows),
  batchSize = 500,
  windowMs = 0,
  maxPending = 20_000,
  setTimer = unrefTimer,
}: EventBufferOptions): EventBuffer {
  const open: Waiting[] = [];
  let writing = 0;
  let running: Promise<void> | undefined;
  let cancelTimer: (() => void) | undefined;
  let closed = false;

  /** Writes batches until none is open; each batch's requests are answered when it settles. */
  const drain = async () => {
    while (open.length > 0) {
      const batch = open.splice(0, batchSize);
      writing = batch.length;
      let outcome: "committed" | "failed" = "committed";
      try {
        await writeRows(batch.map((waiting) => waiting.row));
      } catch (error) {
        outcome = "failed";
        log.error("event batch failed; its requests are answered 503", {
          error,
          size: batch.length,
        });
      }
      writing = 0;
      for (const waiting of batch) {
        waiting.settle(
          outcome === "committed"
            ? { committed: true, id: waiting.row.id }
            : { committed: false, reason: "failed" },
        );
      }
    }
  };

  function write(): Promise<void> {
    cancelTimer?.();
    cancelTimer = undefined;
    running ??= drain().finally(() => {
      running = undefined;
      // Events that came while the last batch settled and found a write under way.
      if (open.length > 0) schedule();
    });
    return running;
  }

  /** Closes the batch now filling at once when full, else after its window, unless a write will take it. */
  function schedule() {
    if (running) return;
    if (open.length >= batchSize || closed) {
      void write();
      return;
    }
    if (cancelTimer) return;
    cancelTimer = setTimer(() => {
      cancelTimer = undefined;
      void write();
    }, windowMs);
  }

  async function flush(): Promise<void> {
    while (running || open.length > 0) await (running ?? write());
  }

  return {
    add(event) {
      if (closed) return Promise.resolve({ committed: false, reason: "closed" });
      if (open.length + writing >= maxPending) {
        return Promise.resolve({ committed: false, reason: "full" });
      }
      return new Promise<EventOutcome>((settle) => {
        open.push({ row: eventRow(event), settle });
        schedule();
      });
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get pending() {
      return open.length + writing;
    },
  };
}
