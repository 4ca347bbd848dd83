import express, { Router } from "express";
import { type TrackingEvent, trackingEventSchema } from "../../core/schemas/event";
import { validateBody } from "../http/errors";
import { recordEvent } from "../services/events";
import type { Storage } from "../storage/database";

/**
 * POST /api/event (SPEC §7). Accepts JSON, and JSON sent as text/plain, which
 * is what navigator.sendBeacon sends without a CORS preflight.
 */
export function eventsRouter(storage: Storage): Router {
  const router = Router();
  router.post(
    "/event",
    express.json({ type: ["application/json", "text/plain"], limit: "8kb", strict: true }),
    validateBody(trackingEventSchema),
    async (_req, res) => {
      const id = await recordEvent(storage, res.locals.body as TrackingEvent);
      res.status(201).json({ id });
    },
  );
  return router;
}
