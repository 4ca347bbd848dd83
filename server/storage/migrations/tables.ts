import type { CreateTableBuilder, Kysely } from "kysely";
import type { Column } from "./column-types";

/**
 * The statements a migration makes (decision 0339): each makes exactly the
 * statements a migration made by hand before with Kysely's builders, one by
 * one and in the same order. ddl.storage.test.ts holds every statement of
 * every migration on both engines, so a change here that would alter what
 * a shipped migration did fails there.
 */

/** Index name → its columns, in order. */
export type Indexes = Record<string, string[]>;

export interface TableOptions {
  /** A primary key of several columns, the constraint named `{table}_pk`. */
  primaryKey?: string[];
}

/** Creates `table` with `columns` in the order written. */
export async function createTable(
  db: Kysely<unknown>,
  table: string,
  columns: Record<string, Column>,
  options: TableOptions = {},
): Promise<void> {
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, column] of Object.entries(columns)) {
    builder = builder.addColumn(name, column.type, column.build);
  }
  if (options.primaryKey) {
    builder = builder.addPrimaryKeyConstraint(`${table}_pk`, options.primaryKey);
  }
  await builder.execute();
}

/** Creates each index of `table`, in the order written. */
export async function createIndexes(
  db: Kysely<unknown>,
  table: string,
  indexes: Indexes,
  options: { unique?: boolean } = {},
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    const index = db.schema.createIndex(name).on(table).columns(columns);
    await (options.unique ? index.unique() : index).execute();
  }
}

/** Adds `columns` to an existing table, one statement each (SQLite adds one at a time). */
export async function addColumns(
  db: Kysely<unknown>,
  table: string,
  columns: Record<string, Column>,
): Promise<void> {
  for (const [name, column] of Object.entries(columns)) {
    await db.schema.alterTable(table).addColumn(name, column.type, column.build).execute();
  }
}

/** Drops `columns` of `table`, one statement each, in the order written. */
export async function dropColumns(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
): Promise<void> {
  for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
}

/** Drops each table, in the order written. */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/** Drops each index, in the order written. */
export async function dropIndexes(db: Kysely<unknown>, indexes: readonly string[]): Promise<void> {
  for (const index of indexes) await db.schema.dropIndex(index).execute();
}
