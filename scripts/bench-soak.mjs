/**
 * The soak (issue 19, `npm run bench -- --soak`): one server for SOAK
 * minutes (10 unless `--soak-minutes=N`) under mixed traffic at a steady,
 * bounded rate on loopback: pages of both languages (an article among
 * them), events, and applicants who apply, enter the code from the outbox,
 * wait for every sandbox lender's decision on the offers stream and open
 * their offers page. Each kind starts at a fixed rate and never has more
 * than a few requests in flight: when the server falls behind, what could
 * not start is counted ("behind"), not queued, so the load stays the same
 * from the first minute to the last. Prints every answer 5xx (goal 0), the
 * server's resident memory minute by minute and its change from the end of
 * minute 2 (start-up and first compilations done) to the end (goal: flat),
 * and, after a graceful shutdown, the events stored against those
 * acknowledged and the decisions still waiting.
 *
 * The server runs with NODE_ENV=development, as in the lenders' section of
 * bench.mjs: the only mode in which it calls lenders on loopback (decision
 * 0113); its other settings (the memory flags of `npm start`) are
 * production's.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import {
  applyAndVerify,
  figure,
  openOffers,
  readPage,
  residentMb,
  START,
  sendEvents,
  startServerWithLenders,
  untilComplete,
} from "./bench-common.mjs";

const PAGES = [
  "/",
  "/en/",
  "/how/",
  "/en/how/",
  "/application/",
  "/en/application/",
  "/are-you-ready-to-apply-for-personal-loans/",
  "/en/are-you-ready-to-apply-for-personal-loans/",
];
/** Per second: pages, events, applications (each followed by its decisions and offers page). */
export const SOAK_RATES = { pages: 20, events: 100, applications: 0.5 };
/** Requests of one kind in flight at most: beyond, a request due is counted behind and not sent. */
const IN_FLIGHT = { pages: 8, applications: 4 };
const LENDER_LATENCIES = [20, 50, 100, 200];
const DEADLINE_MS = 1_000;
const SAMPLE_MS = 5_000;

/** Counts of one kind of traffic: done, answered 5xx, failed otherwise, not started (behind). */
function tally() {
  return { done: 0, serverErrors: 0, failures: 0, behind: 0, firstFailure: undefined };
}

/**
 * Runs `task` `perSecond` times a second until `until` (by the clock: a late timer starts the
 * tasks it owes), at most `limit` at once; resolves when all have ended.
 */
function steady(perSecond, until, limit, task, counts) {
  return new Promise((resolve) => {
    const started = performance.now();
    let fired = 0;
    let inFlight = 0;
    let stopped = false;
    const start = () => {
      if (inFlight >= limit) {
        counts.behind++;
        return;
      }
      inFlight++;
      task()
        .then(() => counts.done++)
        .catch((error) => {
          // The helpers' errors name the status ("… answered 503").
          const status = Number(/answered (\d{3})/.exec(error.message)?.[1]);
          if (status >= 500) counts.serverErrors++;
          else counts.failures++;
          counts.firstFailure ??= error.message;
        })
        .finally(() => {
          inFlight--;
          if (stopped && inFlight === 0) resolve();
        });
    };
    const tick = () => {
      const now = Math.min(performance.now(), until);
      const due = Math.floor(((now - started) * perSecond) / 1000) + 1;
      for (; fired < due; fired++) start();
      if (now >= until) {
        clearInterval(timer);
        stopped = true;
        if (inFlight === 0) resolve();
      }
    };
    const timer = setInterval(tick, Math.min(100, 1000 / perSecond));
    tick();
  });
}

