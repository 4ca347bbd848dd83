/**
 * `npm test`: every check in one run, in order, then a summary.
 *   format and lint → type check → unit and HTTP tests, with the build and
 *   then the storage tests beside them → browser and process tests (against
 *   the build and the system Chromium), with the benchmark's smoke run
 *   (`bench.mjs --quick`) beside them.
 * A failing step does not stop the others, except that the benchmark and
 * the e2e tests need the build. A skipped test fails its step, except the
 * PostgreSQL storage tests when no server is given, outside CI. Exit code
 * 0 only when everything passed.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "./find-chromium.mjs";

const bin = (name) => path.join("node_modules", ".bin", name);
const postgresUrl = process.env.TEST_DATABASE_URL;
/**
 * The name server/test-support.ts (onEachEngine) gives the PostgreSQL suites
 * it skips without a server: the only skips accepted, and only outside CI,
 * which must run them (.ci/run starts a server).
 */
const POSTGRES_SKIPPED =
  "PostgreSQL skipped: no server (set TEST_DATABASE_URL or run scripts/with-postgres.sh)";
const postgresSkipsAccepted = !postgresUrl && !process.env.CI;
const reportDir = mkdtempSync(path.join(tmpdir(), "nayacompare-test-"));
const results = [];

/**
 * A command run to its end, its output on ours (or where `stdio` says). Not
 * spawnSync: a step started beside it (startBeside) must see its own end when
 * it comes, or its time reads as this command's.
 */
async function run(command, args, stdio = "inherit") {
  const started = Date.now();
  const { status, error } = await new Promise((resolve) => {
    const child = spawn(command, args, { stdio });
    child.on("error", (failure) => resolve({ status: 1, error: failure }));
    child.on("close", (code) => resolve({ status: code }));
  });
  if (error) console.error(error.message);
  return { ok: status === 0, seconds: (Date.now() - started) / 1000 };
}

/**
 * A step started now beside another, its output kept in a file: `finished`
 * is its outcome, `show()` prints the output once the step in front is done.
 * Vitest runs one worker on two cores, so the second core takes the build,
 * then the storage tests (CI, 2026-11-29: 727 s of unit, HTTP and storage
 * tests in one worker, the build's 142 s beside them, the second core idle
 * after; the storage tests are about a fifth of that).
 */
function startBeside(name, start) {
  const logFile = path.join(reportDir, `${name}.log`);
  const out = openSync(logFile, "w");
  const finished = start(["ignore", out, out]).finally(() => closeSync(out));
  return { finished, show: () => process.stdout.write(readFileSync(logFile)) };
}

