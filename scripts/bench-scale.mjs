/**
 * The benchmark's scale-out section (issue 19): verified applications a
 * second (an applicant applies, reads the code the server sent and enters
 * it, as the decision section's applicants do) through a round-robin proxy
 * (scripts/round-robin-proxy.mjs, in a process of its own) in front of 1, 2
 * and 3 server instances on one PostgreSQL database, printed with the ratio
 * to one instance. Three servers are started at once on a new database
 * (they migrate it side by side) and one data folder (the local outbox the
 * codes go to); each round sends the same load to the first 1, 2 or 3 of
 * them, the rounds interleaved (1, 2, 3, 1, 2, 3, …) so that a machine
 * getting busier or a table growing weighs on every count alike; the
 * median of the rounds is printed. The CPU time each part used during the
 * rounds is printed beside it: on a small machine the load generator, the
 * proxy and PostgreSQL take the cores a second instance would need; and per
 * count, the CPU milliseconds per verified application of each part
 * (decision 0487; docs/deploy.md's capacity table is made from them).
 * No lenders are asked (the sample lenders decide by criteria): the
 * decision section measures that.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { admin, applyAndVerify, benchDatabaseUrl, startServer } from "./bench-common.mjs";
import { forkRoundRobinProxy } from "./round-robin-proxy.mjs";

const INSTANCES = [1, 2, 3];

/** Clock ticks a process used (user + system), from /proc (Linux). */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The whole machine's busy and total ticks, from /proc/stat's first line. */
function machineTicks() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * The PostgreSQL backends serving the database (the servers' connections),
 * whose CPU time is PostgreSQL's work for them: their process ids, to read
 * /proc (PostgreSQL on this machine only; elsewhere they read nothing).
 */
async function backendPids(serverUrl, database) {
  const rows = await admin(serverUrl, "select pid from pg_stat_activity where datname = $1", [
    database,
  ]);
  return rows.map((row) => row.pid);
}

/**
 * Runs the rounds; undefined without a PostgreSQL server (DATABASE_URL or
 * TEST_DATABASE_URL), or off Linux (the CPU figures come from /proc).
 */
export async function scaleFigures({ seconds, rounds, senders, warmUpSeconds }) {
  const serverUrl = benchDatabaseUrl();
  if (!serverUrl || process.platform !== "linux") return undefined;
  const name = `nayacompare_bench_scale_${randomUUID().replaceAll("-", "")}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-scale-"));
  const servers = [];
  let proxy;
  try {
    servers.push(
      ...(await Promise.all(
        INSTANCES.map(() => startServer({ dataDir, env: { DATABASE_URL: url.toString() } })),
      )),
    );
    proxy = await forkRoundRobinProxy([servers[0].url]);
    let next = 0;
    const results = new Map(INSTANCES.map((count) => [count, []]));
    const clockTick = 100; // USER_HZ on Linux
    for (let round = 0; round < rounds; round++) {
      for (const count of INSTANCES) {
        const upstreams = servers.slice(0, count);
        await proxy.setUpstreams(upstreams.map((server) => server.url));
        let measuring = false;
        let verified = 0;
        const times = [];
        let stop = false;
        const sender = async () => {
          while (!stop) {
            const started = performance.now();
            await applyAndVerify(proxy.url, dataDir, next++);
            if (measuring) {
              verified++;
              times.push(performance.now() - started);
            }
          }
        };
        const running = Array.from({ length: senders }, sender);
        await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
        const backendsBefore = await backendPids(serverUrl, name);
        const before = {
          backends: new Map(backendsBefore.map((pid) => [pid, ticksOf(pid)])),
          servers: upstreams.map((server) => ticksOf(server.pid)),
          proxy: ticksOf(proxy.pid),
          bench: process.cpuUsage(),
          machine: machineTicks(),
        };
        measuring = true;
        const started = performance.now();
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        measuring = false;
        const elapsed = (performance.now() - started) / 1000;
        const bench = process.cpuUsage(before.bench);
        const machine = machineTicks();
        const share = (ticks) => ticks / clockTick / elapsed;
        const serverCores = upstreams.map((server, index) =>
          share(ticksOf(server.pid) - before.servers[index]),
        );
        const backends = new Set([
          ...before.backends.keys(),
          ...(await backendPids(serverUrl, name)),
        ]);
        const postgresCores = share(
          [...backends].reduce(
            (sum, pid) => sum + ticksOf(pid) - (before.backends.get(pid) ?? 0),
            0,
          ),
        );
        stop = true;
        await Promise.all(running);
        times.sort((a, b) => a - b);
        // The codes read, the outbox emptied: each application's read lists the folder.
        for (const file of readdirSync(path.join(dataDir, "outbox"))) {
          rmSync(path.join(dataDir, "outbox", file), { force: true });
        }
        results.get(count).push({
          perSecond: verified / elapsed,
          p50: times[Math.floor(times.length / 2)] ?? Number.NaN,
          serverCores,
          proxyCores: share(ticksOf(proxy.pid) - before.proxy),
          postgresCores,
          benchCores: (bench.user + bench.system) / 1e6 / elapsed,
          machineBusy:
            (machine.busy - before.machine.busy) / (machine.total - before.machine.total),
        });
      }
    }
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)];
    };
    return {
      cores: cpus().length,
      senders,
      seconds,
      rounds,
      rows: INSTANCES.map((count) => {
        const runs = results.get(count);
        // The figures of the median round by throughput, so that they belong together.
        const middle = runs.find((run) => run.perSecond === median(runs.map((r) => r.perSecond)));
        return { count, all: runs.map((run) => run.perSecond), ...middle };
      }),
    };
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.shutdown()));
    rmSync(dataDir, { recursive: true, force: true });
    await admin(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

/**
 * CPU milliseconds per verified application of each part in a round: the
 * servers summed, PostgreSQL's backends, the proxy, and apart from them the
 * applicants (the load generator, this process): cores used ÷ applications
 * a second × 1000.
 */
export function cpuMsPerApplication(row) {
  const per = (cores) => (cores / row.perSecond) * 1000;
  return {
    server: per(row.serverCores.reduce((sum, value) => sum + value, 0)),
    PostgreSQL: per(row.postgresCores),
    proxy: per(row.proxyCores),
    applicants: per(row.benchCores),
  };
}

/** The section's lines: applications/s with 1, 2, 3 instances, ratios to one, where the CPU went. */
export function printScale(scale, figure, quick) {
  if (!scale) {
    console.log(
      "\nScale-out (1, 2, 3 instances on one PostgreSQL): skipped (set DATABASE_URL or TEST_DATABASE_URL, or run scripts/with-postgres.sh; Linux only)",
    );
    return;
  }
  console.log(
    `\nScale-out: verified applications/s (apply, read the code, enter it) through a round-robin proxy, ${scale.senders} concurrent applicants, ${scale.rounds} interleaved rounds of ${scale.seconds} s per count (median), one PostgreSQL, this machine (${scale.cores} cores shared by the applicants, the proxy, PostgreSQL and the servers)${quick ? "; quick: rough" : ""}:`,
  );
  const one = figure("applications/s with one instance", scale.rows[0].perSecond);
  for (const row of scale.rows) {
    const perSecond = figure(`applications/s with ${row.count} instances`, row.perSecond);
    const ratio = perSecond / one;
    const goal =
      row.count === 2 ? ` (goal ≥ 1.7×: ${ratio >= 1.7 ? "met" : "not met"} on this machine)` : "";
    const cores = row.serverCores.map((value) => value.toFixed(2)).join(" + ");
    const known =
      row.serverCores.reduce((sum, value) => sum + value, 0) + row.proxyCores + row.postgresCores;
    const rest = Math.max(0, row.machineBusy * scale.cores - known - row.benchCores);
    console.log(
      `  ${row.count} instance${row.count === 1 ? " " : "s"}: ${perSecond.toFixed(1).padStart(7)} applications/s, ${ratio.toFixed(2)}× one instance${goal}; p50 ${row.p50.toFixed(0)} ms; rounds ${row.all.map((value) => value.toFixed(0)).join(", ")}`,
    );
    console.log(
      `      CPU cores used: server${row.count === 1 ? "" : "s"} ${cores}, proxy ${row.proxyCores.toFixed(2)}, applicants ${row.benchCores.toFixed(2)}, PostgreSQL's backends ${row.postgresCores.toFixed(2)}, anything else running ${rest.toFixed(2)}; machine ${(row.machineBusy * 100).toFixed(0)}% busy`,
    );
  }
  // What each verified application cost each part, per instance count (docs/deploy.md's
  // capacity table is derived from these): the servers' figure summed over the instances.
  console.log(
    `  CPU ms per verified application (the median round's): ${"instances".padEnd(10)}${"server".padStart(8)}${"PostgreSQL".padStart(12)}${"proxy".padStart(8)}${"together".padStart(10)}  | applicants (the load generator)`,
  );
  const perCount = scale.rows.map((row) => {
    if (!(row.perSecond > 0)) {
      // A short quick round on a busy machine may verify none: nothing to divide by.
      console.log(`  ${"".padEnd(54)}${String(row.count).padEnd(10)}no application verified`);
      return undefined;
    }
    const parts = cpuMsPerApplication(row);
    const together = parts.server + parts.PostgreSQL + parts.proxy;
    for (const [part, ms] of Object.entries(parts)) {
      figure(`CPU ms per application, ${part}, ${row.count} instances`, ms);
    }
    console.log(
      `  ${"".padEnd(54)}${String(row.count).padEnd(10)}${parts.server.toFixed(2).padStart(8)}${parts.PostgreSQL.toFixed(2).padStart(12)}${parts.proxy.toFixed(2).padStart(8)}${together.toFixed(2).padStart(10)}  | ${parts.applicants.toFixed(2)}`,
    );
    return parts;
  });
  // A saturated instance: its event loop busy all the time (one core for its main thread).
  const first = perCount[0];
  if (!first) return;
  const perApplication = first.server + first.PostgreSQL + first.proxy + first.applicants;
  const ceiling = figure("the cores' ceiling", (scale.cores * 1000) / perApplication);
  const saturated = 1000 / first.server;
  console.log(
    `  So one instance whose event loop is busy all the time (server figure 1.00) does about ${saturated.toFixed(0)} applications/s (1000 / ${first.server.toFixed(2)} ms), PostgreSQL about ${(1000 / first.PostgreSQL).toFixed(0)} a core; with the applicants' ${first.applicants.toFixed(2)} ms on the same ${scale.cores} cores, at most ${ceiling.toFixed(0)} in all, however many instances: ${(ceiling / saturated).toFixed(2)}× a saturated instance is this machine's limit`,
  );
}
