import { describe, expect, it } from "vitest";
import { createLogger } from "./log";

function capture(level: Parameters<typeof createLogger>[0]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = createLogger(level, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { log, out, err };
}

describe("createLogger", () => {
  it("writes one JSON object per line, errors to stderr", () => {
    const { log, out, err } = capture("info");
    log.info("listening", { port: 3000 });
    log.error("failed", { error: new Error("boom") });
    expect(JSON.parse(out[0] ?? "")).toMatchObject({
      level: "info",
      message: "listening",
      port: 3000,
    });
    expect(JSON.parse(err[0] ?? "")).toMatchObject({ level: "error", error_message: "boom" });
  });

  it("drops lines below its level", () => {
    const { log, out, err } = capture("warn");
    log.debug("a");
    log.info("b");
    log.warn("c");
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
  });
});
