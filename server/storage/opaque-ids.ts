import { randomBytes } from "node:crypto";

/**
 * An opaque id for a stored row that people see (a lead in a link, a
 * comment, a click): 128 random bits, so nothing about the row or the
 * person can be read or guessed from it.
 */
export function newOpaqueId(): string {
  return randomBytes(16).toString("base64url");
}

const OPAQUE_ID = /^[A-Za-z0-9_-]{22}$/;

export function isOpaqueId(value: unknown): value is string {
  return typeof value === "string" && OPAQUE_ID.test(value);
}
