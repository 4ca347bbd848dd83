/**
 * `npm test`: every check in one run, in order, then a summary.
 *   format and lint → type check → unit, HTTP and storage tests, with the
 *   build beside them → browser and process tests (against the build and the
 *   system Chromium), with the benchmark's smoke run (`bench.mjs --quick`)
 *   beside them.
 * A failing step does not stop the others, except that the benchmark and
 * the e2e tests need the build. A skipped test fails its step, except the
 * PostgreSQL storage tests when no server is given, outside CI. Exit code
 * 0 only when everything passed.
 */
import { spawn, spawnSync } from "node:child_process";
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

function run(command, args) {
  const started = Date.now();
  const { status, error } = spawnSync(command, args, { stdio: "inherit" });
  if (error) console.error(error.message);
  return { ok: status === 0, seconds: (Date.now() - started) / 1000 };
}

/**
 * A command started now, its output kept in a file: run() of it, later. The
 * build goes beside the unit, HTTP and storage tests, which keep one of the
 * two cores busy (vitest's one worker on two cores; measured 2026-11-29 in CI:
 * 645 s of tests, then 142 s of build).
 */
function startBeside(command, args) {
  const started = Date.now();
  const logFile = path.join(reportDir, `${path.basename(command)}.log`);
  const out = openSync(logFile, "w");
  const child = spawn(command, args, { stdio: ["ignore", out, out] });
  const exit = new Promise((resolve) => {
    child.on("error", (error) => resolve({ status: 1, error }));
    child.on("close", (status) => resolve({ status }));
  });
  return async () => {
    const { status, error } = await exit;
    closeSync(out);
    process.stdout.write(readFileSync(logFile));
    if (error) console.error(error.message);
    return { ok: status === 0, seconds: (Date.now() - started) / 1000 };
  };
}

function banner(title) {
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 70 - title.length))}`);
}

/** A check that is not made of test cases counts as one. */
function check(name, command, args) {
  banner(name);
  return record(name, run(command, args));
}

function record(name, { ok, seconds }) {
  results.push({ name, ok, seconds, passed: ok ? 1 : 0, failed: ok ? 0 : 1, detail: "" });
  return ok;
}

function vitest(name, projects, extra = []) {
  banner(name);
  const report = path.join(reportDir, `${projects.join("-")}.json`);
  const args = ["run", ...projects.flatMap((project) => ["--project", project]), ...extra];
  const { ok, seconds } = run(bin("vitest"), [
    ...args,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
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
  results.push({
    name,
    ok: ok && skipped === accepted,
    seconds,
    passed,
    failed,
    skipped,
    postgresSkipped,
    detail,
  });
}

function notRun(name, why) {
  results.push({ name, ok: false, seconds: 0, passed: 0, failed: 1, detail: `not run: ${why}` });
}

check("format and lint (Biome)", bin("biome"), ["ci", "."]);
check("type check (tsc)", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);

if (!postgresUrl && process.env.CI) {
  notRun("PostgreSQL storage tests", "CI must set TEST_DATABASE_URL (see .ci/run)");
}
const build = startBeside(bin("rollup"), ["--config", "rollup.config.mjs"]);
vitest("unit, HTTP and storage tests", ["unit", "http", "storage"]);

banner("build (rollup), run beside the tests above");
const built = record("build (rollup)", await build());
if (!built) {
  notRun("benchmark smoke run (--quick)", "the build failed");
  notRun("browser and process tests", "the build failed");
} else {
  // Small samples, seconds. It fails only when the benchmark breaks (a crash,
  // an answer that is not 2xx, a figure it cannot compute), never for being slow;
  // so it runs beside the browser tests, which mostly wait (below), its output after them.
  const bench = startBeside(process.execPath, ["scripts/bench.mjs", "--quick"]);
  if (!findChromium()) {
    banner("browser and process tests");
    console.error(CHROMIUM_MISSING_MESSAGE);
    notRun("browser and process tests", "no Chromium (see above)");
  } else {
    // Two files at once: a browser test mostly waits on its server and Chromium (measured
    // 2026-11-29, 2 cores: 259 tests in 703 s with two workers, about 0.9 core busy on
    // average; one worker, vitest's default on 2 cores, took 909 s for 225 tests in CI).
    vitest("browser and process tests", ["e2e"], ["--maxWorkers=2"]);
  }
  banner("benchmark smoke run (--quick), run beside the browser tests");
  record("benchmark smoke run (--quick)", await bench());
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
