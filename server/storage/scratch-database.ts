import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../log";
import { openStorage, type Storage } from "./database";

/** A database of its own on a PostgreSQL server, migrated; `drop` removes it. */
export interface ScratchDatabase {
  storage: Storage;
  databaseUrl: string;
  /** A folder of its own holding the installation key's file (data.key), for a second storage. */
  dataDir: string;
  /** Closes the storage and drops the database. */
  drop(): Promise<void>;
}

/**
 * Makes a new database on the PostgreSQL server at `serverUrl` and opens
 * it migrated, for the tests and the benchmark: each gets one of its own,
 * so they run side by side and leave nothing behind on the server.
 */
export async function openScratchPostgres(
  serverUrl: string,
  options: { prefix: string; log?: Logger },
): Promise<ScratchDatabase> {
  const name = `${options.prefix}_${randomUUID().replaceAll("-", "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.prefix}-`));
  const storage = openStorage({
    databaseUrl: url.toString(),
    dataDir,
    ...(options.log && { log: options.log }),
  });
  await storage.migrate();
  return {
    storage,
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      await storage.close();
      await admin(`drop database ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
