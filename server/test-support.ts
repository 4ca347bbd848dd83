/**
 * Builds an app over a real storage for the HTTP and storage tests: SQLite
 * in a fresh temporary folder, or PostgreSQL in a fresh schema.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe } from "vitest";
import { type AppDependencies, createApp } from "./app";
import { loadTestEnvironment } from "./config";
import { type OutboundRules, publicAddresses } from "./http/outbound";
import { fixedCatalogue, loadCatalogues } from "./lenders/catalogue";
import { createLogger, type Logger } from "./log";
import { createMessenger, type Messenger } from "./messaging/messenger";
import { type OutboxMessage, outboxTransports, readOutbox } from "./messaging/outbox";
import { installationKeyFromFile } from "./storage/data-key-file";
import { openStorage, type Storage } from "./storage/database";
import { openScratchPostgres } from "./storage/scratch-database";
import { createEventBuffer, type EventBuffer } from "./tracking/event-buffer";

/** The tests' environment (server/config.ts reads it): TEST_DATABASE_URL and PATH. */
export const testEnv = loadTestEnvironment();

export const testAssets = {
  buildId: "0123456789ab",
  builtAt: "2026-11-21T08:00:00.000Z",
  scripts: ["/assets/client-test.js"],
  styles: ["/assets/site-test.css"],
};

export const silentLog = createLogger("silent");

export const testSite = {
  origin: "https://nayacompare.test",
  contactEmail: "help@nayacompare.test",
  chatUrl: "https://chat.nayacompare.test/partners",
  partnerProgramme: { ewallets: ["eZ Cash", "mCash"], leadRupees: 400, loanRupees: 2_500 },
};

