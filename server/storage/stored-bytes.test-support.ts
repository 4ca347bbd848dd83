import { randomBytes } from "node:crypto";
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { TestStorage } from "../test-support";
import type { Storage } from "./database";

/**
 * What the tests of erasure read (decision 0335): a lead's row with its
 * personal columns opened, and the database's files on disk, SQLite's or
 * the PostgreSQL cluster's, searched for values in the clear.
 */

/** A lead's row, its sealed columns opened with its data key (nulls once erased). */
export async function openedLead(storage: Storage, leadId: string) {
  const row = await storage.db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [opened] = await storage.keys.openRows(storage.db, "leads", [row]);
  return opened;
}

/** Every file under `dir`, except the folders `skip` names (absolute paths). */
function filesUnder(dir: string, skip: ReadonlySet<string>): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT"
        ? `No ${dir} here: this test reads the database's files, so its PostgreSQL server must run on this machine (scripts/with-postgres.sh)`
        : `Cannot read ${dir} (${code}): this test reads the database's files, so run it as their owner or as root`,
    );
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (skip.has(full)) return [];
    if (entry.isDirectory()) return filesUnder(full, skip);
    return entry.isFile() ? [full] : [];
  });
}

/**
 * The files the database keeps on disk, after everything committed was
 * written to them: SQLite's file, WAL and shared memory (the test's data
 * folder); on PostgreSQL, after a CHECKPOINT, the whole cluster's data
 * directory (table files, WAL, the rest) but other databases' tables. The
 * cluster must be on this machine (scripts/with-postgres.sh's is).
 */
export async function databaseFiles(test: TestStorage): Promise<string[]> {
  if (test.storage.engine === "sqlite") return filesUnder(test.dataDir, new Set());
  const { db } = test.storage;
  await sql`checkpoint`.execute(db);
  const directory = await sql<{ data_directory: string }>`show data_directory`.execute(db);
  const dataDirectory = directory.rows[0]?.data_directory;
  if (!dataDirectory) throw new Error("PostgreSQL did not say where its data directory is");
  const databases = await sql<{ oid: number; mine: boolean }>`
    select oid, datname = current_database() as mine from pg_database`.execute(db);
  const others = new Set(
    databases.rows
      .filter((row) => !row.mine)
      .map((row) => path.join(dataDirectory, "base", String(row.oid))),
  );
  return filesUnder(dataDirectory, others);
}

/** Which of `values` (UTF-8) are in any of the files, as they are. */
export function valuesIn(files: readonly string[], values: readonly string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A WAL segment recycled, or a temporary file gone, between the listing and the read.
      if (code === "ENOENT") continue;
      throw new Error(
        `Cannot read ${file} (${code}): this test reads the database's files, so run it as their owner or as root`,
      );
    }
    for (const value of values) {
      if (!found.has(value) && bytes.includes(Buffer.from(value, "utf8"))) found.add(value);
    }
  }
  return values.filter((value) => found.has(value));
}

/**
 * Writes a value in the clear (a setting of its own) and answers it: a
 * search of the files that finds it shows the search can find what is
 * there (the test's check could fail).
 */
export async function plainMarker(storage: Storage): Promise<string> {
  const marker = `plain-marker-${randomBytes(8).toString("hex")}`;
  await storage.db
    .insertInto("settings")
    .values({ key: `test:${marker}`, value: marker })
    .execute();
  return marker;
}
