/**
 * A small round-robin HTTP load balancer on loopback (issue 19's scale-out):
 * each request goes to the next of the upstream servers, over keep-alive
 * connections, bodies streamed both ways (an offers stream stays a stream),
 * with X-Forwarded-For appended as nginx's $proxy_add_x_forwarded_for does,
 * so a server with TRUST_PROXY=loopback sees the visitor's address. Used by
 * the scale-out test (tests/e2e/scale-out.test.ts) and the benchmark
 * (scripts/bench-scale.mjs). Plain node:http: a load balancer library would
 * be a dependency for forty lines, and nginx is not on every machine the
 * tests run on.
 */
import http from "node:http";

/**
 * Starts the proxy on a free loopback port in front of `upstreams` (base
 * URLs such as http://localhost:4301). Answers its URL, how many requests
 * each upstream was sent, `setUpstreams` (a rolling release) and `close`.
 */
export async function startRoundRobinProxy(upstreams) {
  let targets = upstreams.map((url) => new URL(url));
  let next = 0;
  const sent = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const server = http.createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("no upstream\n");
      return;
    }
    const target = targets[next % targets.length];
    next = (next + 1) % Math.max(1, targets.length);
    sent.set(target.origin, (sent.get(target.origin) ?? 0) + 1);
    const headers = { ...req.headers };
    const client = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"]
      ? `${headers["x-forwarded-for"]}, ${client}`
      : client;
    headers["x-forwarded-proto"] = "http";
    // The upstream connection is ours to keep alive, whatever the client asked of its own.
    delete headers.connection;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        delete answerHeaders.connection;
        delete answerHeaders["keep-alive"];
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) {
        res.writeHead(502, { "Content-Type": "text/plain" }).end("upstream failed\n");
      } else {
        res.destroy();
      }
    });
    // A client gone before the answer ends: stop reading the upstream's.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests sent to each upstream's origin so far. */
    sent,
    /** Replaces the upstreams: the next request goes to the first of them. */
    setUpstreams(urls) {
      targets = urls.map((url) => new URL(url));
      next = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
