import type { TrackingEvent } from "../../core/domain/schemas/event";
import { type HttpResult, postJson } from "./http";
import { visitorIds } from "./visitor-ids";

/** SPEC §3's event ids: a page view or a form field's event, and a page restored from the back-forward cache. */
export const EVENT_PAGE = 5;
export const EVENT_PAGE_RESTORED = 27;

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
