import { Router } from "express";
import type { Storage } from "./storage/database";

/**
 * GET /healthz: 200 when storage answers, 503 when it does not, so a load
 * balancer takes an instance with a dead database out of rotation.
 */
export function healthRouter(storage: Storage): Router {
  const router = Router();
  router.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await storage.ping();
      res.json({ status: "ok", storage: { engine: storage.engine, status: "ok" } });
    } catch {
      res.status(503).json({
        status: "unavailable",
        storage: { engine: storage.engine, status: "unreachable" },
      });
    }
  });
  return router;
}
