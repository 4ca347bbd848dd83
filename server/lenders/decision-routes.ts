import express, { Router } from "express";
import { z } from "zod";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import type { Storage } from "../storage/database";
import {
  approvalProblem,
  decisionCallbackSchema,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyDecisionSignature,
} from "./decision-api";
import type { DecisionNetwork } from "./decision-network";
import { lenderDecisionOpenApi } from "./decision-openapi";
import { findDecision, lenderProducts, recordCallback } from "./decisions";
import { acceptedSecrets } from "./lender-secrets";

export interface LenderDecisionRoutesOptions {
  storage: Storage;
  network: DecisionNetwork;
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  deadlineMs: number;
  now: () => Date;
}

const INVALID_CALLBACK = { code: "invalid_callback", message: "The decision is not valid." };
const decisionIdSchema = z.object({ decisionId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/**
 * The decision API's side on us (issue 15), under /api/lenders/v1/:
 * GET openapi.json, public; POST decisions, a pending lender's decision,
 * signed with its API secret over the exact body (read raw for that).
 * Order: the body's decisionId names the lender, whose secret must have
 * signed it (401 otherwise, nothing read further), then the decision is
 * checked like a direct answer and recorded.
 */
export function lenderDecisionsRouter(options: LenderDecisionRoutesOptions): Router {
  const { storage, network, site, deadlineMs, now } = options;
  const router = Router();
  router.get("/lenders/v1/openapi.json", (_req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(lenderDecisionOpenApi(site.origin, deadlineMs));
  });
  router.post(
    "/lenders/v1/decisions",
    express.text({ type: "application/json", limit: "16kb" }),
    async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const raw: unknown = req.body;
      let body: unknown;
      try {
        if (typeof raw !== "string") throw new Error("not JSON");
        body = JSON.parse(raw);
      } catch {
        sendError(
          res,
          400,
          "invalid_json",
          "The body must be JSON (Content-Type: application/json).",
        );
        return;
      }
      const named = parseInput(res, decisionIdSchema, body, INVALID_CALLBACK);
      if (!named) return;
      const at = now();
      const stored = await findDecision(storage, named.decisionId);
      if (!stored) {
        sendError(res, 404, "unknown_decision", "No decision has this decisionId.");
        return;
      }
      // The live secret, or the one it replaced while its grace lasts (decision 0412).
      const signed = acceptedSecrets(stored, at).some((secret) =>
        verifyDecisionSignature(
          secret,
          req.get(TIMESTAMP_HEADER),
          raw as string,
          req.get(SIGNATURE_HEADER),
          at,
        ),
      );
      if (!signed) {
        sendError(res, 401, "bad_signature", "The signature is missing, wrong or stale.");
        return;
      }
      const callback = parseInput(res, decisionCallbackSchema, body, INVALID_CALLBACK);
      if (!callback) return;
      // Checked as a direct answer is (decision 0354): refused, it is recorded as failed.
      const problem =
        callback.decision === "approved"
          ? approvalProblem(callback, {
              products: await lenderProducts(storage, stored.lender_id),
              askedAmount: stored.asked_amount,
              sandbox: stored.sandbox === 1,
              now: at,
            })
          : undefined;
      const outcome = await recordCallback(
        storage,
        named.decisionId,
        problem
          ? { status: "failed", error: "invalid_answer", rule: problem.rule }
          : callback.decision === "approved"
            ? { status: "approved", answer: callback }
            : { status: "declined", reason: callback.reason },
        at,
      );
      if (problem && outcome.kind === "recorded") {
        sendError(res, 400, INVALID_CALLBACK.code, INVALID_CALLBACK.message, {
          [problem.field]: `${problem.message} (${problem.rule})`,
        });
        network.notify(outcome.leadId);
        return;
      }
      switch (outcome.kind) {
        case "closed":
          sendError(res, 410, "decision_closed", "This decision no longer takes a callback.");
          return;
        case "conflict":
          sendError(
            res,
            409,
            "already_decided",
            `A different decision (${outcome.status}) was recorded already.`,
          );
          return;
        case "recorded":
          res.json({ recorded: true, duplicate: outcome.duplicate, late: outcome.late });
          if (!outcome.duplicate) network.notify(outcome.leadId);
      }
    },
  );
  return router;
}
