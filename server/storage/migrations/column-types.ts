import type { ColumnBuilderCallback, ColumnDataType } from "kysely";
import type { Engine } from "../database";

/**
 * What a migration declares its columns with (decision 0339): a table is a
 * map of column names to columns, `status: text.notNull`, instead of a
 * chain of Kysely's `addColumn` calls (tables.ts makes the statements).
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

/**
 * The column types a migration declares with. Only timestamps and bytes
 * differ between the engines; everything else in a migration is written
 * once, in the dialect-neutral schema builder.
 */
export function columnsFor(engine: Engine) {
  return {
    text: columnOf("text"),
    integer: columnOf("integer"),
    bigint: columnOf("bigint"),
    timestamp: columnOf(engine === "postgres" ? "timestamptz" : "text"),
    binary: columnOf(engine === "postgres" ? "bytea" : "blob"),
  };
}

export type Columns = ReturnType<typeof columnsFor>;
