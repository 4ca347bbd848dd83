import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { EventsTable, VisitsTable } from "../storage/schema";
import { sessionDaysOf } from "./visits";

/**
 * Writes event batches to SQLite from a worker thread with a connection of
 * its own (decision 0265). better-sqlite3 is synchronous: on the main
 * thread, a batch's commit (an fsync, synchronous = FULL) stops every
 * request for its duration, and no event can join the next batch while it
 * lasts. In the worker, the main thread keeps taking requests during the
 * commit, so the next batch fills meanwhile and the commits cost the event
 * loop nothing. A batch is still one transaction (events, visits and
 * calculator uses together, as event-rows.ts writes them) and write()
 * resolves only once it is committed: a 202 still means on disk.
 */
export interface SqliteEventWriter {
  /** Resolves once the rows and the visits they make are committed; rejects if not stored. */
  write(rows: readonly EventsTable[]): Promise<void>;
  /** Ends the worker once every write asked for has settled; safe to call twice. */
  close(): Promise<void>;
}

/** Every column of a table, in the order the worker's statements take them. */
type Columns<Table> = readonly (keyof Table & string)[];
/** Fails to compile when a table gains a column that is not listed here. */
type Complete<Table, Listed extends Columns<Table>> =
  Exclude<keyof Table, Listed[number]> extends never ? Listed : never;

const EVENT_COLUMNS = [
  "id",
  "event_id",
  "provider_id",
  "session_id",
  "client_id",
  "domain",
  "referer",
  "attribution",
  "device_class",
  "created_at",
] as const;
const SESSION_DAY_COLUMNS = [
  "day",
  "session_key",
  "device_class",
  "locale",
  "partner_id",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "sub1",
] as const;
const eventColumns: Complete<EventsTable, typeof EVENT_COLUMNS> = EVENT_COLUMNS;
const sessionDayColumns: Complete<VisitsTable, typeof SESSION_DAY_COLUMNS> = SESSION_DAY_COLUMNS;

/**
 * The worker's code: the same settings as server/storage/database.ts's
 * connection (WAL, synchronous FULL, busy_timeout, secure_delete), one
 * statement per table prepared once, and one transaction per batch. The
 * rows come ready from the main thread (eventRow, sessionDaysOf) as arrays
 * of values in the columns' order, the batch as one JSON string (cheaper
 * to pass between threads than objects): the worker decides nothing.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("secure_delete = ON");
db.pragma("cache_size = -256");
function insert(table, columns, conflict) {
  const names = columns.map((column) => '"' + column + '"').join(", ");
  const values = columns.map(() => "?").join(", ");
  return db.prepare(
    'insert into "' + table + '" (' + names + ") values (" + values + ")" +
      (conflict ? ' on conflict ("day", "session_key") do nothing' : ""),
  );
}
const events = insert("events", workerData.eventColumns, false);
const visits = insert("visits", workerData.sessionDayColumns, true);
const calculatorUses = insert("calculator_uses", workerData.sessionDayColumns, true);
const writeBatch = db.transaction((batch) => {
  for (const row of batch.events) events.run(row);
  for (const row of batch.visits) visits.run(row);
  for (const row of batch.calculatorUses) calculatorUses.run(row);
});
parentPort.on("message", (data) => {
  const message = typeof data === "string" ? JSON.parse(data) : data;
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    writeBatch(message);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  }
});
`;

type Values = (string | number | null)[];

function valuesOf<Table>(rows: readonly Table[], columns: Columns<Table>): Values[] {
  return rows.map((row) => columns.map((column) => row[column] as string | number | null));
}

/** A writer for the SQLite database in `file` (the file server/storage/database.ts opens). */
export function openSqliteEventWriter(file: string): SqliteEventWriter {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: { file, driver, eventColumns, sessionDayColumns },
  });
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let next = 0;
  let failure: Error | undefined;
  let closed: Promise<void> | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", (message: { id: number; error?: string }) => {
    const settle = waiting.get(message.id);
    waiting.delete(message.id);
    if (waiting.size === 0) worker.unref();
    if (message.error === undefined) settle?.resolve();
    else settle?.reject(new Error(message.error));
  });
  worker.on("error", failAll);
  // While a write waits for its commit, the worker keeps the process alive (a shutdown waits
  // for it); between batches it waits for messages only and must not.
  worker.on("exit", () => failAll(failure ?? new Error("the event writer stopped")));
  worker.unref();
  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve();
      if (closed) return Promise.reject(new Error("the event writer is closed"));
      if (failure) return Promise.reject(failure);
      const id = next++;
      const { visits, calculatorUses } = sessionDaysOf(rows);
      const batch = {
        id,
        events: valuesOf(rows, eventColumns),
        visits: valuesOf(visits, sessionDayColumns),
        calculatorUses: valuesOf(calculatorUses, sessionDayColumns),
      };
      return new Promise<void>((resolve, reject) => {
        if (waiting.size === 0) worker.ref();
        waiting.set(id, { resolve, reject });
        // One string: copied as it is, where a structured clone walks every row and value.
        worker.postMessage(JSON.stringify(batch));
      });
    },
    close() {
      closed ??= (async () => {
        if (failure) return;
        // Messages are handled in order: every batch sent before is settled when the worker ends.
        const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
        worker.ref();
        worker.postMessage({ close: true });
        await exited;
      })();
      return closed;
    },
  };
}