function banner(title) {
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 70 - title.length))}`);
}

/** A check that is not made of test cases counts as one. */
async function check(name, command, args) {
  banner(name);
  return record(name, await run(command, args));
}

function record(name, { ok, seconds }) {
  results.push({ name, ok, seconds, passed: ok ? 1 : 0, failed: ok ? 0 : 1, detail: "" });
  return ok;
}

/** Vitest on `projects`: its counts as a result named `name`; `stdio` as run()'s. */
async function vitest(name, projects, { extra = [], stdio = "inherit" } = {}) {
  const report = path.join(reportDir, `${projects.join("-")}.json`);
  const args = ["run", ...projects.flatMap((project) => ["--project", project]), ...extra];
  const { ok, seconds } = await run(
    bin("vitest"),
    [...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    stdio,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  let postgresSkipped = 0;
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed = json.numPassedTests;
    skipped = json.numPendingTests + json.numTodoTests;
    postgresSkipped = json.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status !== "passed" && test.status !== "failed")
      .filter((test) => test.ancestorTitles.includes(POSTGRES_SKIPPED)).length;
    // A suite that fails to load has no failed test but is a failure all the same.
    failed = Math.max(json.numFailedTests, ok ? 0 : 1);
  } catch {
    // No report: vitest itself failed; counted as one failure above.
  }
  const accepted = postgresSkipsAccepted ? postgresSkipped : 0;
  const why = [
    postgresSkipped ? `${postgresSkipped} PostgreSQL: no server` : "",
    skipped > postgresSkipped ? `${skipped - postgresSkipped} other` : "",
  ].filter(Boolean);
  const detail = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped (${why.join(", ")})` : ""}`;
  return {
    name,
    ok: ok && skipped === accepted,
    seconds,
    passed,
    failed,
    skipped,
    postgresSkipped,
    detail,
  };
}

function notRun(name, why) {
  results.push({ name, ok: false, seconds: 0, passed: 0, failed: 1, detail: `not run: ${why}` });
}

await check("format and lint (Biome)", bin("biome"), ["ci", "."]);
await check("type check (tsc)", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);

if (!postgresUrl && process.env.CI) {
  notRun("PostgreSQL storage tests", "CI must set TEST_DATABASE_URL (see .ci/run)");
}
const build = startBeside("build", (stdio) =>
  run(bin("rollup"), ["--config", "rollup.config.mjs"], stdio),
);
const storage = startBeside("storage", async (stdio) => {
  await build.finished;
  return vitest("storage tests", ["storage"], { stdio });
});
banner("unit and HTTP tests");
results.push(await vitest("unit and HTTP tests", ["unit", "http"]));

banner("build (rollup), run beside the tests above");
const built = await build.finished;
build.show();
record("build (rollup)", built);
banner("storage tests, run beside the unit and HTTP tests, after the build");
results.push(await storage.finished);
storage.show();

if (!built) {
  notRun("benchmark smoke run (--quick)", "the build failed");
  notRun("browser and process tests", "the build failed");
} else {
  // Small samples, seconds. It fails only when the benchmark breaks (a crash,
  // an answer that is not 2xx, a figure it cannot compute), never for being slow;
  // so it runs beside the browser tests, which mostly wait (below), its output after them.
  const bench = startBeside("bench", (stdio) =>
    run(process.execPath, ["scripts/bench.mjs", "--quick"], stdio),
  );
  if (!findChromium()) {
    banner("browser and process tests");
    console.error(CHROMIUM_MISSING_MESSAGE);
    notRun("browser and process tests", "no Chromium (see above)");
  } else {
    // Two files at once: a browser test mostly waits on its server and Chromium (measured
    // 2026-11-29, 2 cores: 259 tests in 703 s with two workers, about 0.9 core busy on
    // average; one worker, vitest's default on 2 cores, took 909 s for 225 tests in CI).
    banner("browser and process tests");
    results.push(await vitest("browser and process tests", ["e2e"], { extra: ["--maxWorkers=2"] }));
  }
  banner("benchmark smoke run (--quick), run beside the browser tests");
  const benched = await bench.finished;
  bench.show();
  record("benchmark smoke run (--quick)", benched);
}

rmSync(reportDir, { recursive: true, force: true });

banner("summary");
for (const result of results) {
  const mark = result.ok ? "✓" : "✗";
  const time = result.seconds ? `${result.seconds.toFixed(1)} s` : "";
  console.log(`${mark} ${result.name.padEnd(34)} ${result.detail.padEnd(34)} ${time}`);
}
const skipped = results.reduce((sum, result) => sum + (result.skipped ?? 0), 0);
const postgresSkipped = results.reduce((sum, result) => sum + (result.postgresSkipped ?? 0), 0);
if (postgresUrl) {
  console.log("  storage tests ran on SQLite and on PostgreSQL (TEST_DATABASE_URL)");
} else {
  console.log(
    `  storage tests ran on SQLite only: ${postgresSkipped} PostgreSQL tests skipped, no server` +
      (postgresSkipsAccepted ? "" : " (not accepted in CI)") +
      "; set TEST_DATABASE_URL, or run scripts/with-postgres.sh npm test",
  );
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const allOk = results.every((result) => result.ok);
console.log("\n(each test counts once; lint, type check, build and benchmark count as one each)");
console.log(`Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(allOk ? 0 : 1);
