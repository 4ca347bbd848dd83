import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Handlers run one after another as one layer of the app: what every
 * request passes first (headers, the log, the cached pages) without the
 * router's work per layer, about a fifth of a cached page's cost
 * (decision 0489). Each calls its `next` as in Express: with nothing to go
 * on to the next handler, with an error to go to the app's error handlers;
 * a handler that throws, or whose promise rejects, goes there too.
 */
export function inOrder(...handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        // "route" and "router" skip to the app's next layer, as they would from a layer.
        next(error === "route" || error === "router" ? undefined : error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const returned: unknown = handler(req, res, step);
        if (returned instanceof Promise) returned.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
