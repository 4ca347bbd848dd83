import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import { canonicalUuidV4 } from "../../core/helpers/ids";
import { secureCookies, serializeCookie } from "./cookies";

/** SPEC §9: the client id cookie lives 180 days. */
export const CLIENT_ID_COOKIE = "client_id";
const CLIENT_ID_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** The visitor's client id from their cookie, in canonical form, when it is a valid v4 UUID. */
export function clientIdOf(req: Request): string | undefined {
  return canonicalUuidV4(cookieValue(req.headers.cookie, CLIENT_ID_COOKIE));
}

/**
 * The visitor's client id, made and set in the cookie when missing or not a
 * valid v4 UUID (SPEC §5). Scripts may read it (issue 6's tracking does).
 */
export function ensureClientId(req: Request, res: Response): string {
  const existing = clientIdOf(req);
  if (existing) return existing;
  const created = randomUUID();
  res.append(
    "Set-Cookie",
    serializeCookie(CLIENT_ID_COOKIE, created, {
      maxAgeSeconds: CLIENT_ID_MAX_AGE_SECONDS,
      httpOnly: false,
      secure: secureCookies(req),
    }),
  );
  return created;
}
