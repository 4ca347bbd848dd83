import {
  type ApplicationOffers,
  applicationOffersPath,
  applicationOffersStreamPath,
  DECISION_STREAM_EVENTS,
  isApplicationOffers,
} from "../../../core/domain/decisions";
import { getJson } from "../../../widget/runtime/http";

/** How often the page asks for the offers where the stream is missing or fails. */
export const POLL_INTERVAL_MS = 1_000;
/** A stream with no event this long after it opened is held back somewhere (a buffering proxy). */
export const FIRST_EVENT_TIMEOUT_MS = 5_000;
/** Reconnects of the stream in a row (no event between) before the page polls instead. */
export const MAX_RECONNECTS = 3;
/** A reconnect not open this long after the failure (the server asks for 2 s): polling. */
export const RECONNECT_TIMEOUT_MS = 8_000;
/** Polling stops after this many answers without `complete` (the server ends waiting long before). */
export const MAX_POLLS = 120;

export interface FollowOptions {
  /** For tests: the browser's EventSource, or none to poll. */
  EventSource?: typeof EventSource | undefined;
  /** For tests: the site's origin ("" in the browser: the page's own). */
  origin?: string;
  /** For tests: POLL_INTERVAL_MS unless given. */
  pollIntervalMs?: number;
  /** Called once when following ends by itself: complete, or not the visitor's application. */
  onEnd?: () => void;
}

/**
 * Follows an application's offers and decisions as they arrive (the
 * server's contract, core/domain/decisions.ts): the Server-Sent Events stream, whose
 * `offers` and `complete` events each carry the whole ApplicationOffers; or,
 * where EventSource is missing, fails or says nothing for
 * FIRST_EVENT_TIMEOUT_MS, the JSON every POLL_INTERVAL_MS. A dropped stream
 * resumes where it left off (Last-Event-ID); a snapshot is delivered once. Each snapshot goes
 * to `onUpdate`; the complete one is the last. A chunk of its own, loaded
 * after hydration only while decisions are awaited. Returns the function
 * that stops following.
 */
export function followApplicationOffers(
  leadId: string,
  onUpdate: (offers: ApplicationOffers) => void,
  {
    EventSource: Source = globalThis.EventSource,
    origin = "",
    pollIntervalMs = POLL_INTERVAL_MS,
    onEnd,
  }: FollowOptions = {},
): () => void {
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;

  const stop = () => {
    stopped = true;
    source?.close();
    clearTimeout(timer);
  };
  const end = () => {
    stop();
    onEnd?.();
  };
  // A snapshot the page has already (a reconnect, or a poll that found nothing new) is not
  // shown again.
  let delivered = "";
  const deliver = (value: unknown) => {
    if (stopped || !isApplicationOffers(value)) return;
    const text = JSON.stringify(value);
    if (text === delivered) return;
    delivered = text;
    onUpdate(value);
    if (value.decisions.complete) end();
  };
  const poll = async (left: number) => {
    const answer = await getJson(`${origin}${applicationOffersPath(leadId)}`, {
      cache: "no-store",
    });
    if (stopped) return;
    if (answer.ok) deliver(answer.data);
    // Not this visitor's application (any more): nothing to wait for.
    else if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) end();
    if (!stopped && left > 1) timer = setTimeout(() => void poll(left - 1), pollIntervalMs);
  };
  const startPolling = () => {
    if (stopped || polling) return;
    polling = true;
    source?.close();
    clearTimeout(timer);
    void poll(MAX_POLLS);
  };

  if (typeof Source !== "function") {
    startPolling();
    return stop;
  }
  source = new Source(`${origin}${applicationOffersStreamPath(leadId)}`);
  const onMessage = (event: MessageEvent) => {
    clearTimeout(timer);
    reconnects = 0;
    try {
      deliver(JSON.parse(String(event.data)));
    } catch {
      // Not JSON: the next snapshot says it all again.
    }
  };
  let reconnects = 0;
  source.addEventListener(DECISION_STREAM_EVENTS.offers, onMessage);
  source.addEventListener(DECISION_STREAM_EVENTS.complete, onMessage);
  // Open again: the server resumes after the Last-Event-ID the browser sent (decision 0477).
  source.addEventListener("open", () => {
    if (reconnects > 0) clearTimeout(timer);
  });
  // A dropped connection: EventSource comes back by itself with the last event's id, up to
  // MAX_RECONNECTS times in a row; a stream refused (closed), or one that keeps failing, and
  // the page polls instead (the server also ends a stream past its deadline, which lands here).
  source.addEventListener("error", () => {
    if (stopped || polling) return;
    if (source?.readyState !== Source.CONNECTING || reconnects >= MAX_RECONNECTS) {
      startPolling();
      return;
    }
    reconnects += 1;
    clearTimeout(timer);
    timer = setTimeout(startPolling, RECONNECT_TIMEOUT_MS);
  });
  timer = setTimeout(startPolling, FIRST_EVENT_TIMEOUT_MS);
  return stop;
}
