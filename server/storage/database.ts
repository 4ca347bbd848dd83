import { mkdirSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { Logger } from "../log";
import { installationKeyFromFile } from "./data-key-file";
import { createKeyring, type Keyring } from "./data-keys";
import { migrationsFor } from "./migrations/index";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface Storage {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** The data keys of personal data and the installation's hash key (decision 0335). */
  readonly keys: Keyring;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Applies every pending migration, then reads the installation's hash
   * key: a DATA_KEY that is not this database's stops here.
   */
  migrate(): Promise<void>;
  /**
   * After an erasure: moves committed pages out of SQLite's write-ahead log
   * and empties it (secure_delete has already overwritten freed space), or
   * vacuums PostgreSQL's tables of personal data (see ARCHITECTURE.md for
   * what that does and does not guarantee).
   */
  purge(): Promise<void>;
  /** Closes connections; safe to call twice. */
  close(): Promise<void>;
}

export interface StorageOptions {
  /** postgres://… selects PostgreSQL; without it, SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The installation key (DATA_KEY); without it, DATA_DIR's key file (made on first use). */
  dataKey?: Buffer | undefined;
  /** The key a rotation replaces (DATA_KEY_PREVIOUS): what it wrapped still opens. */
  previousDataKey?: Buffer | undefined;
  log?: Logger;
}

/** The migration that sealed the personal data already stored (0024). */
const SEALING_MIGRATION = "0024_personal_data_keys";

/** The tables that hold (sealed) personal data or held it in the clear before 0024. */
const PERSONAL_TABLES =
  "leads, comments, reviews, review_images, push_subscriptions, erasure_confirmations, data_keys";

export const SQLITE_FILE_NAME = "nayacompare.sqlite";

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

function openSqlite(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  database.pragma("journal_mode = WAL");
  // FULL: a commit is on disk before we answer the client (DESIGN "Runtime choices").
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  // Deleted rows are overwritten, not left in free pages: erasure must erase.
  database.pragma("secure_delete = ON");
  return new SqliteDialect({
    database: {
      close: () => database.close(),
      // Event batches commit from a second connection (decision 0265): a transaction here
      // takes the write lock when it begins (waiting busy_timeout for a batch's commit),
      // since a deferred one that reads, then writes after a batch committed, fails at once.
      prepare: preparedOnce(database),
    },
  });
}

/** Statements kept for reuse at most: queries are a few hundred fixed texts, plus `in (…)` lists. */
const STATEMENTS_KEPT = 500;

/**
 * `prepare` for Kysely's SQLite driver, keeping each query text's statement
 * for the next time (decision 0290): Kysely prepares one per query, and a
 * statement's compiled program is native memory that returns only when a
 * garbage collection finds its wrapper dead, which an old one waits for
 * long. Kysely lends the connection to one query or stream at a time, so a
 * kept statement is never in use twice (one still `busy` is not reused, as
 * a guard); the least recently
 * used go beyond STATEMENTS_KEPT. SQLite recompiles a kept statement itself
 * when a migration changes the schema.
 */
function preparedOnce(database: BetterSqlite3.Database) {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return (query: string) => {
    let statement = kept.get(query);
    if (statement?.busy) {
      // Still being iterated (a stream not finished): this run gets one of its own.
      return database.prepare(query === "begin" ? "begin immediate" : query);
    }
    if (statement) {
      // Most recently used last: a Map iterates in insertion order.
      kept.delete(query);
    } else {
      statement = database.prepare(query === "begin" ? "begin immediate" : query);
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    }
    kept.set(query, statement);
    return statement;
  };
}

function openPostgres(connectionString: string, log: Logger | undefined): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        // Same shapes as SQLite gives: ISO strings for times, numbers for counts.
        if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
        if (oid === PG_INT8) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => log?.error("postgres pool error", { error }));
  return new PostgresDialect({ pool });
}

export function openStorage(options: StorageOptions): Storage {
  const engine: Engine = options.databaseUrl ? "postgres" : "sqlite";
  const installationKey = options.dataKey ?? installationKeyFromFile(options.dataDir);
  const dialect = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.log)
    : openSqlite(options.dataDir);
  const db = new Kysely<Database>({ dialect });
  const keys = createKeyring(db, { current: installationKey, previous: options.previousDataKey });
  let closed: Promise<void> | undefined;

  return {
    db,
    engine,
    keys,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async purge() {
      if (engine === "sqlite") {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      } else {
        await sql.raw(`vacuum ${PERSONAL_TABLES}`).execute(db);
      }
    },
    async migrate() {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrationsFor(engine, installationKey) },
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === "Error");
      if (error) {
        throw new Error(
          `Database migration ${failed ? `"${failed.migrationName}" ` : ""}failed: ${String(error)}`,
          { cause: error },
        );
      }
      if (
        results?.some(
          (result) => result.migrationName === SEALING_MIGRATION && result.status === "Success",
        )
      ) {
        // The values 0024 sealed were in the clear: out of the files now (decision 0335).
        if (engine === "sqlite") {
          await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        } else {
          await sql.raw(`vacuum full settings, ${PERSONAL_TABLES}`).execute(db);
        }
      }
      await keys.hashKey();
    },
    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}
