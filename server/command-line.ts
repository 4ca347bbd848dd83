/**
 * What the operators' tools share (`npm run partner`, `npm run lenders`,
 * `npm run staff`): their outcome, printed by each tool's main, and how a
 * usage mistake is told from a failure.
 */
export type CliOutcome = { exitCode: number; out: string[]; err: string[] };

/** A command the tool does not know, or arguments it cannot use: exit 2, with the usage. */
export class UsageError extends Error {}

/**
 * The outcome of a usage mistake (a UsageError, or one of node:util
 * parseArgs' ERR_PARSE_ARGS_* errors): exit 2, the message, then the
 * usage. Any other error is thrown again, for the tool's main to report.
 */
export function usageMistake(error: unknown, usage: string, out: string[] = []): CliOutcome {
  const code = (error as { code?: unknown }).code;
  if (
    error instanceof UsageError ||
    (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))
  ) {
    return { exitCode: 2, out, err: [(error as Error).message, "", usage] };
  }
  throw error;
}

/** An import refused whole: exit 1, how many problems, then each on its own line. */
export function nothingImported(problems: readonly string[]): CliOutcome {
  const count = problems.length;
  return {
    exitCode: 1,
    out: [],
    err: [
      `Nothing was imported: ${count} problem${count === 1 ? "" : "s"}.`,
      ...problems.map((problem) => `  ${problem}`),
    ],
  };
}

/** Columns padded to their widest cell. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}
