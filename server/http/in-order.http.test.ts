import express, { type RequestHandler } from "express";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { inOrder } from "./in-order";

/** An app whose first layer is `inOrder(...handlers)`, then what a later layer and the error handler say. */
function appWith(...handlers: RequestHandler[]) {
  const app = express();
  app.use(inOrder(...handlers));
  app.use((_req, res) => {
    res.json({ seen: res.locals.seen ?? [], by: "next layer" });
  });
  app.use(((error, _req, res, _next) => {
    res.status(500).json({ error: String((error as Error).message ?? error) });
  }) as express.ErrorRequestHandler);
  return app;
}

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.seen = [...(res.locals.seen ?? []), name];
    next();
  };

describe("inOrder", () => {
  it("runs each handler in turn, then the app's next layer", async () => {
    const res = await inject(appWith(mark("a"), mark("b"), mark("c")), "/");
    expect(res.json()).toEqual({ seen: ["a", "b", "c"], by: "next layer" });
  });

  it("stops where a handler answers, later ones included, and after an answer given later", async () => {
    const answers: RequestHandler = (_req, res) => {
      res.json({ by: "second" });
    };
    expect((await inject(appWith(mark("a"), answers, mark("c")), "/")).json()).toEqual({
      by: "second",
    });
    const later: RequestHandler = (_req, res) => {
      setTimeout(() => res.json({ by: "later" }), 5);
    };
    expect((await inject(appWith(later, mark("b")), "/")).json()).toEqual({ by: "later" });
  });

  it("goes to the error handlers for next(error), a throw or a rejected promise", async () => {
    const passes: RequestHandler = (_req, _res, next) => next(new Error("passed on"));
    const throws: RequestHandler = () => {
      throw new Error("thrown");
    };
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error("rejected");
    };
    for (const [handler, message] of [
      [passes, "passed on"],
      [throws, "thrown"],
      [rejects, "rejected"],
    ] as const) {
      const res = await inject(appWith(mark("a"), handler, mark("c")), "/");
      expect(res.statusCode, message).toBe(500);
      expect(res.json()).toEqual({ error: message });
    }
  });

  it("lets next('route') skip the rest of its handlers to the next layer, as from a layer", async () => {
    const skips: RequestHandler = (_req, _res, next) => next("route");
    const res = await inject(appWith(mark("a"), skips, mark("c")), "/");
    expect(res.json()).toEqual({ seen: ["a"], by: "next layer" });
  });
});
