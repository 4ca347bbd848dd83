/**
 * `npm run bench`'s page section (issue 19's page cache): requests per
 * second for the home page and an article, from the server with its page
 * cache, the same server with the cache off (PAGE_CACHE_BYTES=0), and a
 * plain Express app sending the same bytes with the same Content-Type and
 * Content-Encoding, each in a process of its own, measured one after
 * another in one run. The load: CONNECTIONS keep-alive connections on
 * loopback, each asking again as soon as it has its answer, for a fixed
 * time (autocannon is not a dependency; this loop is as bounded). Twice:
 * as a browser asks (Accept-Encoding: gzip, deflate, br) and without
 * compression. Each server's figure is the median of `rounds` interleaved
 * rounds. Figures only; every answer must be 200.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { cpuMs } from "./bench-common.mjs";

export const CONNECTIONS = 20;
const BROWSER = { "accept-encoding": "gzip, deflate, br" };
const PLAIN = {};

/** GET url over one connection: status, headers and the raw (still encoded) body. */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** Requests per second of `url` under CONNECTIONS connections for `seconds`. */
async function load(url, seconds, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let count = 0;
  let failed = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) failed++;
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  const connection = async () => {
    while (performance.now() < until) {
      await one();
      count++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failed > 0) throw new Error(`bench: ${failed} answers of ${url} were not 200`);
  return { rate: count / elapsed, count };
}

const PLAIN_EXPRESS = `
import { readFileSync } from "node:fs";
import express from "express";
const pages = JSON.parse(readFileSync(process.argv[1], "utf8"));
const app = express();
app.disable("x-powered-by");
app.use((req, res) => {
  const page = pages[req.path]?.[req.headers["accept-encoding"] ? "browser" : "plain"];
  if (!page) return res.sendStatus(404);
  res.set(page.headers).send(Buffer.from(page.body, "base64"));
});
const server = app.listen(0, "127.0.0.1", () => console.log("listening on " + server.address().port));
`;

