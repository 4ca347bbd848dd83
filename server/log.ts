/**
 * A small structured logger: one JSON object per line on stdout (stderr for
 * warnings and errors). Callers pass fields, never free text built from a
 * request: personal data must not reach a log line (DESIGN "Privacy").
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** `error` may be any thrown value; it is logged as its name, message and stack. */
export type ErrorLogFields = { [key: string]: unknown; error?: unknown };

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: ErrorLogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface LogSink {
  out(line: string): void;
  err(line: string): void;
}

const processSink: LogSink = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function describeError(error: unknown): {
  error_name?: string;
  error_message: string;
  stack?: string;
} {
  if (error instanceof Error) {
    return {
      error_name: error.name,
      error_message: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { error_message: String(error) };
}

export function createLogger(level: LogLevel, sink: LogSink = processSink): Logger {
  const write = (
    at: Exclude<LogLevel, "silent">,
    message: string,
    fields: Record<string, unknown> = {},
  ) => {
    if (rank[at] < rank[level]) return;
    const { error, ...rest } = fields;
    const entry = {
      time: new Date().toISOString(),
      level: at,
      message,
      ...rest,
      ...(error === undefined ? {} : describeError(error)),
    };
    (rank[at] >= rank.warn ? sink.err : sink.out)(JSON.stringify(entry));
  };
  return {
    debug: (message, fields) => write("debug", message, fields),
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}
