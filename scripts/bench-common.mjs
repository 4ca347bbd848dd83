/**
 * What the benchmark's sections share (scripts/bench.mjs and its section
 * files): servers started as `npm start` starts them, applicants who apply
 * and enter the code the server sent, the sandbox lenders, a figure that
 * must be a number, the resident memory of a process.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { splitLocalePath } from "../core/locale.ts";

/** Servers still running: stopped if the benchmark ends early (an error). */
export const running = new Set();
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/** A figure as printed: a finite number, or the benchmark is broken. */
export function figure(name, value) {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`bench: ${name} is not a number (${value})`);
  }
  return value;
}

/**
 * The Node options and environment `npm start` runs the server with
 * (package.json's start script: its `VAR=value`s and the flags before
 * dist/server/main.js, such as the memory settings of decision 0270): every
 * server here starts as in production, and the memory figure is the one
 * `npm start` gives.
 */
export const START = (() => {
  const script = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const command = /(?:^|&&)\s*((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)dist\/server\/main\.js/.exec(
    script,
  );
  if (!command) throw new Error(`bench: cannot read the server's command in "${script}"`);
  const env = Object.fromEntries(
    command[1]
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split("=")),
  );
  delete env.NODE_ENV; // each server below says its own
  return { env, flags: command[2].trim().split(/\s+/).filter(Boolean) };
})();

