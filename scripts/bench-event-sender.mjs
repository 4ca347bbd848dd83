/**
 * A load generator for POST /api/event, run as a worker thread by
 * bench-common.mjs's sendEvents: `clients` senders, each sending one event
 * after another on its own kept-alive connection (node:http, no fetch:
 * fetch cost the bench more CPU per event than the server, decision 0265),
 * until `seconds` have passed, or at most `perSecond` events a second in
 * all when given (the soak's steady rate). Off the bench's main thread, so
 * the bench's own work does not delay the answers it times. Answers the
 * counts by status and every latency (ms), as a Float64Array.
 *
 * Events come from `visitors` simulated visitors in turn, each with its own
 * client and session ids and its own address (X-Forwarded-For, which the
 * server trusts from loopback as behind a proxy): the per-visitor and
 * per-address limits (decision 0342) count each apart, as they would
 * count real visitors. One visitor is one client flooding the endpoint.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { url, clients, seconds, perSecond, body, visitors = 20_000 } = workerData;
const target = new URL("/api/event", url);
const event = JSON.parse(body);
/** Each visitor's event and address; RFC 2544's benchmarking range, 198.18.0.0/15. */
const sources = Array.from({ length: visitors }, (_, index) => {
  const payload = Buffer.from(
    JSON.stringify({ ...event, client_id: randomUUID(), session_id: randomUUID() }),
  );
  return {
    payload,
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "Content-Length": payload.length,
      "X-Forwarded-For": `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`,
    },
  };
});
let nextSource = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const options = {
  agent,
  hostname: target.hostname,
  port: target.port,
  path: target.pathname,
  method: "POST",
};

/**
 * One event: its status once the whole answer is read, or "error" when the
 * connection failed. A kept-alive connection the server closed as idle just
 * as the event left on it is reset before the request was read: sent again
 * once on a new connection, as Node's documentation advises (reusedSocket).
 */
function send(source = sources[nextSource++ % sources.length], retried = false) {
  return new Promise((resolve) => {
    const request = http.request({ ...options, headers: source.headers }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode));
      response.on("error", () => resolve("error"));
    });
    request.on("error", (error) => {
      if (!retried && request.reusedSocket && error.code === "ECONNRESET") {
        resolve(send(source, true));
      } else resolve("error");
    });
    request.end(source.payload);
  });
}

let latencies = new Float64Array(65_536);
let count = 0;
const statuses = {};
const started = performance.now();
const until = started + seconds * 1000;
/** Event n (counted over every sender) may leave at started + n / perSecond, not before. */
let scheduled = 0;

async function sender() {
  while (performance.now() < until) {
    if (perSecond) {
      const due = started + (scheduled++ * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= until) break;
    }
    const sent = performance.now();
    const status = await send();
    if (count === latencies.length) {
      const larger = new Float64Array(latencies.length * 2);
      larger.set(latencies);
      latencies = larger;
    }
    latencies[count++] = performance.now() - sent;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

try {
  await Promise.all(Array.from({ length: clients }, sender));
  agent.destroy();
  const done = latencies.slice(0, count);
  parentPort.postMessage(
    { statuses, latencies: done, seconds: (performance.now() - started) / 1000 },
    [done.buffer],
  );
} catch (error) {
  agent.destroy();
  parentPort.postMessage({ error: String(error?.stack ?? error) });
}
