import type { PendingVerification } from "../../../core/views/site-contract";
import { type FieldErrors, fieldErrorsOf } from "./application-form";

/**
 * Where the API's answer leads: 201 to the code step (the lead and its
 * code's state), 400 with fields back to the form, 429 to "wait a minute",
 * 503 to "the SMS could not be sent", no answer at all (status 0) to "no
 * connection: sent again when it returns" (decision 0476), anything else to "try again".
 */
export type SubmitOutcome =
  | { kind: "created"; pending: PendingVerification }
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "throttled" }
  | { kind: "notSent" }
  | { kind: "offline" }
  | { kind: "failed" };

/** The 201's lead id and `verification`, or undefined for an answer of another shape. */
function pendingOf(body: unknown): PendingVerification | undefined {
  const { leadId, verification } = (body ?? {}) as {
    leadId?: unknown;
    verification?: { expiresAt?: unknown; resendAt?: unknown; triesLeft?: unknown };
  };
  if (typeof leadId !== "string" || typeof verification !== "object" || !verification) {
    return undefined;
  }
  const { expiresAt, resendAt, triesLeft } = verification;
  if (typeof expiresAt !== "string" || typeof resendAt !== "string") return undefined;
  return { leadId, expiresAt, resendAt, triesLeft: typeof triesLeft === "number" ? triesLeft : 0 };
}

export function submitOutcome(status: number, body: unknown): SubmitOutcome {
  if (status === 0) return { kind: "offline" };
  if (status >= 200 && status < 300) {
    const pending = pendingOf(body);
    return pending ? { kind: "created", pending } : { kind: "failed" };
  }
  if (status === 429) return { kind: "throttled" };
  if (status === 503) {
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    if (code === "message_not_sent") return { kind: "notSent" };
  }
  if (status === 400) {
    const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
    if (fields && typeof fields === "object") {
      const errors = fieldErrorsOf(
        Object.entries(fields).flatMap(([path, message]) =>
          typeof message === "string" ? [{ path, message }] : [],
        ),
      );
      if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
    }
  }
  return { kind: "failed" };
}