export async function startServer({
  dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-")),
  env = {},
} = {}) {
  const child = spawn(process.execPath, [...START.flags, "dist/server/main.js"], {
    // Only what the server needs: the benchmark's own environment stays out.
    env: {
      ...START.env,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // As behind a reverse proxy on this machine: each simulated visitor's
      // X-Forwarded-For is its address, so the per-IP limits count visitors,
      // not the benchmark (see applicationToOffers).
      TRUST_PROXY: "loopback",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  const url = await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/localhost:\d+)\//);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    url,
    dataDir,
    pid: child.pid,
    /** SIGTERM (a graceful shutdown) and the exit code. */
    async shutdown() {
      child.kill("SIGTERM");
      return exited;
    },
    stop() {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The code the server sent by SMS to `phone` (E.164), from its local
 * outbox: the server writes it there before it answers the application.
 */
export function codeSentTo(dataDir, phone) {
  const outbox = path.join(dataDir, "outbox");
  const names = readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .reverse();
  for (const name of names) {
    let message;
    try {
      message = JSON.parse(readFileSync(path.join(outbox, name), "utf8"));
    } catch {
      // Another application's message, being written as we read (the server writes it in
      // place): ours was written before the answer that sent us here.
      continue;
    }
    if (message.channel === "sms" && message.to === phone) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code was sent to ${phone}`);
}

/** A simulated visitor: an address of its own and its own client_id. */
export function visitor(index) {
  return {
    // RFC 2544's benchmarking range, 198.18.0.0/15: no real visitor's address.
    address: `198.18.${Math.floor(index / 256) % 256}.${index % 256}`,
    clientId: randomUUID(),
  };
}
/**
 * Sandbox lenders on loopback (dist/sandbox/library.js) registered in
 * `dataDir`'s storage: one approving after each of `latencies` ms, one dead
 * (nothing listens) and one twice as slow as `deadlineMs`.
 */
export async function startLenderNetwork(dataDir, { latencies, deadlineMs }) {
  const sandbox = await import("../dist/sandbox/library.js");
  const lenders = [
    ...latencies.map((ms, index) =>
      sandbox.defineSandboxLender(
        `bench-${ms}ms`,
        `Bench ${ms} ms`,
        `approves after ${ms} ms`,
        { kind: "approve-after", minMs: ms, maxMs: ms },
        index + 1,
        { rate: 0.2 + index / 100, feeFixed: 500 },
      ),
    ),
    sandbox.defineSandboxLender("bench-dead", "Bench dead", "refuses", { kind: "dead" }, 11, {
      rate: 0.2,
      feeFixed: 0,
    }),
    sandbox.defineSandboxLender(
      "bench-slow",
      "Bench slow",
      "slower than the deadline",
      { kind: "approve-after", minMs: deadlineMs * 2, maxMs: deadlineMs * 2 },
      12,
      { rate: 0.2, feeFixed: 0 },
    ),
  ];
  return startSandboxLenders(dataDir, lenders);
}

/**
 * Sandbox lenders (dist/sandbox/library.js's definitions, SANDBOX_LENDERS
 * unless given) started on loopback and registered live in `dataDir`'s
 * storage (or `databaseUrl`'s), as `npm run sandbox` does.
 */
export async function startSandboxLenders(dataDir, lenders, databaseUrl) {
  const sandbox = await import("../dist/sandbox/library.js");
  const network = await sandbox.startSandboxLenders(lenders ?? sandbox.SANDBOX_LENDERS);
  const storage = sandbox.openStorage({ dataDir, databaseUrl });
  try {
    await storage.migrate();
    await sandbox.registerApiLenders(storage, network.lenders.map(sandbox.sandboxLenderSpec));
  } finally {
    await storage.close();
  }
  return { network, count: network.lenders.length };
}

/** Applies as visitor `index` and enters the code: the lead's id, its cookie, and when the code went. */
export async function applyAndVerify(baseUrl, dataDir, index) {
  return enterCode(baseUrl, await applyAs(baseUrl, dataDir, index));
}

/** Applies as visitor `index`: the lead's id and the code the server sent, not entered yet. */
export async function applyAs(baseUrl, dataDir, index) {
  const { address, clientId } = visitor(index);
  const phone = `077${String(1_000_000 + index).padStart(7, "0")}`;
  const headers = {
    "Content-Type": "application/json",
    Cookie: `client_id=${clientId}`,
    "X-Forwarded-For": address,
  };
  const applied = await fetch(`${baseUrl}/api/applications`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      amount: 50_000,
      term: 90,
      purpose: "medical",
      fullName: "Bench Applicant",
      nic: "853400937V",
      birthDate: "1985-12-05",
      phone,
      email: `bench${index}@example.lk`,
      monthlyIncome: 85_000,
      employment: "salaried",
      bank: "boc",
      district: "Colombo",
      consents: { terms: true, shareWithLenders: true, marketing: false },
    }),
  });
  if (applied.status !== 201) throw new Error(`application answered ${applied.status}`);
  const { leadId } = await applied.json();
  const code = codeSentTo(dataDir, `+94${phone.slice(1)}`);
  return { leadId, code, headers, clientId, address };
}

/** Enters an application's code (applyAs): the lead's cookie, when the code went and its answer came. */
export async function enterCode(baseUrl, { leadId, code, headers, clientId, address }) {
  const sentAt = performance.now();
  const verified = await fetch(`${baseUrl}/api/applications/${leadId}/verification`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code }),
  });
  if (verified.status !== 200) throw new Error(`the code answered ${verified.status}`);
  const lead = verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("lead="));
  if (!lead) throw new Error("the code's answer set no lead cookie");
  return { leadId, lead, clientId, address, sentAt, answeredAt: performance.now() };
}

/**
 * Reads an application's stream until `complete`: its last state. `onState`
 * sees each state the stream sends, as it comes (the first one included).
 */
export async function untilComplete(baseUrl, applicant, onState = () => {}) {
  const response = await fetch(`${baseUrl}/api/applications/${applicant.leadId}/offers/stream`, {
    headers: {
      Cookie: `client_id=${applicant.clientId}; ${applicant.lead}`,
      "X-Forwarded-For": applicant.address,
    },
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    for (let end = text.indexOf("\n\n"); end !== -1; end = text.indexOf("\n\n")) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event = /^event: (\w+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const state = JSON.parse(data);
      onState(state);
      if (event === "complete") return state;
    }
  }
  throw new Error("the stream ended without `complete`");
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux only; else undefined). */
export function cpuMs(pid) {
  if (process.platform !== "linux") return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return figure("resident memory", Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024);
}

/**
 * Sends events (POST /api/event) to `url` from a worker thread
 * (bench-event-sender.mjs): `clients` senders on kept-alive connections for
 * `seconds`, at most `perSecond` events a second when given, from
 * `visitors` simulated visitors in turn (20,000 unless given: each under
 * the per-visitor and per-address limits; 1: one client flooding).
 * Answers the seconds taken, the answers by status (202 acknowledged, 503
 * shed, 429 limited, any other) and the latency percentiles in ms.
 */
export async function sendEvents({ url, clients, seconds, perSecond, body, visitors }) {
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(new URL("./bench-event-sender.mjs", import.meta.url), {
    workerData: {
      url,
      clients,
      seconds,
      perSecond,
      body: body ?? JSON.stringify({ event_id: 5, utm_source: "bench", sub3: "0301.1-A" }),
      visitors,
    },
  });
  const result = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  if (result.error) throw new Error(`the event sender failed: ${result.error}`);
  const { statuses, latencies } = result;
  latencies.sort();
  const at = (share) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  const acknowledged = statuses[202] ?? 0;
  const shed = statuses[503] ?? 0;
  const limited = statuses[429] ?? 0;
  return {
    seconds: result.seconds,
    acknowledged,
    shed,
    limited,
    other: latencies.length - acknowledged - shed - limited,
    statuses,
    p50: at(0.5),
    p99: at(0.99),
  };
}

/**
 * A data folder with sandbox lenders registered (startLenderNetwork) and a
 * server on it in development mode, the only one that asks lenders on
 * loopback (docs/decisions/0113), with `deadlineMs` as its deadline.
 */
export async function startServerWithLenders(prefix, { latencies, deadlineMs }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const lenders = await startLenderNetwork(dataDir, { latencies, deadlineMs });
  const server = await startServer({
    dataDir,
    env: { NODE_ENV: "development", LENDER_DEADLINE_MS: String(deadlineMs) },
  });
  return { dataDir, lenders, server };
}

/** The PostgreSQL server the bench may use (a database of its own in it), or undefined. */
export function benchDatabaseUrl() {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Runs `run(engine, storage)` on a throwaway storage of each engine: SQLite,
 * and PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server (a
 * database of its own, dropped after). `open` is a bench library's openBenchStorage.
 */
export async function onBenchEngines(open, run) {
  const serverUrl = benchDatabaseUrl();
  const engines = [["SQLite", undefined], ...(serverUrl ? [["PostgreSQL", serverUrl]] : [])];
  const results = [];
  for (const [engine, url] of engines) {
    const bench = await open(url);
    try {
      results.push(await run(engine, bench.storage));
    } finally {
      await bench.close();
    }
  }
  return { results, postgres: Boolean(serverUrl) };
}

/** Runs one statement on a PostgreSQL server (creating or dropping a bench's database). */
export async function admin(serverUrl, statement, values = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** GETs a page as a returning visitor's browser does (its language's cookie, br or gzip); throws unless 200. */
export async function readPage(baseUrl, pagePath) {
  const response = await fetch(`${baseUrl}${pagePath}`, {
    headers: {
      "Accept-Encoding": "br, gzip",
      Cookie: `locale=${splitLocalePath(pagePath).locale}`,
    },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
}

/** Opens a verified applicant's offers page, as their browser asks for it; throws unless 200. */
export async function openOffers(baseUrl, applicant) {
  const offers = await fetch(`${baseUrl}/en/offers/`, {
    headers: {
      Cookie: `client_id=${applicant.clientId}; ${applicant.lead}`,
      "X-Forwarded-For": applicant.address,
      "Accept-Encoding": "br, gzip",
    },
  });
  const html = await offers.text();
  if (offers.status !== 200) throw new Error(`the offers page answered ${offers.status}`);
  return html;
}
