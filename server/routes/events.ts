import express, { Router } from "express";
import { type TrackingEvent, trackingEventSchema } from "../../core/schemas/event";
import { sendError, validateBody } from "../http/errors";
import type { EventBuffer } from "../services/event-buffer";

/**
 * POST /api/event (SPEC §7). Accepts JSON, and JSON sent as text/plain, which
 * is what navigator.sendBeacon sends without a CORS preflight. The event
 * joins the next batch (services/event-buffer.ts) and is answered 202 with
 * its id; when the buffer is full the answer is 503 with Retry-After.
 */
export function eventsRouter(events: EventBuffer): Router {
  const router = Router();
  router.post(
    "/event",
    express.json({ type: ["application/json", "text/plain"], limit: "8kb", strict: true }),
    validateBody(trackingEventSchema),
    (_req, res) => {
      const id = events.add(res.locals.body as TrackingEvent);
      if (!id) {
        res.setHeader("Retry-After", "1");
        sendError(
          res,
          503,
          "overloaded",
          "We are receiving more events than we can store; retry shortly.",
        );
        return;
      }
      res.status(202).json({ id });
    },
  );
  return router;
}
