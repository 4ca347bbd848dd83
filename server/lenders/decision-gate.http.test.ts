import { afterAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { codeSentTo, enterCode, postJsonTo } from "../borrowers/applicant.test-support";
import {
  approval,
  type DecisionTestContext,
  gate,
  lenderSpec,
  namedUrl,
  productFor,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";

/**
 * A lender's gate on this server (lender-gate.ts, decision 0350) against
 * real HTTP lenders on loopback (issue 30): the breaker counts
 * applications, retries included, so a burst never locks a lender out; a
 * lender that fails hard is spared and gets back in once it recovers; a
 * lender's own concurrency and deadline (decision 0351); a request waits
 * for a slot until its deadline, never refused for the queue. No test
 * waits for wall-clock time: the breakers' clock is the test's.
 */

const lenders: TestLender[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

async function lender(...args: Parameters<typeof startTestLender>): Promise<TestLender> {
  const started = await startTestLender(...args);
  lenders.push(started);
  return started;
}

/** An approval priced as its product is (productFor's terms): nothing in it to refuse. */
const fitting = (offerId: number) =>
  approval(offerId, { amount: 50_000, termDays: 91, terms: productFor(offerId).terms });

async function waitFor(condition: () => Promise<boolean> | boolean, what: string) {
  const until = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function rowOf(context: DecisionTestContext, leadId: string) {
  const row = await context.test.storage.db
    .selectFrom("lender_decisions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  if (!row) throw new Error(`no decision row for ${leadId}`);
  return row;
}

describe("a lender that fails hard", () => {
  let clock = 0;
  const context = setUpDecisionApp({
    breakerFailures: 3,
    breakerHalfOpenMs: 30_000,
    breakerClock: () => clock,
  });

  it("opens its circuit after three failed applications (not attempts), then closes once it recovers", async () => {
    let down = true;
    const recovering = await lender((request) => {
      if (down) return { status: 500, body: "down" };
      // Back, but as sandbox-flaky is: a 503 to each application's first request.
      const firsts = recovering.received.filter(
        (seen) => seen.headers["idempotency-key"] === request.headers["idempotency-key"],
      );
      return firsts.length === 1
        ? { status: 503, body: "busy" }
        : { status: 200, body: fitting(960_001) };
    });
    await context.onlyLenders([lenderSpec("recovering", namedUrl(recovering), [960_001])]);
    const failed = [];
    for (let index = 0; index < 3; index++) {
      failed.push(await context.apply());
      await context.network.idle();
      // Each application's first try and two retries are one failure, not three.
      expect(context.network.breakerState("recovering")).toBe(index < 2 ? "closed" : "open");
    }
    expect(recovering.received).toHaveLength(9);
    for (const leadId of failed) {
      expect(await rowOf(context, leadId)).toMatchObject({ error: "http_500", attempts: 3 });
    }

    // Open: not asked, whatever it would say.
    const spared = await context.apply();
    await context.network.idle();
    expect(recovering.received).toHaveLength(9);
    expect(await rowOf(context, spared)).toMatchObject({
      status: "failed",
      error: "circuit_open",
      attempts: 0,
    });

    // It recovers; 30 s on, the next application is a trial, its 503 retried inside it.
    down = false;
    clock += 29_999;
    expect(context.network.breakerState("recovering")).toBe("open");
    clock += 1;
    expect(context.network.breakerState("recovering")).toBe("half_open");
    const trial = await context.apply();
    await context.network.idle();
    expect(await rowOf(context, trial)).toMatchObject({ status: "approved", attempts: 2 });
    expect(context.network.breakerState("recovering")).toBe("closed");
    const after = await context.apply();
    await context.network.idle();
    expect(await rowOf(context, after)).toMatchObject({ status: "approved", attempts: 2 });
  });
});

describe("a burst of applications to a lender that answers 503, then approves the retry", () => {
  // Each applicant at an address of its own, as behind our proxy (the applications limit holds).
  const context = setUpDecisionApp({}, { trustProxy: "loopback" });
  let visitors = 0;

  /** Applications made, then their codes entered all at once: the burst. */
  async function burst(count: number): Promise<string[]> {
    const applied = [];
    for (let index = 0; index < count; index++) {
      visitors += 1;
      const headers = { "x-forwarded-for": `198.18.7.${visitors}` };
      const phone = `076${String(5_000_000 + visitors).padStart(7, "0")}`;
      const res = await postJsonTo(
        context.app,
        "/api/applications",
        { ...validApplication, phone },
        headers,
      );
      if (res.statusCode !== 201) throw new Error(`applied: ${res.statusCode} ${res.body}`);
      applied.push({ leadId: String(res.json().leadId), phone, headers });
    }
    const verified = await Promise.all(
      applied.map(({ leadId, phone, headers }) =>
        enterCode(context.app, leadId, codeSentTo(context.messages(), phone), headers),
      ),
    );
    for (const res of verified) expect(res.statusCode).toBe(200);
    return applied.map(({ leadId }) => leadId);
  }

  it("approves at least 48 of 50, then every single application; its circuit stays closed", async () => {
    // The first ten 503s wait for each other, so that they come back together, as in a burst:
    // five failures in a row would have opened a breaker that counted attempts.
    const together = gate();
    let firsts = 0;
    const flaky = await lender(async (request) => {
      const key = request.headers["idempotency-key"];
      const seen = flaky.received.filter((other) => other.headers["idempotency-key"] === key);
      if (seen.length > 1) return { status: 200, body: fitting(970_001) };
      firsts += 1;
      if (firsts >= 10) together.open();
      if (firsts <= 10) await together.promise;
      return { status: 503, body: "try again" };
    });
    const prompt = await lender(() => ({ status: 200, body: fitting(970_002) }));
    await context.onlyLenders([
      lenderSpec("burst-flaky", namedUrl(flaky), [970_001]),
      lenderSpec("burst-prompt", namedUrl(prompt), [970_002]),
    ]);

    const leads = await burst(50);
    await context.network.idle();
    const rows = await context.test.storage.db
      .selectFrom("lender_decisions")
      .select(["lender_id", "status", "error", "attempts"])
      .where("lead_id", "in", leads)
      .execute();
    const flakyRows = rows.filter((row) => row.lender_id === "burst-flaky");
    expect(flakyRows).toHaveLength(50);
    const approved = flakyRows.filter((row) => row.status === "approved");
    expect(approved.length).toBeGreaterThanOrEqual(48);
    for (const row of approved) expect(row.attempts).toBe(2);
    // Nothing refused by our side: no circuit met, no slot refused.
    expect(flakyRows.filter((row) => row.error === "circuit_open" || row.error === "busy")).toEqual(
      [],
    );
    expect(
      rows.filter((row) => row.lender_id === "burst-prompt" && row.status === "approved"),
    ).toHaveLength(50);
    expect(context.network.breakerState("burst-flaky")).toBe("closed");

    // The minute after: one application at a time, each approved.
    for (let index = 0; index < 5; index++) {
      const [single] = await burst(1);
      await context.network.idle();
      expect(await rowOf(context, single ?? "")).toMatchObject({
        lender_id: "burst-flaky",
        status: "approved",
        attempts: 2,
      });
    }
    // 55 applications, each applied and verified through the app: seconds on a busy machine.
  }, 60_000);
});

describe("a lender's own concurrency and deadline", () => {
  const context = setUpDecisionApp({ concurrency: 32 });

  it("sends it one application at a time when its record says 1: the next waits for the slot", async () => {
    const release = gate();
    const holding = await lender(async () => {
      await release.promise;
      return { status: 200, body: fitting(980_001) };
    });
    const beside = await lender(() => ({ status: 200, body: fitting(980_002) }));
    await context.onlyLenders([
      lenderSpec("one-at-a-time", namedUrl(holding), [980_001], { concurrency: 1 }),
      lenderSpec("beside-it", namedUrl(beside), [980_002]),
    ]);
    const first = await context.apply();
    await waitFor(() => holding.received.length === 1, "the first request");
    // Verified while the first holds the slot: asked of both lenders at once.
    const second = await context.apply();
    const rowsOf = (leadId: string) =>
      context.test.storage.db
        .selectFrom("lender_decisions")
        .select(["lender_id", "status"])
        .where("lead_id", "=", leadId)
        .orderBy("lender_id")
        .execute();
    // The other lender's answer is in: a request sent beside it would have arrived by now.
    await waitFor(
      async () => (await rowsOf(second))[0]?.status === "approved",
      "the other lender's answer",
    );
    expect(holding.received).toHaveLength(1);
    expect((await rowsOf(second))[1]).toEqual({ lender_id: "one-at-a-time", status: "waiting" });
    release.open();
    await context.network.idle();
    expect(holding.received).toHaveLength(2);
    expect(holding.maxInFlight).toBe(1);
    for (const leadId of [first, second]) {
      expect((await rowsOf(leadId)).map((row) => row.status)).toEqual(["approved", "approved"]);
    }
  });

  it("gives up waiting for a slot at the application's own deadline: busy, never sent", async () => {
    const release = gate();
    const holding = await lender(async () => {
      await release.promise;
      return { status: 200, body: fitting(980_011) };
    });
    await context.onlyLenders([
      lenderSpec("short-deadline", namedUrl(holding), [980_011], { concurrency: 1 }),
    ]);
    const first = await context.apply();
    await waitFor(() => holding.received.length === 1, "the first request");
    // The operator shortens the lender's deadline: the next application waits 300 ms at most.
    await context.test.storage.db
      .updateTable("lenders")
      .set({ api_deadline_ms: 300 })
      .where("id", "=", "short-deadline")
      .execute();
    const second = await context.apply();
    await waitFor(
      async () => (await rowOf(context, second)).status === "failed",
      "the second application's deadline",
    );
    const row = await rowOf(context, second);
    expect(row).toMatchObject({ error: "busy", attempts: 0 });
    expect(Date.parse(row.deadline_at) - Date.parse(row.asked_at)).toBe(300);
    release.open();
    await context.network.idle();
    expect(holding.received).toHaveLength(1);
    expect((await rowOf(context, first)).status).toBe("approved");
  });

  it("tells the lender its own deadline and waits no longer for it; the others keep theirs", async () => {
    const silent = await lender(() => "never");
    const prompt = await lender(() => ({ status: 200, body: fitting(980_022) }));
    await context.onlyLenders([
      lenderSpec("own-deadline-silent", namedUrl(silent), [980_021], { deadlineMs: 400 }),
      lenderSpec("own-deadline-prompt", namedUrl(prompt), [980_022]),
    ]);
    const leadId = await context.apply();
    await context.network.idle();
    const [request] = silent.received;
    expect(Date.parse(request?.json.answerBy ?? "") - Date.parse(request?.json.sentAt ?? "")).toBe(
      400,
    );
    const [promptRequest] = prompt.received;
    expect(
      Date.parse(promptRequest?.json.answerBy ?? "") - Date.parse(promptRequest?.json.sentAt ?? ""),
    ).toBe(5_000);
    const rows = await context.test.storage.db
      .selectFrom("lender_decisions")
      .selectAll()
      .where("lead_id", "=", leadId)
      .orderBy("lender_id")
      .execute();
    expect(rows.map((row) => [row.lender_id, row.status, row.error])).toEqual([
      ["own-deadline-prompt", "approved", null],
      ["own-deadline-silent", "failed", "timeout"],
    ]);
    // Given up at its own deadline, well before the server's 5 s.
    expect(rows[1]?.latency_ms).toBeGreaterThanOrEqual(300);
    expect(rows[1]?.latency_ms).toBeLessThan(5_000);
    // The offers page waits for the latest deadline of the application's lenders.
    expect((await context.offersOf(leadId)).decisions.deadline).toBe(rows[0]?.deadline_at);
  });
});
