import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { EventsTable } from "../storage/schema";
import { insertEvents } from "./event-rows";
import { eventRow, type StoredEvent } from "./events";

export interface EventBufferOptions {
  storage: Storage;
  log: Logger;
  /** Rows per insert: one statement, one commit. */
  batchSize?: number;
  /** The longest an accepted event waits before a flush starts. */
  intervalMs?: number;
  /** Events held at most; beyond it add() refuses (the endpoint answers 503). */
  maxPending?: number;
  /** Runs `flush` after `delayMs` and answers how to cancel it; tests fire it by hand. */
  setTimer?: (flush: () => void, delayMs: number) => () => void;
}

export interface EventBuffer {
  /** Takes an event and answers its id, or undefined when the buffer is full or closed. */
  add(event: StoredEvent): string | undefined;
  /** Resolves when every event taken so far is committed (or a batch failed; they are kept). */
  flush(): Promise<void>;
  /** Refuses new events and flushes the rest, retrying a failed batch a few times. */
  close(): Promise<void>;
  readonly pending: number;
}

const CLOSE_ATTEMPTS = 5;

function unrefTimer(flush: () => void, delayMs: number): () => void {
  const timer = setTimeout(flush, delayMs);
  // A pending flush must not keep a finished process alive; close() flushes.
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Tracking events are many and small (SPEC §3, issue 6): committing each
 * alone costs an fsync per event. The endpoint puts them here and answers
 * 202; a batch goes to storage when batchSize events wait or intervalMs
 * after the first, in one insert. The buffer is bounded: when storage
 * cannot keep up, add() refuses and the endpoint sheds load with 503
 * instead of growing without bound. Graceful shutdown calls close() after
 * the last request, so every event answered 2xx is committed; a crash can
 * lose at most the last interval's events, which is the price of batching.
 */
export function createEventBuffer({
  storage,
  log,
  batchSize = 500,
  intervalMs = 200,
  maxPending = 20_000,
  setTimer = unrefTimer,
}: EventBufferOptions): EventBuffer {
  const pending: EventsTable[] = [];
  let running: Promise<void> | undefined;
  let cancelTimer: (() => void) | undefined;
  let closed = false;

  const schedule = (delay: number) => {
    if (cancelTimer || closed) return;
    cancelTimer = setTimer(() => {
      cancelTimer = undefined;
      void flush();
    }, delay);
  };

  /** Writes batches until none is left; a failed batch stays first in line. */
  const drain = async (): Promise<boolean> => {
    while (pending.length > 0) {
      const batch = pending.slice(0, batchSize);
      try {
        await insertEvents(storage.db, batch);
      } catch (error) {
        log.error("event batch failed; kept for a retry", { error, size: batch.length });
        return false;
      }
      pending.splice(0, batch.length);
    }
    return true;
  };

  function flush(): Promise<void> {
    running ??= drain()
      .then((done) => {
        if (!done) schedule(intervalMs * 5);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    add(event) {
      if (closed || pending.length >= maxPending) return undefined;
      const row = eventRow(event);
      pending.push(row);
      if (pending.length >= batchSize) void flush();
      else schedule(intervalMs);
      return row.id;
    },
    flush,
    async close() {
      closed = true;
      cancelTimer?.();
      cancelTimer = undefined;
      for (let attempt = 1; attempt <= CLOSE_ATTEMPTS && pending.length > 0; attempt++) {
        await running;
        if (await drain()) break;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
      if (pending.length > 0) {
        log.error("events lost at shutdown: storage refused them", { count: pending.length });
      }
    },
    get pending() {
      return pending.length;
    },
  };
}
