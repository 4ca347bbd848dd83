/**
 * The visitor's ids in first-party cookies (SPEC §5, §9): apart from the
 * tracker so that a page can make sure of the client id (views and
 * ratings count by it) without loading the tracking.
 */
import { canonicalUuidV4 } from "../../core/helpers/ids";
import { readCookie, writeCookie } from "./cookies";

/** SPEC §9: the session id lives 30 minutes (renewed on every event), the client id 180 days. */
export const SESSION_ID_MAX_AGE_SECONDS = 30 * 60;
export const CLIENT_ID_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** A new version-4 UUID (not `crypto.randomUUID`, which exists only on https and localhost). */
export function newUuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  // Version and variant set, so canonicalUuidV4 takes it and adds the hyphens.
  return (
    canonicalUuidV4(Array.from(bytes, (byte) => (byte | 256).toString(16).slice(1)).join("")) ?? ""
  );
}

/** A cookie's id, reused when it is a valid v4 UUID (SPEC §5), else a new one; written when new or renewed. */
function storedId(name: string, maxAgeSeconds: number, renew: boolean): string {
  const stored = readCookie(name);
  const id = canonicalUuidV4(stored) ?? newUuidV4();
  if (renew || id !== stored) writeCookie(name, id, maxAgeSeconds);
  return id;
}

/**
 * The session and client ids from their cookies. The session cookie's 30
 * minutes start again on each call; the client id is written only when it
 * is new or was not in canonical form.
 */
export function visitorIds(cookiePrefix = ""): { session_id: string; client_id: string } {
  return {
    session_id: storedId(`${cookiePrefix}session_id`, SESSION_ID_MAX_AGE_SECONDS, true),
    // As clientId does; written out so that the widget, which needs no clientId, stays as small.
    client_id: storedId(`${cookiePrefix}client_id`, CLIENT_ID_MAX_AGE_SECONDS, false),
  };
}

/** The client id from its cookie, written when new (the server counts views and ratings by it); the site's. */
export function clientId(cookiePrefix = ""): string {
  return storedId(`${cookiePrefix}client_id`, CLIENT_ID_MAX_AGE_SECONDS, false);
}
