import type { Engine } from "../database";

/**
 * The few column types that differ between the engines. Everything else in
 * a migration is written once, in the dialect-neutral schema builder.
 */
export function columnTypes(engine: Engine) {
  return {
    timestamp: engine === "postgres" ? "timestamptz" : "text",
    binary: engine === "postgres" ? "bytea" : "blob",
  } as const;
}

export type ColumnTypes = ReturnType<typeof columnTypes>;
