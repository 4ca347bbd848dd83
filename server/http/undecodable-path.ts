import type { ErrorRequestHandler, RequestHandler } from "express";
import { isUndecodablePath, sendError, UNDECODABLE_PATH } from "./errors";

/**
 * Outside the API: a page asked for (GET or HEAD) gets the site's 404 page,
 * as any other address that names nothing of ours; other methods get a 400
 * with the envelope. Placed after every route, before the last error handler.
 */
export function undecodablePath(page: RequestHandler): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (!isUndecodablePath(error) || res.headersSent) {
      next(error);
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") {
      // The page renderer answers an address it does not know with its 404 page.
      Promise.resolve(
        page(req, res, () => sendError(res, 404, "not_found", "Nothing here.")),
      ).catch(next);
      return;
    }
    sendError(res, 400, UNDECODABLE_PATH.code, UNDECODABLE_PATH.message);
  };
}