export interface TestStorage {
  storage: Storage;
  /** Its folder: SQLite's files, and on either engine the installation key's file (data.key). */
  dataDir: string;
  /** The installation key the storage opened with (DATA_DIR's key file), for migrations' tests. */
  installationKey: Buffer;
  /** The PostgreSQL database's URL, to open a second storage on it (as a second instance would). */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export async function openTestSqlite(): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-test-"));
  const storage = openStorage({ dataDir, log: silentLog });
  await storage.migrate();
  return {
    storage,
    dataDir,
    installationKey: installationKeyFromFile(dataDir),
    async cleanup() {
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL tests each get a database of their own, so they run side by
 * side and leave nothing behind in the server they are given.
 */
export async function openTestPostgres(serverUrl: string): Promise<TestStorage> {
  const scratch = await openScratchPostgres(serverUrl, {
    prefix: "nayacompare_test",
    log: silentLog,
  });
  return {
    storage: scratch.storage,
    dataDir: scratch.dataDir,
    installationKey: installationKeyFromFile(scratch.dataDir),
    databaseUrl: scratch.databaseUrl,
    cleanup: scratch.drop,
  };
}

/** The name of the suites skipped without a PostgreSQL server; scripts/test.mjs looks for it. */
export const POSTGRES_SKIPPED =
  "PostgreSQL skipped: no server (set TEST_DATABASE_URL or run scripts/with-postgres.sh)";

/**
 * Registers a storage contract on each engine: SQLite always; PostgreSQL
 * when TEST_DATABASE_URL names a server, else as a skipped suite whose name
 * says why. scripts/test.mjs accepts exactly these skips, and only outside CI.
 */
export function onEachEngine(
  contract: (engine: "SQLite" | "PostgreSQL", open: () => Promise<TestStorage>) => void,
): void {
  contract("SQLite", openTestSqlite);
  const serverUrl = testEnv.databaseUrl;
  describe.skipIf(!serverUrl)(serverUrl ? "with TEST_DATABASE_URL" : POSTGRES_SKIPPED, () => {
    contract("PostgreSQL", () => {
      // Not called in a skipped suite: its hooks do not run.
      if (!serverUrl) throw new Error(POSTGRES_SKIPPED);
      return openTestPostgres(serverUrl);
    });
  });
}

/**
 * How long one fast-check property may run, and the timeout of a test that
 * runs properties: on a busy machine fewer cases run instead of the test
 * hitting its timeout (vitest's 5 s default did, once, in CI).
 */
export const PROPERTY_BUDGET_MS = 5_000;
/** Comfortably above the budget of the (at most two) properties a test runs. */
export const PROPERTY_TEST_TIMEOUT_MS = 30_000;

/**
 * fast-check's parameters for a property: at most `numRuns` cases within
 * `budgetMs` (PROPERTY_BUDGET_MS unless a test with many cases gives its own
 * budget, and a timeout to match). When the budget runs out the run stops (the case in
 * flight is not waited for) and passes only if the cases before it passed,
 * at least one of them; a counterexample found earlier still fails. This is
 * fast-check 4.10's `interruptAfterTimeLimit` plugin, which replaces the
 * deprecated option of that name; its `failOnInterrupt` (the deprecated
 * `markInterruptAsFailure`) stays false, or a busy machine would fail.
 */
export function boundedRuns(numRuns: number, budgetMs = PROPERTY_BUDGET_MS) {
  return {
    numRuns,
    plugins: [fc.interruptAfterTimeLimit(budgetMs, { failOnInterrupt: false })],
  };
}

/**
 * A local outbox in a fresh temporary folder and a messenger writing to it:
 * the messages an app sends, as `npm start` keeps them without transports.
 * Tests read codes and links from `messages()`.
 */
export function testOutbox(): {
  dir: string;
  messenger: Messenger;
  messages(): OutboxMessage[];
} {
  const dir = mkdtempSync(path.join(tmpdir(), "nayacompare-outbox-"));
  return {
    dir,
    messenger: createMessenger(outboxTransports(dir), silentLog),
    messages: () => readOutbox(dir),
  };
}

/**
 * Postback URL rules for a test: the host names it gives resolve to the
 * addresses it gives (loopback included: a test's own server), every other
 * name as in production; http allowed. An explicit dependency handed to the
 * code under test (createPartner, createPartnerPostbacks), never
 * configuration: the running server's rules come from server/config.ts.
 */
export function testOutboundRules(hosts: Record<string, string[]>): OutboundRules {
  return {
    allowHttp: true,
    resolve: async (hostname) => hosts[hostname] ?? publicAddresses(hostname),
  };
}

export function appWith(storage: Storage, overrides: Partial<AppDependencies> = {}) {
  const outbox = testOutbox();
  return createApp({
    storage,
    events: createEventBuffer({ storage, log: silentLog }),
    messenger: outbox.messenger,
    outboxDir: outbox.dir,
    catalogues: new Map([["lk", fixedCatalogue(loadCatalogues().get("lk") ?? [])]]),
    log: silentLog,
    assets: testAssets,
    site: testSite,
    ...overrides,
  });
}

/** A logger that keeps its lines, for tests that check what is (and is not) logged. */
export function recordingLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  return { log: createLogger("debug", sink), lines };
}

/**
 * An app over a fresh storage for the tests of one file (or one engine's
 * suite: `open` as onEachEngine gives it; SQLite unless given): opened
 * before them, removed after. Read `app` and `test` inside tests only.
 */
export function setUpTestApp(
  overrides: Partial<AppDependencies> = {},
  open: () => Promise<TestStorage> = openTestSqlite,
): {
  readonly app: ReturnType<typeof appWith>;
  readonly test: TestStorage;
  /** The app's event buffer: flush it before reading events from storage. */
  readonly events: EventBuffer;
} {
  let test: TestStorage | undefined;
  let app: ReturnType<typeof appWith> | undefined;
  let events: EventBuffer | undefined;
  beforeAll(async () => {
    test = await open();
    events = createEventBuffer({ storage: test.storage, log: silentLog });
    app = appWith(test.storage, { events, ...overrides });
  });
  afterAll(async () => {
    await events?.close();
    await test?.cleanup();
  });
  return {
    get events() {
      if (!events) throw new Error("setUpTestApp: the events exist only inside tests");
      return events;
    },
    get app() {
      if (!app) throw new Error("setUpTestApp: the app exists only inside tests");
      return app;
    },
    get test() {
      if (!test) throw new Error("setUpTestApp: the storage exists only inside tests");
      return test;
    },
  };
}
