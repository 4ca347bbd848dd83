import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { ApiErrorBody } from "../../core/helpers/api-error";

/** An error that carries its HTTP answer; thrown by routes and services. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * The one place that writes the error envelope (DESIGN "Clear errors").
 * `beside` adds members next to `error` (never inside it), for an answer
 * that also carries state, as a wrong code carries the tries left.
 */
export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  extra: {
    /** After a wrong one-time code: how many tries are left, inside the error. */
    triesLeft?: number;
    /** State the client needs beside the error (a code's `verification`). */
    beside?: Record<string, unknown>;
  } = {},
): void {
  const { beside, ...inError } = extra;
  const body: ApiErrorBody = {
    error: { code, message, ...(fields ? { fields } : {}), ...inError },
  };
  res.status(status).json({ ...beside, ...body });
}

/**
 * Express 5's router decodes route parameters (`/go/:offerId`, `/feed/*path`)
 * with decodeURIComponent before any handler runs; a bad percent-encoding
 * (`/go/%ZZ`) throws a URIError that the router marks 400 but not as safe to
 * show, so it reached our error handlers as an unknown error: a 500 with a
 * stack trace. It is the client's mistake, for every route at once.
 */
export function isUndecodablePath(error: unknown): boolean {
  return error instanceof URIError && (error as { status?: unknown }).status === 400;
}

export const UNDECODABLE_PATH = {
  code: "invalid_path",
  message: "The address is not valid: it holds a bad percent-encoding.",
} as const;

export const apiNotFound: RequestHandler = (req, res) => {
  sendError(res, 404, "not_found", `No API endpoint ${req.method} ${req.path}.`);
};

/** body-parser marks its client errors with a status and `expose`. */
function clientErrorOf(error: unknown): { status: number; type: string } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, expose, type } = error as { status?: unknown; expose?: unknown; type?: unknown };
  if (typeof status === "number" && status >= 400 && status < 500 && expose === true) {
    return { status, type: typeof type === "string" ? type : "client_error" };
  }
  return undefined;
}

const bodyErrorCodes: Record<string, [code: string, message: string]> = {
  "entity.parse.failed": ["invalid_json", "The request body is not valid JSON."],
  "entity.too.large": ["body_too_large", "The request body is too large."],
  "encoding.unsupported": ["unsupported_encoding", "The request body's encoding is not supported."],
  "charset.unsupported": ["unsupported_charset", "The request body's charset is not supported."],
};

/**
 * Turns a thrown error into the envelope. Client mistakes get their 4xx;
 * anything else is our fault: logged with its stack, answered as a 500
 * without internals.
 */
export function apiErrorHandler(log: {
  error(message: string, fields?: object): void;
}): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      sendError(res, error.status, error.code, error.message, error.fields);
      return;
    }
    if (isUndecodablePath(error)) {
      sendError(res, 400, UNDECODABLE_PATH.code, UNDECODABLE_PATH.message);
      return;
    }
    const clientError = clientErrorOf(error);
    if (clientError) {
      const [code, message] = bodyErrorCodes[clientError.type] ?? [
        "bad_request",
        "The request is not valid.",
      ];
      sendError(res, clientError.status, code, message);
      return;
    }
    log.error("unhandled API error", { method: req.method, path: req.path, error });
    sendError(res, 500, "internal_error", "Something went wrong on our side. Please try again.");
  };
}