export async function soakFigures({ minutes }) {
  const { dataDir, lenders, server } = await startServerWithLenders("nayacompare-bench-soak-", {
    latencies: LENDER_LATENCIES,
    deadlineMs: DEADLINE_MS,
  });
  try {
    const started = performance.now();
    const until = started + minutes * 60_000;
    const samples = [{ at: 0, mb: residentMb(server.pid) }];
    const sampler = setInterval(() => {
      samples.push({ at: performance.now() - started, mb: residentMb(server.pid) });
    }, SAMPLE_MS);
    const counts = { pages: tally(), applications: tally() };
    let page = 0;
    const readNextPage = async () => {
      const pagePath = PAGES[page++ % PAGES.length];
      await readPage(server.url, pagePath);
    };
    let applicant = 500_000;
    const decisions = { asked: 0, final: 0 };
    const apply = async () => {
      const lead = await applyAndVerify(server.url, dataDir, applicant++);
      const last = await untilComplete(server.url, lead);
      decisions.asked += last.decisions.asked;
      decisions.final += last.decisions.decisions.length;
      await openOffers(server.url, lead);
    };
    const [events] = await Promise.all([
      sendEvents({
        url: server.url,
        clients: 4,
        seconds: minutes * 60,
        perSecond: SOAK_RATES.events,
        body: JSON.stringify({ event_id: 5, utm_source: "soak", sub3: "0301.1-A" }),
      }),
      steady(SOAK_RATES.pages, until, IN_FLIGHT.pages, readNextPage, counts.pages),
      steady(SOAK_RATES.applications, until, IN_FLIGHT.applications, apply, counts.applications),
    ]);
    clearInterval(sampler);
    samples.push({ at: performance.now() - started, mb: residentMb(server.pid) });
    // Every lender's deadline passes, then a graceful shutdown.
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS + 500));
    const code = await server.shutdown();
    const { default: Database } = await import("better-sqlite3");
    const database = new Database(path.join(dataDir, "nayacompare.sqlite"), { readonly: true });
    const stored = database
      .prepare(
        `select count(*) as count from events where attribution like '%"utm_source":"soak"%'`,
      )
      .get().count;
    const waiting = database
      .prepare("select count(*) as count from lender_decisions where status = 'waiting'")
      .get().count;
    database.close();
    // The resident memory at the end of each minute (the last sample within it).
    const perMinute = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const within = samples.filter((sample) => sample.at <= minute * 60_000 + SAMPLE_MS / 2);
      perMinute.push(figure(`memory at minute ${minute}`, within.at(-1).mb));
    }
    return {
      minutes,
      counts,
      events,
      decisions,
      stored,
      waiting,
      code,
      perMinute,
      start: samples[0].mb,
      peak: Math.max(...samples.map((sample) => sample.mb)),
    };
  } finally {
    server.stop();
    await lenders.network.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSoak(soak) {
  const { counts, events, perMinute } = soak;
  console.log(
    `\nSoak: ${soak.minutes} min of mixed traffic on loopback, one server started as \`npm start\` does (${[...Object.entries(START.env).map(([name, value]) => `${name}=${value}`), ...START.flags].join(" ")}) but NODE_ENV=development (lenders on loopback), SQLite, this machine:`,
  );
  console.log(
    `  steady rates: ${SOAK_RATES.pages} pages/s (both languages, an article), ${SOAK_RATES.events} events/s, ${SOAK_RATES.applications} applications/s (apply, code, ${LENDER_LATENCIES.length + 2} sandbox lenders' decisions on the stream, offers page; LENDER_DEADLINE_MS ${DEADLINE_MS})`,
  );
  const eventErrors = Object.entries(events.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  const serverErrors = counts.pages.serverErrors + counts.applications.serverErrors + eventErrors;
  console.log(
    `  answers 5xx: ${serverErrors} (goal 0${serverErrors === 0 ? ", met" : ", not met"}): pages ${counts.pages.serverErrors}, events ${eventErrors}, applications ${counts.applications.serverErrors}`,
  );
  console.log(
    `  done: ${counts.pages.done} pages, ${events.acknowledged} events (p50 ${figure("soak event p50", events.p50).toFixed(1)} ms, p99 ${figure("soak event p99", events.p99).toFixed(1)} ms), ${counts.applications.done} applications with ${soak.decisions.final} of ${soak.decisions.asked} decisions final on the stream`,
  );
  // Events answered neither 202 nor 5xx, or whose connection failed ("error").
  const eventFailures = Object.entries(events.statuses)
    .filter(([status]) => status !== "202" && !(Number(status) >= 500))
    .reduce((sum, [, count]) => sum + count, 0);
  const failures = counts.pages.failures + counts.applications.failures + eventFailures;
  const behind = counts.pages.behind + counts.applications.behind;
  console.log(
    `  other failures: ${failures}${failures > 0 ? ` (events: ${eventFailures}; first other: ${counts.pages.firstFailure ?? counts.applications.firstFailure ?? "none"})` : ""}; requests not started because ${IN_FLIGHT.pages} pages or ${IN_FLIGHT.applications} applications were in flight: ${behind}`,
  );
  console.log(
    `  resident memory (VmRSS) at the end of each minute: ${perMinute.map((mb, index) => `${index + 1}: ${mb.toFixed(1)}`).join(", ")} MB (started at ${soak.start.toFixed(1)}, peak ${soak.peak.toFixed(1)})`,
  );
  if (perMinute.length >= 3) {
    const change = perMinute.at(-1) - perMinute[1];
    console.log(
      `  change from minute 2 to the end: ${change >= 0 ? "+" : ""}${change.toFixed(1)} MB (${((change / perMinute[1]) * 100).toFixed(1)}%; flat: within ±5%: ${Math.abs(change / perMinute[1]) <= 0.05 ? "yes" : "no"})`,
    );
  } else {
    console.log("  change from minute 2 to the end: needs at least 3 minutes");
  }
  console.log(
    `  after a graceful shutdown (exit ${soak.code}): ${figure("soak events stored", soak.stored)} events stored for ${events.acknowledged} acknowledged, ${events.acknowledged - soak.stored} lost; ${soak.waiting} decisions still waiting`,
  );
}
