import { createHash, randomBytes } from "node:crypto";

/** The token of a one-time link or session, as stored: its SHA-256. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 256 random bits, base64url: a link's or a session's token. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether a string has a token's shape (what a cookie or a link must hold before any lookup). */
export function isTokenShaped(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}
