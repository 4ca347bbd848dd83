import type { RequestHandler } from "express";
import type { Logger } from "../log";

/**
 * One line per request. The path only: a query string may carry what a
 * visitor typed, and personal data never reaches a log line.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: a mounted router (/api, /api/partner/v1) shortens req.path while it runs.
    const path = req.path;
    res.on("finish", () => {
      const fields = {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      };
      if (res.statusCode >= 500) log.warn("request", fields);
      else log.info("request", fields);
    });
    next();
  };
}
