import express, { type Response, Router } from "express";
import { type CodeBody, codeBodySchema } from "../../core/domain/schemas/verification";
import { clientAddressOf } from "../http/client-address";
import { sendError } from "../http/errors";
import { clearPendingLeadCookie, setLeadCookie } from "../http/lead-cookie";
import { parseInput, validateBody } from "../http/parse";
import { type RateLimitStore, rateLimitCheck } from "../http/rate-limit";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { type CodeSendLimits, codeSendCheck, sendConfirmation } from "./code-sending";
import { answerIsAbout, idempotent } from "./idempotency";
import { type LenderDecisionsStarter, verifyCode } from "./verification";
import { emptyBodySchema, resendAnswer, verifiedOrAnswered } from "./verification-answers";

const TEN_MINUTES = 10 * 60 * 1000;

export interface VerificationRouterOptions {
  storage: Storage;
  messenger: Messenger;
  limits: RateLimitStore;
  codeSendLimits: CodeSendLimits;
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  log: Logger;
  clock: () => Date;
  /** Asks lenders' decision APIs about a newly verified application (issue 15). */
  decisions?: LenderDecisionsStarter;
}

/**
 * The code step of an application made on our pages (issue 14):
 * POST /api/applications/{leadId}/verification with { code } verifies it,
 * sets the lead cookie (naming the earlier lead when a repeat joins it) and
 * sends the confirmation e-mail; POST …/verification/resend sends a new
 * code once the wait is over. Codes of partner API leads are not taken here.
 * Both take an `Idempotency-Key` (decision 0475).
 */
export function verificationRouter(options: VerificationRouterOptions): Router {
  const { storage, messenger, site, log, clock } = options;
  const router = Router();
  const now = () => clock().getTime();
  // Five tries per code hold already; this keeps one address from hammering many leads.
  const mayTry = rateLimitCheck({
    store: options.limits,
    name: "verification",
    now,
    rules: [{ limit: 100, windowMs: TEN_MINUTES, keyOf: (req) => `ip:${clientAddressOf(req)}` }],
  });
  const maySend = codeSendCheck(storage, options.codeSendLimits, now);
  const unknown = (res: Response) =>
    sendError(res, 404, "unknown_application", "No application waits for a code under this id.");
  const resend = resendAnswer({ storage, messenger, site, unknown });
  const once = (route: string) => idempotent({ storage, clock, route });

  router.post(
    "/applications/:leadId/verification",
    express.json({ limit: "1kb" }),
    validateBody(codeBodySchema),
    once("verification"),
    async (req, res) => {
      if (!(await mayTry(req, res))) return;
      res.setHeader("Cache-Control", "no-store");
      const at = clock();
      const { code } = res.locals.body as CodeBody;
      const outcome = await verifyCode(
        storage,
        String(req.params.leadId),
        code,
        { via: "site" },
        at,
      );
      if (!verifiedOrAnswered(res, outcome, unknown)) return;
      setLeadCookie(req, res, outcome.leadId);
      answerIsAbout(res, outcome.leadId);
      clearPendingLeadCookie(req, res);
      // Lenders are asked now (a repeat joined a lead they were asked about already); the
      // rows are written before the answer, the lenders' answers come in the background.
      if (!outcome.joined) await options.decisions?.begin(outcome.leadId, outcome.locale);
      await sendConfirmation({ storage, messenger, origin: site.origin, log }, outcome, at);
      res.json({ verified: true });
    },
  );

  router.post(
    "/applications/:leadId/verification/resend",
    express.json({ limit: "1kb" }),
    once("resend"),
    async (req, res) => {
      if (parseInput(res, emptyBodySchema, req.body ?? {}) === undefined) return;
      res.setHeader("Cache-Control", "no-store");
      const leadId = String(req.params.leadId);
      answerIsAbout(res, leadId);
      await resend(res, leadId, { via: "site" }, (phone) => maySend(req, res, { phone }), clock());
    },
  );
  return router;
}
