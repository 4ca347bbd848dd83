import type { Response } from "express";
import { z } from "zod";
import { sendError } from "../http/errors";
import type { VerificationState } from "./one-time-codes";

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

/** A resend asked for before its wait is over: 429 with Retry-After and when it will be allowed. */
export function answerResendTooSoon(res: Response, verification: VerificationState, now: Date) {
  const seconds = Math.ceil((Date.parse(verification.resendAt) - now.getTime()) / 1000);
  res.setHeader("Retry-After", String(Math.max(1, seconds)));
  sendError(res, 429, "resend_too_soon", "A new code can be sent from resendAt on.", undefined, {
    beside: { verification },
  });
}