/** A plain Express app in a process of its own, answering each path with the bytes given. */
async function startPlainExpress(pages, running) {
  const dir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-express-"));
  const file = path.join(dir, "pages.json");
  writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, ["--input-type=module", "-e", PLAIN_EXPRESS, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  const url = await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/listening on (\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on("exit", (code) => reject(new Error(`plain Express exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    stop() {
      child.kill("SIGTERM");
      running.delete(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Measures every page × encoding on the three servers. `startServer(env)`
 * starts the built server (scripts/bench.mjs's); `running` holds child
 * processes to stop if the benchmark ends early.
 */
export async function pageCacheFigures({ pages, seconds, rounds = 5, startServer, running }) {
  const cached = await startServer({ env: {} });
  const uncached = await startServer({ env: { PAGE_CACHE_BYTES: "0" } });
  const bytes = {};
  const rows = [];
  let express;
  try {
    // The bytes plain Express sends: the server's own answers, encoded as it sent them.
    for (const [, pagePath] of pages) {
      bytes[pagePath] = {};
      for (const [kind, headers] of [
        ["browser", BROWSER],
        ["plain", PLAIN],
      ]) {
        const answer = await fetchRaw(`${cached.url}${pagePath}`, headers);
        if (answer.status !== 200) throw new Error(`bench: ${pagePath} answered ${answer.status}`);
        bytes[pagePath][kind] = {
          body: answer.body.toString("base64"),
          headers: {
            "Content-Type": answer.headers["content-type"],
            ...(answer.headers["content-encoding"] && {
              "Content-Encoding": answer.headers["content-encoding"],
            }),
          },
          size: answer.body.length,
        };
      }
    }
    express = await startPlainExpress(
      Object.fromEntries(
        Object.entries(bytes).map(([pagePath, kinds]) => [
          pagePath,
          Object.fromEntries(
            Object.entries(kinds).map(([kind, { body, headers }]) => [kind, { body, headers }]),
          ),
        ]),
      ),
      running,
    );
    for (const [name, pagePath] of pages) {
      for (const [kind, headers] of [
        ["browser", BROWSER],
        ["plain", PLAIN],
      ]) {
        // Interleaved rounds, the median of each server's: other work on this machine comes
        // and goes, and taking turns lets each server meet the same conditions.
        const figures = { cached: [], uncached: [], express: [] };
        // The server's own CPU (user + system) over all rounds, per answer: what a busy
        // machine's swings move least (the load generator shares its 2 cores).
        const cpu = { cached: { ms: 0, count: 0 }, express: { ms: 0, count: 0 } };
        const servers = { cached, uncached, express };
        for (let round = 0; round < rounds; round++) {
          for (const [which, server] of Object.entries(servers)) {
            const url = `${server.url}${pagePath}`;
            if (round === 0) await load(url, Math.min(1, seconds / 3), headers); // warm-up
            const before = cpuMs(server.pid);
            const { rate, count } = await load(url, seconds / rounds, headers);
            figures[which].push(rate);
            if (cpu[which] && before !== undefined) {
              cpu[which].ms += cpuMs(server.pid) - before;
              cpu[which].count += count;
            }
          }
        }
        const microseconds = ({ ms, count }) => (count > 0 && ms > 0 ? (ms * 1000) / count : NaN);
        const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const best = Object.fromEntries(
          Object.entries(figures).map(([which, values]) => [which, median(values)]),
        );
        const { cached: cachedRate, uncached: uncachedRate, express: expressRate } = best;
        rows.push({
          name,
          encoding:
            kind === "browser"
              ? (bytes[pagePath][kind].headers["Content-Encoding"] ?? "identity")
              : "identity",
          size: bytes[pagePath][kind].size,
          cached: cachedRate,
          uncached: uncachedRate,
          express: expressRate,
          cachedCpuUs: microseconds(cpu.cached),
          expressCpuUs: microseconds(cpu.express),
        });
      }
    }
  } finally {
    cached.stop();
    uncached.stop();
    express?.stop();
  }
  return rows;
}

/** The section's lines, printed with the rest of the run's figures. */
export function printPageCache(rows, seconds, rounds, figure) {
  console.log(
    `\nPages, ${CONNECTIONS} keep-alive connections on loopback, ${rounds} interleaved rounds of ${(seconds / rounds).toFixed(2)} s per server (after a warm-up), the median round's requests/s, this busy machine:`,
  );
  console.log(
    `  ${"page".padEnd(14)}${"encoding".padEnd(10)}${"bytes".padStart(7)}${"cached".padStart(9)}${"uncached".padStart(10)}${"express".padStart(9)}${"cached/express".padStart(16)}${"uncached/express".padStart(18)}  | CPU µs per answer: cached express  express/cached`,
  );
  for (const row of rows) {
    const cached = figure(`${row.name} cached`, row.cached);
    const uncached = figure(`${row.name} uncached`, row.uncached);
    const express = figure(`${row.name} express`, row.express);
    // Not measured (not Linux, or a round too short for /proc's 10 ms ticks): said so.
    const measured = Number.isFinite(row.cachedCpuUs) && Number.isFinite(row.expressCpuUs);
    const cpuColumns = measured
      ? `${row.cachedCpuUs.toFixed(1).padStart(26)}${row.expressCpuUs.toFixed(1).padStart(8)}${`${(row.expressCpuUs / row.cachedCpuUs).toFixed(2)}x`.padStart(16)}`
      : "  not measured".padStart(26);
    console.log(
      `  ${row.name.padEnd(14)}${row.encoding.padEnd(10)}${String(row.size).padStart(7)}${cached.toFixed(0).padStart(9)}${uncached.toFixed(0).padStart(10)}${express.toFixed(0).padStart(9)}${`${(cached / express).toFixed(2)}x`.padStart(16)}${`${(uncached / express).toFixed(2)}x`.padStart(18)}  |${cpuColumns}`,
    );
  }
  console.log(
    "  (goal: cached ≥ 0.9x of plain Express sending the same bytes. Requests/s are bounded by the load, which runs in this process on the same 2 cores, and swing with the machine; the server's CPU per answer (user + system, from /proc, over every round) is what each costs: express/cached ≥ 0.9x is the same goal measured that way)",
  );
}
