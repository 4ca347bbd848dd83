/**
 * Issue 30's burst (decision 0352): the nine sandbox lenders of `npm run
 * sandbox` (dist/sandbox/library.js) on loopback, registered in a fresh data
 * folder, and the built server in development mode (the only one that asks
 * lenders on loopback, 0113), SQLite. BURST visitors apply (each at an
 * address of its own, as behind our proxy), then all enter their codes at
 * once, and each reads its offers page's stream until `complete`. Then,
 * for AFTER_SECONDS, one visitor at a time does the same. Figures:
 * sandbox-flaky's approvals of the burst and of the singles after it; the
 * slowest time, from a code sent to its stream showing every fast lender's
 * offer (those that answer at once: sandbox-swift, -careful, -modest, and
 * -flaky after its retry), against LENDER_DEADLINE_MS + 150 ms; the
 * requests refused for want of a slot (`busy`) or by a circuit
 * (`circuit_open`), per lender. It fails only when it breaks.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  admin,
  applyAndVerify,
  applyAs,
  cpuMs,
  enterCode,
  figure,
  startSandboxLenders,
  startServer,
  untilComplete,
} from "./bench-common.mjs";

/** The behaviours that answer at once: their offers are there well before the deadline. */
const FAST = new Set(["approve", "approve-less", "decline-below-income", "flaky"]);
const FLAKY = "sandbox-flaky";

/**
 * An application (applyAs) from its code to its `complete`: when every fast
 * lender's offer showed, in ms from the code sent and from the code's
 * answer (when the offers page opens), and the last state.
 */
async function throughStream(baseUrl, applied, fastIds) {
  const applicant = await enterCode(baseUrl, applied);
  let shownAt;
  const last = await untilComplete(baseUrl, applicant, (state) => {
    if (shownAt !== undefined) return;
    const shown = state.decisions.decisions.filter(
      (decision) => fastIds.has(decision.lenderId) && decision.status === "approved",
    );
    if (shown.length === fastIds.size) shownAt = performance.now();
  });
  return {
    leadId: applicant.leadId,
    fastMs: shownAt === undefined ? undefined : shownAt - applicant.sentAt,
    fastAfterAnswerMs: shownAt === undefined ? undefined : shownAt - applicant.answeredAt,
    answerMs: applicant.answeredAt - applicant.sentAt,
    last,
  };
}

const approvedBy = (last, lenderId) =>
  last.decisions.decisions.some(
    (decision) => decision.lenderId === lenderId && decision.status === "approved",
  );

/**
 * The burst on SQLite (a fresh data folder), or on PostgreSQL when
 * `serverUrl` names a server (a database of its own, dropped after).
 */
