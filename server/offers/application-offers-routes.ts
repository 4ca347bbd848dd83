import { createHash } from "node:crypto";
import { type Request, type Response, Router } from "express";
import { type ApplicationOffers, DECISION_STREAM_EVENTS } from "../../core/domain/decisions";
import { sendError } from "../http/errors";
import { leadIdOf } from "../http/lead-cookie";
import type { DecisionNetwork } from "../lenders/decision-network";
import { STALE_AFTER_DEADLINE_MS } from "../lenders/decisions";
import { applicationOffersOf, type LeadOffersSource } from "./lead-offers";

/**
 * An event's id: a hash of what it carries, the same on every instance and
 * connection, so a reconnect's `Last-Event-ID` says what the page has
 * (decision 0477).
 */
export function streamEventId(data: string): string {
  return createHash("sha256").update(data).digest("base64url").slice(0, 22);
}
const EVENT_ID = /^[A-Za-z0-9_-]{22}$/;

/** The id of the last event the page had, when it reconnects (anything else is no id). */
function lastEventIdOf(req: Request): string | undefined {
  const id = req.headers["last-event-id"];
  return typeof id === "string" && EVENT_ID.test(id) ? id : undefined;
}

export interface ApplicationOffersRoutesOptions {
  leadOffers: LeadOffersSource;
  network: DecisionNetwork;
  /** How often a stream reads storage, for decisions another instance records. */
  pollMs?: number;
  /** How often a stream sends a comment line, so that proxies keep it open. */
  heartbeatMs?: number;
  now: () => Date;
}

/**
 * The borrower's side of the decisions (issue 15), for the lead the
 * request's lead cookie names (404 for any other id, or without it):
 * GET /api/applications/{leadId}/offers, the loan, the offer ids and the
 * decisions as JSON (core/domain/decisions.ts ApplicationOffers); and
 * GET …/offers/stream, the same as Server-Sent Events: an `offers` event
 * at once and on every change, one `complete` event once nothing more will
 * change (or at the deadline), then the stream ends. The stream reads
 * storage (on this instance's own news at once, else every pollMs), so a
 * decision recorded by another instance shows too; it is never compressed
 * or buffered (Cache-Control no-transform, X-Accel-Buffering: no) and
 * sends a heartbeat comment every heartbeatMs. Each event's id is its
 * snapshot's hash: a reconnect with `Last-Event-ID` gets only what changed since.
 */
export function applicationOffersRouter(options: ApplicationOffersRoutesOptions): Router {
  const { leadOffers, network, pollMs = 500, heartbeatMs = 15_000, now } = options;
  const router = Router();

  /** The lead's offers as the JSON and each event carry them; undefined for an unknown lead. */
  const applicationOffers = async (leadId: string) => {
    const lead = await leadOffers.read(leadId);
    return lead && applicationOffersOf(lead);
  };

  /** The lead's offers when the lead cookie names it; otherwise a 404 has been answered. */
  async function authorised(req: Request, res: Response): Promise<ApplicationOffers | undefined> {
    res.setHeader("Cache-Control", "no-store");
    const leadId = String(req.params.leadId);
    const offers = leadIdOf(req) === leadId ? await applicationOffers(leadId) : undefined;
    if (!offers) {
      sendError(res, 404, "unknown_application", "No application of yours has this id.");
    }
    return offers;
  }

  router.get("/applications/:leadId/offers", async (req, res) => {
    const offers = await authorised(req, res);
    if (offers) res.json(offers);
  });

  router.get("/applications/:leadId/offers/stream", async (req, res) => {
    const first = await authorised(req, res);
    if (!first) return;
    const leadId = String(req.params.leadId);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware (and proxies) leave the stream alone.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    });
    // A reconnect resumes after what the page has: that snapshot is not sent again.
    let last = lastEventIdOf(req);
    let finished = false;
    let reading = false;
    let readAgain = false;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = () => {};

    const finish = () => {
      if (finished) return;
      finished = true;
      for (const timer of timers) clearTimeout(timer);
      unsubscribe();
      res.end();
    };
    const send = (event: string, data: string, id: string) => {
      res.write(`event: ${event}\nid: ${id}\ndata: ${data}\n\n`);
    };
    // The text last read: a poll that reads it again (most of them) is neither hashed nor sent.
    let lastData: string | undefined;
    const show = (offers: ApplicationOffers) => {
      const data = JSON.stringify(offers);
      if (data === lastData && !offers.decisions.complete) return;
      lastData = data;
      const id = streamEventId(data);
      if (offers.decisions.complete) {
        send(DECISION_STREAM_EVENTS.complete, data, id);
        finish();
      } else if (id !== last) {
        last = id;
        send(DECISION_STREAM_EVENTS.offers, data, id);
      }
    };
    const read = async () => {
      if (finished) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        const offers = await applicationOffers(leadId);
        if (!offers) finish();
        else if (!finished) show(offers);
      } catch {
        // Storage failed for a moment: the next read tries again; the page falls back to JSON.
      } finally {
        reading = false;
        if (readAgain && !finished) {
          readAgain = false;
          void read();
        }
      }
    };

    // The response's close: the client went away (the request's may come as soon as it is read).
    res.on("close", finish);
    // The client reconnects after 2 s if the connection drops before `complete`.
    res.write("retry: 2000\n\n");
    show(first);
    if (finished) return;
    unsubscribe = network.subscribe(leadId, () => void read());
    // A decision recorded between the first read and the subscription is not missed.
    void read();
    const poll = setInterval(() => void read(), pollMs);
    const heartbeat = setInterval(() => {
      if (!finished) res.write(": heartbeat\n\n");
    }, heartbeatMs);
    timers.push(poll, heartbeat);
    // At the deadline (and once waiting rows show as failed) the answer is complete.
    // (A stream opened long after its deadline, as behind a burst: at once, not a negative wait.)
    const untilDeadline = Date.parse(first.decisions.deadline) - now().getTime();
    const after = (ms: number) => Math.max(0, untilDeadline + ms);
    timers.push(setTimeout(() => void read(), after(STALE_AFTER_DEADLINE_MS + 10)));
    // Whatever happens, a stream does not outlive its deadline by much.
    timers.push(setTimeout(finish, after(STALE_AFTER_DEADLINE_MS + 5_000)));
  });
  return router;
}
