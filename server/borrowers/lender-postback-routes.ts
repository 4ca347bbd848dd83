import express, { type Request, type Response, Router } from "express";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import { lenderPostbackSchema, type Postback } from "../lenders/postback-api";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import { type LeadStatusListener, recordPostback } from "./clicks";

/**
 * POST /api/postback (JSON or form body) and GET /api/postback (query):
 * a lender tells us what became of a click. Answers 200 with whether it
 * was new, 401 for a bad or missing signature (nothing changes), 404 for
 * a click we never made. A new status is then handed to each listener
 * (push notifications, partners' postbacks), after the lender has its answer.
 */
export function postbackRouter(
  storage: Storage,
  secrets: ReadonlyMap<string, string>,
  listeners: readonly LeadStatusListener[],
  log: Logger,
  /** The app's clock: a rotated secret's grace (decision 0412) ends by it. */
  now: () => Date = () => new Date(),
): Router {
  const router = Router();
  const handle = async (input: unknown, req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const parsed = parseInput(res, lenderPostbackSchema, input, {
      code: "invalid_postback",
      message: "The postback is not valid.",
    });
    if (!parsed) return;
    const { signature, token, ...postback } = parsed;
    const headerSignature = req.get("X-Signature");
    const outcome = await recordPostback(
      storage,
      secrets,
      postback as Postback,
      {
        signature: signature ?? headerSignature,
        token,
      },
      now(),
    );
    if (outcome.kind === "unauthorized") {
      sendError(res, 401, "bad_signature", "The postback's signature or token is not valid.");
      return;
    }
    if (outcome.kind === "unknown_click") {
      sendError(res, 404, "unknown_click", "There is no click with this id.");
      return;
    }
    res.json({ recorded: true, duplicate: outcome.duplicate });
    if (outcome.duplicate) return;
    for (const listener of listeners) {
      listener(outcome.change).catch((error: unknown) =>
        log.error("lead status listener failed", { error }),
      );
    }
  };
  router.get("/postback", (req, res) => handle(req.query, req, res));
  router.post(
    "/postback",
    express.json({ limit: "2kb" }),
    express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 }),
    (req, res) => handle(req.body, req, res),
  );
  return router;
}
