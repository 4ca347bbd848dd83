import express, { type Request, type Response, Router } from "express";
import { type TrackingEvent, trackingEventSchema } from "../../core/domain/schemas/event";
import { sendError } from "../http/errors";
import { validateBody } from "../http/parse";
import { deviceClassOf } from "./device-class";
import type { EventBuffer } from "./event-buffer";

/**
 * POST /api/event (SPEC §7), from our pages and from the widget on partners'
 * pages (CORS, any origin: events carry no credentials). Accepts JSON, and
 * JSON sent as text/plain, which is what the browser code sends so that no
 * preflight is needed. An event without a provider id gets this
 * deployment's (the widget does not know it). The event joins the open
 * batch (event-buffer.ts) and is answered 202 with its id once that batch
 * is committed: a 202 means stored. When the buffer is full, or storage
 * refused the batch, the answer is 503 with Retry-After and nothing is kept.
 * Above a visitor's or an address's limit (event-limits.ts) the answer is
 * 429 with Retry-After, and nothing is kept either.
 */
export function eventsRouter(
  events: EventBuffer,
  providerId: string,
  withinLimits: (req: Request, res: Response) => Promise<boolean>,
): Router {
  const router = Router();
  // Readable from any page (the preflight is answered in app.ts, with the publishable key's).
  router.use("/event", (_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });
  router.post(
    "/event",
    express.json({ type: ["application/json", "text/plain"], limit: "8kb", strict: true }),
    validateBody(trackingEventSchema),
    async (req, res) => {
      if (!(await withinLimits(req, res))) return;
      const event = res.locals.body as TrackingEvent;
      // A valid publishable key (checked before, server/partners/keys.ts) credits its partner.
      const partner = (res.locals.partner as { id: string } | undefined)?.id;
      const outcome = await events.add({
        ...event,
        provider_id: event.provider_id ?? providerId,
        ...(partner ? { partner } : {}),
        device: deviceClassOf(req.headers["user-agent"]),
      });
      if (outcome.committed) {
        // What res.json would send, without its ETag (a hash per answer, of no use on a POST).
        const body = JSON.stringify({ id: outcome.id });
        res.statusCode = 202;
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Content-Length", Buffer.byteLength(body));
        res.end(body);
        return;
      }
      res.setHeader("Retry-After", "1");
      if (outcome.reason === "failed") {
        sendError(res, 503, "not_stored", "We could not store the event; retry shortly.");
        return;
      }
      sendError(
        res,
        503,
        "overloaded",
        "We are receiving more events than we can store; retry shortly.",
      );
    },
  );
  return router;
}
