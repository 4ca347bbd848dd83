import type { RequestHandler, Response } from "express";
import { z } from "zod";
import { sendError } from "./errors";

/** The error code and message a route answers for input its schema refuses. */
export interface InvalidInput {
  code: string;
  message: string;
}

const INVALID_BODY: InvalidInput = {
  code: "invalid_body",
  message: "The request body is not valid.",
};

/** zod issues as { "path.to.field": "what is wrong" }; the root is "". */
export function fieldsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const unknownKey of issue.keys) {
        fields[[...issue.path, unknownKey].join(".")] = "is not a known field";
      }
      continue;
    }
    fields[issue.path.join(".")] ??= issue.message;
  }
  return fields;
}

/**
 * Parses one part of a request (its body, query or a parameter) with one
 * schema: the parsed value, or undefined once a 400 naming the fields at
 * fault has been answered. The one way routes turn input into values, so
 * that no route writes its own 400 (STYLE 15).
 */
export function parseInput<Schema extends z.core.$ZodType>(
  res: Response,
  schema: Schema,
  input: unknown,
  invalid: InvalidInput = INVALID_BODY,
): z.output<Schema> | undefined {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  sendError(res, 400, invalid.code, invalid.message, fieldsOf(parsed.error));
  return undefined;
}

/** parseInput of the JSON body as a middleware; the parsed value travels in res.locals.body. */
export function validateBody(
  schema: z.core.$ZodType,
  invalid: InvalidInput = INVALID_BODY,
): RequestHandler {
  return (req, res, next) => {
    const body = parseInput(res, schema, req.body, invalid);
    if (body === undefined) return;
    res.locals.body = body;
    next();
  };
}
