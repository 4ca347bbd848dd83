import type { ColumnBuilderCallback, ColumnDataType, CreateTableBuilder, Kysely } from "kysely";
import type { ColumnTypes } from "./column-types";

/**
 * What the migrations declare their tables with (decision 0339): a table is
 * a map of column names to columns, `status: text.notNull`, instead of a
 * chain of Kysely's `addColumn` calls; an index is a name and its columns. Each
 * builder makes exactly the statements a migration made by hand before, one
 * by one and in the same order: ddl.storage.test.ts holds every statement
 * of every migration on both engines, so a change here that would alter
 * what a shipped migration did fails there.
 */

/** A column: its type and what it adds to it, in the order written (the SQL's order is Kysely's). */
export interface Column {
  readonly type: ColumnDataType;
  readonly build: ColumnBuilderCallback;
  readonly notNull: Column;
  readonly primaryKey: Column;
  readonly unique: Column;
  defaultTo(value: string | number): Column;
  /** A foreign key to `target` ("table.column"): the row goes with the row it names by default. */
  references(target: string, onDelete?: "cascade" | "set null"): Column;
}

function columnOf(type: ColumnDataType, steps: readonly ColumnBuilderCallback[] = []): Column {
  const then = (step: ColumnBuilderCallback) => columnOf(type, [...steps, step]);
  return {
    type,
    build: (column) => steps.reduce((built, step) => step(built), column),
    get notNull() {
      return then((column) => column.notNull());
    },
    get primaryKey() {
      return then((column) => column.primaryKey());
    },
    get unique() {
      return then((column) => column.unique());
    },
    defaultTo: (value) => then((column) => column.defaultTo(value)),
    references: (target, onDelete = "cascade") =>
      then((column) => column.references(target).onDelete(onDelete)),
  };
}

/** The column types a migration declares with; timestamps and bytes are each engine's own. */
export function columnsOf(types: ColumnTypes) {
  return {
    text: columnOf("text"),
    integer: columnOf("integer"),
    bigint: columnOf("bigint"),
    timestamp: columnOf(types.timestamp),
    binary: columnOf(types.binary),
  };
}

export type Columns = ReturnType<typeof columnsOf>;

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
