import type { Response } from "express";
import { z } from "zod";
import { sendError } from "../http/errors";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { sendCode } from "./code-sending";
import type { VerificationState } from "./one-time-codes";
import {
  allowResendNow,
  resendCode,
  type VerificationScope,
  type VerifyOutcome,
} from "./verification";

/**
 * What the verification routes of our pages and of the partner API answer
 * alike: the errors of a code, each carrying the code's state
 * (`verification`) beside the error envelope. The body with the code is
 * core's codeBodySchema.
 */

/** A resend takes no body, or an empty object. */
export const emptyBodySchema = z.strictObject({});

/** The answers every verification route gives alike, for the site and the partner API. */
export function answerCodeProblem(
  res: Response,
  outcome:
    | { kind: "wrong_code" | "too_many_tries" | "code_expired"; verification: VerificationState }
    | { kind: "already_verified" },
): void {
  switch (outcome.kind) {
    case "wrong_code":
      sendError(
        res,
        400,
        "wrong_code",
        `The code is not the one we sent; ${outcome.verification.triesLeft} tries left.`,
        undefined,
        { beside: { verification: outcome.verification } },
      );
      return;
    case "too_many_tries":
      sendError(
        res,
        410,
        "too_many_tries",
        "This code was tried too many times; ask for a new one.",
        undefined,
        { beside: { verification: outcome.verification } },
      );
      return;
    case "code_expired":
      sendError(res, 410, "code_expired", "This code has expired; ask for a new one.", undefined, {
        beside: { verification: outcome.verification },
      });
      return;
    case "already_verified":
      sendError(res, 409, "already_verified", "This application is verified already.");
      return;
  }
}

/**
 * A code's outcome answered unless it verified the lead (`unknown`: the route's 404 for an id it
 * does not know): whether the route carries on with a verified lead.
 */
export function verifiedOrAnswered(
  res: Response,
  outcome: VerifyOutcome,
  unknown: (res: Response) => void,
): outcome is Extract<VerifyOutcome, { kind: "verified" }> {
  if (outcome.kind === "verified") return true;
  if (outcome.kind === "unknown") unknown(res);
  else answerCodeProblem(res, outcome);
  return false;
}

/** A resend asked for before its wait is over: 429 with Retry-After and when it will be allowed. */
export function answerResendTooSoon(res: Response, verification: VerificationState, now: Date) {
  const seconds = Math.ceil((Date.parse(verification.resendAt) - now.getTime()) / 1000);
  res.setHeader("Retry-After", String(Math.max(1, seconds)));
  sendError(res, 429, "resend_too_soon", "A new code can be sent from resendAt on.", undefined, {
    beside: { verification },
  });
}

/**
 * A resend and its answer, alike for the site and the partner API: a new code once the wait is
 * over and the send limits allow it (`mayProceed` answers when they do not), then the code's
 * state; when the SMS fails (503), the wait is lifted so the applicant may ask again at once.
 */
export function resendAnswer(sender: {
  storage: Storage;
  messenger: Messenger;
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  /** The route's 404 for an id it does not know. */
  unknown: (res: Response) => void;
}) {
  const { storage, messenger, site } = sender;
  return async (
    res: Response,
    leadId: string,
    scope: VerificationScope,
    mayProceed: (phone: string) => Promise<boolean>,
    at: Date,
  ): Promise<void> => {
    const outcome = await resendCode(storage, leadId, scope, mayProceed, at);
    switch (outcome.kind) {
      case "unknown":
        sender.unknown(res);
        return;
      case "limited":
        return;
      case "already_verified":
        answerCodeProblem(res, outcome);
        return;
      case "too_soon":
        answerResendTooSoon(res, outcome.verification, at);
        return;
      case "sent":
        if (!(await sendCode(res, messenger, outcome, site.origin))) {
          await allowResendNow(storage, leadId, at);
          return;
        }
        res.json({ verification: outcome.verification });
    }
  };
}
