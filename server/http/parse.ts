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

/** What a field holding U+0000 is told (decision 0340). */
export const NUL_MESSAGE = "must not contain a NUL character (U+0000)";
/** Fields named at most, however many hold one. */
const MAX_NUL_FIELDS = 20;

/**
 * The fields of a value (a parsed body, query, parameter or form) whose
 * text holds U+0000, as fieldsOf names them; empty when none does.
 * PostgreSQL refuses the character in text and SQLite keeps it, so no
 * engine is given one: every string of the input is refused, keys too
 * (decision 0340). Walks plain objects and arrays only (a form's file is
 * bytes, not text) and without recursion, so any depth of nesting is fine.
 */
export function nulFieldsOf(input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  let named = 0;
  // Each value's place as a link to its parent's: the dotted path is spelled only for a
  // field at fault, so a deep body costs time in its size, not its depth squared.
  const stack: [unknown, Place | undefined][] = [[input, undefined]];
  const name = (place: Place | undefined) => {
    fields[pathOf(place)] ??= NUL_MESSAGE;
    named += 1;
  };
  while (stack.length > 0 && named < MAX_NUL_FIELDS) {
    const [value, place] = stack.pop() as [unknown, Place | undefined];
    if (typeof value === "string") {
      if (value.includes("\0")) name(place);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push([item, { key: String(index), parent: place }]);
      });
    } else if (typeof value === "object" && value !== null) {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) continue;
      for (const [key, item] of Object.entries(value)) {
        // A key with the character is named by where it is, never by itself.
        if (key.includes("\0")) name(place);
        else stack.push([item, { key, parent: place }]);
      }
    }
  }
  return fields;
}

/** Where a value sits in the input: its key, and its parent's place (none at the top). */
interface Place {
  key: string;
  parent: Place | undefined;
}

/** A place as fieldsOf names fields: its keys from the top, dotted ("" for the input itself). */
function pathOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * Parses one part of a request (its body, query or a parameter) with one
 * schema: the parsed value, or undefined once a 400 naming the fields at
 * fault has been answered. The one way routes turn input into values, so
 * that no route writes its own 400 (STYLE 15). Text holding U+0000 is
 * refused first, whatever the schema (nulFieldsOf).
 */
export function parseInput<Schema extends z.core.$ZodType>(
  res: Response,
  schema: Schema,
  input: unknown,
  invalid: InvalidInput = INVALID_BODY,
): z.output<Schema> | undefined {
  const nul = nulFieldsOf(input);
  if (Object.keys(nul).length > 0) {
    sendError(res, 400, invalid.code, invalid.message, nul);
    return undefined;
  }
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
