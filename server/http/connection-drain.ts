import { type IncomingMessage, type Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

const NODE_WRITE_HEAD = ServerResponse.prototype.writeHead;

export interface ConnectionDrain {
  /** From now on, a connection's last answer closes it; idle connections close at once. */
  start(): void;
}

/**
 * Keep-alive connections through a graceful shutdown (issue 14). A client
 * that got `Connection: keep-alive` may send its next request on that
 * connection at any moment; closing the connection then cuts that request
 * off (a reset). So once shutdown starts, the answer to the last request a
 * connection has brought says `Connection: close`: Node ends the
 * connection after it, and the client sends nothing more on it. Requests
 * already received ahead of it on the same connection (pipelined) are
 * answered first, with keep-alive. Connections idle when shutdown starts
 * hold no request and close at once, as do any left idle after an answer
 * whose headers went out before it started.
 */
export function connectionDrain(server: Server): ConnectionDrain {
  let draining = false;
  /** The last request each connection has brought, kept on the socket itself. */
  const LATEST = Symbol("latest request");
  type Tracked = Socket & { [LATEST]?: IncomingMessage };

  // One function of each for every request (none made per request: decision 0489).
  const closeIdleLater = () => {
    if (draining) setImmediate(() => server.closeIdleConnections());
  };
  function writeHeadClosingLast(this: ServerResponse, ...args: unknown[]) {
    // A pipelined answer may be written before the one ahead of it; only the last closes.
    if (draining && (this.req.socket as Tracked)[LATEST] === this.req) this.shouldKeepAlive = false;
    return (NODE_WRITE_HEAD as (...all: unknown[]) => ServerResponse).apply(this, args);
  }

  // First among the listeners, so that even an answer the app writes at once is seen.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    (req.socket as Tracked)[LATEST] = req;
    res.on("finish", closeIdleLater);
    res.writeHead = writeHeadClosingLast as typeof res.writeHead;
  });

  return {
    start() {
      draining = true;
      server.closeIdleConnections();
    },
  };
}