export async function burstFigures({ burst, afterSeconds, singles, deadlineMs, serverUrl }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-burst-"));
  const name = `nayacompare_bench_burst_${randomUUID().replaceAll("-", "")}`;
  let databaseUrl;
  if (serverUrl) {
    await admin(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const lenders = await startSandboxLenders(dataDir, undefined, databaseUrl);
  const server = await startServer({
    dataDir,
    env: {
      NODE_ENV: "development",
      LENDER_DEADLINE_MS: String(deadlineMs),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    const fastIds = new Set(
      lenders.network.lenders
        .filter(({ lender }) => FAST.has(lender.behaviour.kind))
        .map(({ lender }) => lender.id),
    );
    // Applied one after another; then every code at once: the burst.
    const applied = [];
    for (let index = 0; index < burst; index++) {
      applied.push(await applyAs(server.url, dataDir, 400_000 + index));
    }
    const burstStarted = performance.now();
    const cpuBefore = cpuMs(server.pid);
    const outcomes = await Promise.all(
      applied.map((one) => throughStream(server.url, one, fastIds)),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    // The server's CPU for the burst: on a busy machine the times are the machine's, this the code's.
    const serverCpuMs = cpuBefore === undefined ? undefined : cpuMs(server.pid) - cpuBefore;

    // The minute after: one application at a time, spread over it.
    const after = [];
    const afterStarted = performance.now();
    for (let index = 0; index < singles; index++) {
      const due = afterStarted + (index * afterSeconds * 1000) / singles;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const applicant = await applyAndVerify(server.url, dataDir, 450_000 + index);
      after.push(await untilComplete(server.url, applicant));
    }

    const code = await server.shutdown();
    const { openStorage } = await import("../dist/sandbox/library.js");
    const storage = openStorage({ dataDir, databaseUrl });
    const leads = outcomes.map((outcome) => outcome.leadId);
    const failed = await storage.db
      .selectFrom("lender_decisions")
      .select(["lender_id", "error"])
      .where("lead_id", "in", leads)
      .where("status", "=", "failed")
      .execute();
    await storage.close();
    const counted = (rows) =>
      [...Map.groupBy(rows, (row) => `${row.lender_id} ${row.error}`)].map(([key, group]) => ({
        lender_id: key.split(" ")[0],
        error: key.split(" ")[1],
        count: group.length,
      }));
    const refused = counted(
      failed.filter((row) => row.error === "busy" || row.error === "circuit_open"),
    ).sort((a, b) => a.lender_id.localeCompare(b.lender_id));
    const flakyErrors = counted(failed.filter((row) => row.lender_id === FLAKY));
    const shown = outcomes.filter((outcome) => outcome.fastMs !== undefined);
    return {
      engine: databaseUrl ? "PostgreSQL" : "SQLite",
      burst,
      burstSeconds,
      serverCpuMs,
      deadlineMs,
      fastLenders: [...fastIds],
      flakyApproved: outcomes.filter((outcome) => approvedBy(outcome.last, FLAKY)).length,
      flakyErrors,
      fastShown: shown.length,
      // Undefined when no applicant saw every fast offer (a figure of none, not -Infinity).
      worstFastMs: shown.length > 0 ? Math.max(...shown.map((o) => o.fastMs)) : undefined,
      worstFastAfterAnswerMs:
        shown.length > 0 ? Math.max(...shown.map((o) => o.fastAfterAnswerMs)) : undefined,
      worstAnswerMs: Math.max(...outcomes.map((outcome) => outcome.answerMs)),
      singles,
      afterSeconds,
      singlesApproved: after.filter((last) => approvedBy(last, FLAKY)).length,
      busy: refused.filter((row) => row.error === "busy").reduce((sum, row) => sum + row.count, 0),
      circuitOpen: refused.filter((row) => row.error === "circuit_open"),
      code,
    };
  } finally {
    server.stop();
    await lenders.network.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await admin(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

export function printBurst(figures) {
  const {
    engine,
    burst,
    burstSeconds,
    serverCpuMs,
    deadlineMs,
    fastLenders,
    flakyApproved,
    flakyErrors,
    fastShown,
    worstFastMs,
    worstFastAfterAnswerMs,
    worstAnswerMs,
    singles,
    afterSeconds,
    singlesApproved,
    busy,
    circuitOpen,
    code,
  } = figures;
  const goal = deadlineMs + 150;
  console.log(
    `\nA burst (issue 30): the nine sandbox lenders on loopback, LENDER_DEADLINE_MS ${deadlineMs}, ${burst} verified applications whose codes are entered at once, ${engine}, this machine:`,
  );
  console.log(
    `  ${FLAKY} (503, then approves the retry) approved ${figure("flaky approvals", flakyApproved)} of ${burst} (goal ≥ ${burst - 2}: ${flakyApproved >= burst - 2 ? "met" : "not met"})${flakyErrors.length > 0 ? `; failed: ${flakyErrors.map((row) => `${row.count} ${row.error}`).join(", ")}` : ""}; the burst took ${burstSeconds.toFixed(1)} s to every \`complete\`, the server ${serverCpuMs === undefined ? "(CPU not measured: /proc is Linux's)" : `${figure("burst server CPU", serverCpuMs).toFixed(0)} ms of CPU`}`,
  );
  const slowest =
    worstFastMs === undefined
      ? `no applicant saw them all (goal ≤ deadline + 150 ms = ${goal} ms: not met)`
      : `the slowest after ${figure("worst time to fast offers", worstFastMs).toFixed(0)} ms from the code (goal ≤ deadline + 150 ms = ${goal} ms: ${fastShown === burst && worstFastMs <= goal ? "met" : "not met"}, ${(worstFastMs / goal).toFixed(2)} of it)`;
  console.log(
    `  every fast lender's offer (${fastLenders.join(", ")}) shown to ${fastShown} of ${burst}; ${slowest}`,
  );
  const fromAnswer =
    worstFastAfterAnswerMs === undefined
      ? ""
      : `; from the answer (the offers page opening), the fast offers showed by ${figure("worst fast after answer", worstFastAfterAnswerMs).toFixed(0)} ms at the latest`;
  console.log(
    `    the slowest code's answer came ${figure("worst code answer", worstAnswerMs).toFixed(0)} ms after it was sent (the deadline counts from the verification)${fromAnswer}`,
  );
  console.log(
    `  then ${singles} single applications over ${afterSeconds} s: ${FLAKY} approved ${figure("flaky singles", singlesApproved)} of ${singles} (goal: all, ${singlesApproved === singles ? "met" : "not met"})`,
  );
  console.log(
    `  refused without asking, in the burst: ${figure("busy", busy)} for want of a slot by their deadline (busy: what the old bulkhead refused); by an open circuit: ${circuitOpen.length === 0 ? "none" : circuitOpen.map((row) => `${row.lender_id} ${row.count}`).join(", ")}; graceful shutdown: exit ${code}`,
  );
}
