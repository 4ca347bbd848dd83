/**
 * A small round-robin HTTP load balancer on loopback (issue 19's scale-out,
 * decision 0282): each request goes to the next of the upstream servers
 * over keep-alive connections, answers streamed (an offers stream stays a
 * stream), X-Forwarded-For appended as nginx's $proxy_add_x_forwarded_for
 * does (a server with TRUST_PROXY=loopback sees the visitor's address), and
 * a request retried once on the next upstream when its connection was
 * refused or the kept-alive connection it went on had been closed by the
 * upstream. Used by the
 * scale-out test (tests/e2e/scale-out.test.ts) and the benchmark
 * (scripts/bench-scale.mjs). Plain node:http: a load-balancer library would
 * be a dependency for a hundred lines, and nginx is not on every machine
 * the tests run on.
 */
import { fork } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";

/** How long an upstream that refused a connection is left out of the rotation. */
const DOWN_MS = 2_000;

/**
 * Starts the proxy on a free loopback port in front of `upstreams` (base
 * URLs such as http://localhost:4301). Answers its URL, how many requests
 * each upstream answered, `setUpstreams` (a rolling release) and `close`.
 */
export async function startRoundRobinProxy(upstreams) {
  let targets = upstreams.map((url) => new URL(url));
  let next = 0;
  const sent = new Map();
  let retries = 0;
  /** Upstreams out of rotation until a time: their connection was refused. */
  const down = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  /**
   * Sends the request to `target`; once more to the next upstream when the connection was
   * refused (an instance stopped: nothing was sent, as nginx's `proxy_next_upstream error`)
   * or a kept-alive connection turned out closed by the upstream (its idle timeout, or a
   * drain) before any answer: the race every keep-alive client has, retried as Node's
   * documentation advises.
   */
  const send = (target, req, res, headers, body, retried) => {
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
        sent.set(target.origin, (sent.get(target.origin) ?? 0) + 1);
        const answerHeaders = { ...answer.headers };
        delete answerHeaders.connection;
        delete answerHeaders["keep-alive"];
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (res.headersSent) {
        res.destroy();
      } else if (!retried && (error.code === "ECONNREFUSED" || closedUnder(upstream, error))) {
        // Refused: out of rotation for a while, as nginx's max_fails and fail_timeout do.
        if (error.code === "ECONNREFUSED") down.set(target.origin, Date.now() + DOWN_MS);
        retries += 1;
        send(pick(target), req, res, headers, body, true);
      } else {
        res.writeHead(502, { "Content-Type": "text/plain" }).end("upstream failed\n");
      }
    });
    // A client gone before the answer ends: stop reading the upstream's.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };
  /** A kept-alive connection the upstream closed just as we sent on it: nothing was read. */
  const closedUnder = (upstream, error) => upstream.reusedSocket && error.code === "ECONNRESET";
  /** The next upstream in turn, skipping those out of rotation (and `not`) while others are in. */
  const pick = (not) => {
    const now = Date.now();
    for (let tries = 0; tries < targets.length; tries++) {
      const target = targets[next % targets.length];
      next = (next + 1) % targets.length;
      if (target !== not && (down.get(target.origin) ?? 0) <= now) return target;
    }
    return targets.find((target) => target !== not) ?? targets[0];
  };

  const server = http.createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("no upstream\n");
      return;
    }
    const headers = { ...req.headers };
    const client = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"]
      ? `${headers["x-forwarded-for"]}, ${client}`
      : client;
    headers["x-forwarded-proto"] = "http";
    // The upstream connection is ours to keep alive, whatever the client asked of its own.
    delete headers.connection;
    // Bodies here are small (forms, JSON): read whole, so that a retry can send them again.
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => send(pick(), req, res, headers, Buffer.concat(chunks), false));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests each upstream's origin answered so far (a retried one counts where answered). */
    sent,
    /** Requests sent again to the next upstream: refused connections, connections closed under them. */
    get retries() {
      return retries;
    },
    /** Replaces the upstreams: the next request goes to the first of them. */
    setUpstreams(urls) {
      targets = urls.map((url) => new URL(url));
      next = 0;
      down.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/**
 * The same proxy in a process of its own (the benchmark's: its event loop
 * is not the load generator's), driven over IPC: its URL, its process id
 * (for its CPU time), requests per upstream, setUpstreams and close.
 */
export async function forkRoundRobinProxy(upstreams) {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: "inherit" });
  const answers = [];
  child.on("message", (message) => answers.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve) => {
      answers.push(resolve);
      child.send(message);
    });
  const { url } = await ask({ upstreams });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    url,
    pid: child.pid,
    async sent() {
      return new Map(Object.entries((await ask({ sent: true })).sent));
    },
    async setUpstreams(urls) {
      await ask({ upstreams: urls });
    },
    async close() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// Run by forkRoundRobinProxy: the first message starts it, later ones change or read it.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  let proxy;
  process.on("message", async (message) => {
    if (message.upstreams && !proxy) {
      proxy = await startRoundRobinProxy(message.upstreams);
      process.send({ url: proxy.url });
    } else if (message.upstreams) {
      proxy.setUpstreams(message.upstreams);
      process.send({ ok: true });
    } else if (message.sent) {
      process.send({ sent: Object.fromEntries(proxy.sent) });
    }
  });
  process.on("SIGTERM", () => {
    if (proxy) void proxy.close().finally(() => process.exit(0));
    else process.exit(0);
  });
}
