import http from "node:http";

/** How long a client may take, in milliseconds (HEADERS_TIMEOUT_MS and the others: 0346). */
export interface ServerTimeouts {
  /** From a connection's first byte of a request to the end of its headers. */
  headersMs: number;
  /** From a connection's first byte of a request to the end of its body. */
  requestMs: number;
  /** How long a kept-alive connection may sit idle after an answer before it is closed. */
  keepAliveMs: number;
}

/** Node's defaults would be 60 s, 300 s and 5 s; a slow client holds a socket for less. */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
};

/**
 * The HTTP server the app listens with, its timeouts set (decision 0346):
 * a client that sends its headers or its body too slowly gets a 408 and
 * its connection closed (slowloris), an idle kept-alive connection is
 * closed. None of them limits an answer: a Server-Sent Events stream (the
 * offers stream) stays open as long as it writes. Node checks the first
 * two every `connectionsCheckingInterval`: a quarter of the headers'
 * timeout (at most 5 s), so a client is cut off near its timeout, not up
 * to 30 s after.
 */
export function createHttpServer(
  handler: http.RequestListener,
  timeouts: ServerTimeouts = SERVER_TIMEOUTS,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(5_000, Math.floor(timeouts.headersMs / 4)),
      ),
    },
    handler,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}
