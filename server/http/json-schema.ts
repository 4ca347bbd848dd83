import { z } from "zod";

/** A JSON Schema object, as an OpenAPI 3.1 document holds it. */
export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12, which OpenAPI 3.1 takes as it is:
 * what a route parses ("input") or answers ("output"), without the
 * `$schema` line, for the partner API's and the decision API's documents.
 */
export function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dropped, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}
