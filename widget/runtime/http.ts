import { RETRY_STATUSES } from "../../core/helpers/http-retry";

/**
 * The browser's one HTTP helper (site and widget), by SPEC §7: JSON bodies
 * on writes; a read is retried once and a write never, and only on
 * RETRY_STATUSES. It never throws: a failure is an answer with `ok: false`
 * (status 0 when the network failed), so callers decide what the visitor sees.
 */
export type HttpResult =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; data: unknown; retryAfter: string | null };

export interface ReadOptions {
  cache?: RequestCache;
  headers?: Record<string, string>;
}

export interface WriteOptions {
  /** `text/plain` sends JSON without a CORS preflight (what sendBeacon does). */
  contentType?: "application/json" | "text/plain";
  /** Lets the request outlive the page (an event sent as the visitor leaves). */
  keepalive?: boolean;
  /** More headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Ends the request as a network failure after this long (an answer that never comes). */
  timeoutMs?: number;
}

/** How long a read waits before its one retry. */
const RETRY_DELAY_MS = 300;

async function request(url: string, init: RequestInit): Promise<HttpResult> {
  try {
    const response = await fetch(url, init);
    const data: unknown = await response.json().catch(() => null);
    return response.ok
      ? { ok: true, status: response.status, data }
      : {
          ok: false,
          status: response.status,
          data,
          retryAfter: response.headers.get("Retry-After"),
        };
  } catch {
    return { ok: false, status: 0, data: null, retryAfter: null };
  }
}

export async function getJson(url: string, options: ReadOptions = {}): Promise<HttpResult> {
  const init: RequestInit = {
    headers: { Accept: "application/json", ...options.headers },
    ...(options.cache ? { cache: options.cache } : {}),
  };
  const first = await request(url, init);
  if (first.ok || !RETRY_STATUSES.has(first.status)) return first;
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  return request(url, init);
}

export function postJson(
  url: string,
  body: unknown,
  options: WriteOptions = {},
): Promise<HttpResult> {
  return request(url, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": options.contentType ?? "application/json",
      ...options.headers,
    },
    body: JSON.stringify(body),
    ...(options.keepalive ? { keepalive: true } : {}),
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
  });
}
