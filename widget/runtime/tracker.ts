import { canonicalUuidV4 } from "../../core/ids";
import type { TrackingEvent } from "../../core/schemas/event";
import { readCookie, writeCookie } from "./cookies";
import { type HttpResult, postJson } from "./http";

/** SPEC §9: the session id lives 30 minutes (renewed on every event), the client id 180 days. */
export const SESSION_ID_MAX_AGE_SECONDS = 30 * 60;
export const CLIENT_ID_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** SPEC §3's event ids: a page view or a form field's event, and a page restored from the back-forward cache. */
export const EVENT_PAGE = 5;
export const EVENT_PAGE_RESTORED = 27;

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
    client_id: storedId(`${cookiePrefix}client_id`, CLIENT_ID_MAX_AGE_SECONDS, false),
  };
}

export type EventFields = Omit<TrackingEvent, "session_id" | "client_id" | "domain">;

export interface TrackerOptions {
  /** The API's origin ("" for the site itself). */
  apiBase: string;
  /** Local development: events are logged to the console, not sent (SPEC §7). */
  logOnly: boolean;
  /** The widget keeps its ids under prefixed names so that it never touches a host page's own cookies. */
  cookiePrefix?: string;
  /** The endpoint's query string, "?" included (a partner's publishable key). */
  query?: string;
}

/**
 * Sends one event (SPEC §7): JSON as text/plain (no CORS preflight from a
 * partner's page) with keepalive, so that it survives the page's unload;
 * the answer is parsed as JSON and a failure is returned, never thrown.
 */
export function sendEvent(options: TrackerOptions, fields: EventFields): Promise<HttpResult> {
  let ids = {};
  try {
    ids = visitorIds(options.cookiePrefix);
  } catch {
    // Cookies refused (a sandboxed frame): the event goes without ids.
  }
  const event: TrackingEvent = {
    ...fields,
    ...ids,
    // A page without a host (about:blank, a file) has no domain to send.
    domain: window.location.hostname || undefined,
    // Where the visitor came from, without its query (a page's query may hold an e-mail).
    referer: document.referrer.replace(/[?#].*/, "").slice(0, 2000) || undefined,
  };
  if (options.logOnly) {
    console.info("[event]", event);
    return Promise.resolve({ ok: true, status: 0, data: null });
  }
  return postJson(`${options.apiBase}/api/event${options.query ?? ""}`, event, {
    contentType: "text/plain",
    keepalive: true,
  });
}

/** A page view now, and event 27 whenever the page comes back from the back-forward cache. */
export function trackPageViews(send: (fields: EventFields) => unknown, page: () => string): void {
  send({ event_id: EVENT_PAGE, sub4: "pageView", sub5: page() });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send({ event_id: EVENT_PAGE_RESTORED, sub4: "pageRestore", sub5: page() });
  });
}
