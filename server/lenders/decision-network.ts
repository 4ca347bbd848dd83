import { randomUUID } from "node:crypto";
import {
  ConstantBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
} from "cockatiel";
import type { ApprovalRule, PublishedProduct } from "../../core/domain/approval-check";
import { LENDER_CONCURRENCY_RANGE } from "../../core/domain/lender-limits";
import { RETRY_STATUSES } from "../../core/helpers/http-retry";
import type { Locale } from "../../core/locale";
import {
  OutboundAnswerTooLarge,
  OutboundRefused,
  type OutboundRules,
  outboundPost,
} from "../http/outbound";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import { recordBreakerEvent } from "./breaker-events";
import {
  approvalProblem,
  type DecisionAnswer,
  type DecisionRequest,
  decisionAnswerSchema,
  decisionSignature,
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_NEXT_HEADER,
  TIMESTAMP_HEADER,
} from "./decision-api";
import {
  type ApprovalOddsLookup,
  beginDecisions,
  type DecisionRecord,
  type DecisionResult,
  type DecisionTarget,
  recordDecision,
  recordDecisions,
} from "./decisions";
import {
  createLenderGate,
  type GateOutcome,
  type GatePass,
  GateRefused,
  type GateState,
  type LenderGate,
} from "./lender-gate";

/**
 * Asks lenders for their decisions (issue 15). Right after an applicant is
 * verified, `begin` writes a `waiting` row for every live `api` lender
 * whose products admit the application and that is under its daily cap
 * (decisions.ts), then, without holding up the answer, POSTs the signed
 * request to all of them in parallel and records each outcome as it comes.
 *
 * Per lender and server, a gate (lender-gate.ts, decision 0350): a
 * concurrency limit (the lender's own, or LENDER_CONCURRENCY) whose queue a
 * request waits in until its deadline, then a circuit breaker that counts
 * applications, not attempts (after `breakerFailures` failed applications
 * in a row nothing is sent for `breakerHalfOpenMs`, then `breakerTrials`
 * applications try at once). Inside it, per application: retries only on
 * SPEC §7's statuses with the same body and idempotency key, each attempt
 * with a timeout of what is left until the lender's deadline (its own, at
 * most LENDER_DEADLINE_MS after the verification), so a retry never meets
 * a breaker its own burst opened. A lender that times out,
 * errs or answers what we cannot read is recorded so; the others are not
 * held up, and nothing reaches the applicant as an error.
 */
export interface DecisionNetworkOptions {
  storage: Storage;
  log: Logger;
  /** LENDER_DEADLINE_MS: from the verification to the last answer we wait for. */
  deadlineMs: number;
  /** Which decision URLs may be called (https to public addresses; http outside production). */
  rules: OutboundRules;
  /**
   * Whether a sandbox lender's URL (lenders.sandbox = 1) may be on loopback:
   * outside production only; a real lender's never is.
   */
  sandboxLoopback: boolean;
  /**
   * Whether a lender's test URL (the lender portal's test mode) may be on
   * loopback: LENDER_TEST_URL_ALLOW_LOOPBACK, outside production only (0386).
   */
  testLoopback?: boolean;
  /** Where pending lenders call back; read at each application (the port is known late). */
  callbackUrl: () => string;
  /** The consent to share with lenders, in the language the applicant applied in. */
  consentText: (locale: Locale) => string;
  /**
   * LENDER_CONCURRENCY: requests in flight to one lender at once, unless its
   * record says otherwise; more wait for a slot while their deadline allows.
   */
  concurrency?: number;
  /** Failed applications in a row that open a lender's circuit, and how long it stays open. */
  breakerFailures?: number;
  breakerHalfOpenMs?: number;
  /** Applications a half-open circuit tries at once: the first success closes it, this many failures reopen it. */
  breakerTrials?: number;
  /** Retries after a SPEC §7 status, and the wait before each. */
  retries?: number;
  retryDelayMs?: number;
  /** The longest answer we read. */
  maxAnswerBytes?: number;
  /** The clock for stored times; waits use the monotonic clock. */
  now?: () => Date;
  /** The breakers' monotonic clock in ms (performance.now); a test moves its own. */
  breakerClock?: () => number;
  /** The day's odds, kept on each decision asked (beginDecisions); without it none is kept. */
  approvalOdds?: ApprovalOddsLookup;
}

export type DecisionListener = () => void;

/** A lender's circuit on this instance; "unused": no request to it since this process started. */
export type BreakerState = GateState | "unused";

/** A test application for the back office's "Send a test application" (decision 0141). */
export interface TestApplicationTarget {
  lenderId: string;
  url: string;
  secret: string;
  /** During a live secret's rotation grace, the new one (X-Signature-Next, decision 0412). */
  nextSecret?: string | undefined;
  sandbox: boolean;
  /** The lender's test URL (test mode): on loopback too where testLoopback allows it. */
  testUrl?: boolean;
  products: PublishedProduct[];
  /** The lender's deadline (its own, at most LENDER_DEADLINE_MS): the test's too. */
  deadlineMs: number;
  request: DecisionRequest;
}

/** The lender's HTTP answer as it came (its body cut to TEST_ANSWER_SHOWN characters). */
export interface TestHttpAnswer {
  status: number;
  body: string;
}

/** What a test application came to: the lender's answer (checked by the schema), or why none. */
export type TestApplicationOutcome = (
  | { kind: "answer"; answer: DecisionAnswer; latencyMs: number }
  | { kind: "failed"; error: string; rule?: ApprovalRule | undefined; latencyMs: number }
) & {
  /** The headers the request went with (its signature included). */
  headers: Record<string, string>;
  http?: TestHttpAnswer | undefined;
};

/** What one request to a lender went with and what came back, for test mode. */
interface Seen {
  headers: Record<string, string>;
  http?: TestHttpAnswer;
}

const TEST_ANSWER_SHOWN = 4096;

export interface DecisionNetwork {
  /** LENDER_DEADLINE_MS: the longest any lender is waited for. */
  readonly deadlineMs: number;
  /** LENDER_CONCURRENCY: a lender's limit unless its record gives one. */
  readonly concurrency: number;
  /**
   * After a verification: writes the rows and starts asking (not awaited).
   * Resolves with how many lenders are asked; never rejects.
   */
  begin(leadId: string, locale: Locale): Promise<number>;
  /** Calls the listener whenever one of this lead's decisions is recorded here. */
  subscribe(leadId: string, listener: DecisionListener): () => void;
  /**
   * Calls the listener with the lead's id whenever any lead's decisions are
   * begun (its lenders asked, or none) or one of them is recorded here.
   */
  subscribeAll(listener: (leadId: string) => void): () => void;
  /** Tells the lead's listeners that a decision changed (a callback, on any route). */
  notify(leadId: string): void;
  /** Resolves once every request started so far has been recorded. */
  idle(): Promise<void>;
  /** Takes no new application and waits for those in flight (each ends by its deadline). */
  close(): Promise<void>;
  /** Which decision URLs may be called: what the back office checks a new URL against. */
  readonly rules: OutboundRules;
  /** Whether sandbox lenders are allowed here (outside production only). */
  readonly sandboxAllowed: boolean;
  /** Whether lenders' test URLs may be on loopback here (LENDER_TEST_URL_ALLOW_LOOPBACK). */
  readonly testLoopback: boolean;
  /** A lender's circuit breaker on this instance, read only (the back office shows it). */
  breakerState(lenderId: string): BreakerState;
  /**
   * Sends one signed test application, once (no retry, no breaker, nothing
   * stored), through the same signing, outbound and answer checks as a real
   * one, within the lender's deadline.
   */
  sendTest(target: TestApplicationTarget): Promise<TestApplicationOutcome>;
}

/** Why a request to a lender did not give a decision. */
class LenderFailure extends Error {
  constructor(
    readonly code: string,
    /** A SPEC §7 status: asked again with the same idempotency key. */
    readonly retryable = false,
    /** The lender's fault: counts towards opening its circuit. */
    readonly countsAgainstLender = true,
    /** For an approval refused by its checks: the rule it broke. */
    readonly rule?: ApprovalRule,
  ) {
    super(code);
    this.name = "LenderFailure";
  }
}

/**
 * A timeout counts against a lender (towards opening its circuit) only if
 * it had at least this share of its deadline: one that waited for a slot
 * behind a burst and was sent with little time left says nothing of it.
 */
const TIMEOUT_COUNTS_FROM = 0.5;

const JSON_TYPE = "application/json";

export function createDecisionNetwork(options: DecisionNetworkOptions): DecisionNetwork {
  const {
    storage,
    log,
    deadlineMs,
    rules,
    sandboxLoopback,
    testLoopback = false,
    callbackUrl,
    consentText,
    concurrency = LENDER_CONCURRENCY_RANGE.default,
    breakerFailures = 5,
    breakerHalfOpenMs = 30_000,
    breakerTrials = 3,
    retries = 2,
    retryDelayMs = 100,
    maxAnswerBytes = 64 * 1024,
    now = () => new Date(),
    breakerClock = () => performance.now(),
  } = options;
  const gates = new Map<string, LenderGate>();
  /** This process among the instances, in the breakers' stored changes (decision 0420). */
  const instance = randomUUID();
  let breakerChanges = 0;
  const listeners = new Map<string, Set<DecisionListener>>();
  const everyLead = new Set<(leadId: string) => void>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  // Retries of one application, inside its pass through the lender's gate.
  const retrying = retry(
    handleWhen((error) => error instanceof LenderFailure && error.retryable),
    { maxAttempts: retries, backoff: new ConstantBackoff(retryDelayMs) },
  );

  /**
   * Decisions to record (decision 0352). On SQLite, written together: each
   * commit is a sync to disk that holds this process (synchronous = FULL),
   * so the answers that come while a write is under way go in the next one,
   * and a burst's answers take a few commits rather than one each. On
   * PostgreSQL each goes at once, side by side on the pool.
   */
  let toRecord: { record: DecisionRecord; settle: (error?: unknown) => void }[] = [];
  let writing = false;
  const writeRecords = async () => {
    writing = true;
    const batch = toRecord;
    toRecord = [];
    try {
      await recordDecisions(
        storage,
        batch.map((item) => item.record),
      );
      for (const item of batch) item.settle();
    } catch (error) {
      for (const item of batch) item.settle(error);
    } finally {
      writing = false;
      if (toRecord.length > 0) setImmediate(() => void writeRecords());
    }
  };
  const record = async (item: DecisionRecord): Promise<void> => {
    if (storage.engine === "postgres") {
      await recordDecision(storage, item.decisionId, item.result, item.details);
      return;
    }
    return new Promise<void>((resolve, reject) => {
      toRecord.push({ record: item, settle: (error) => (error ? reject(error) : resolve()) });
      // The first of a batch: written once the answers that came with it have queued too.
      if (toRecord.length === 1 && !writing) setImmediate(() => void writeRecords());
    });
  };

  /** A lender's gate, at the limit its record gives now. */
  const gateOf = (lenderId: string, limit: number | null): LenderGate => {
    const wanted = limit ?? concurrency;
    let found = gates.get(lenderId);
    if (!found) {
      found = createLenderGate({
        concurrency: wanted,
        failures: breakerFailures,
        openMs: breakerHalfOpenMs,
        trials: breakerTrials,
        clock: breakerClock,
        // Stored beside the application that changed it: a failed write fails no decision.
        onChange: (state, openMs) => {
          const write = recordBreakerEvent(storage, {
            lenderId,
            state,
            at: now(),
            openMs,
            instance,
            seq: ++breakerChanges,
          }).catch((error: unknown) =>
            log.error("recording a lender's breaker failed", { error, lenderId, state }),
          );
          inFlight.add(write);
          void write.finally(() => inFlight.delete(write));
        },
      });
      gates.set(lenderId, found);
    } else {
      found.setConcurrency(wanted);
    }
    return found;
  };

  const notify = (leadId: string) => {
    for (const listener of listeners.get(leadId) ?? []) listener();
    for (const listener of everyLead) listener(leadId);
  };

  /**
   * One POST: signed now, with the same body and idempotency key on every
   * attempt; `seen` keeps its headers and the lender's HTTP answer as it came (test mode).
   */
  async function send(
    target: Pick<
      DecisionTarget,
      "url" | "secret" | "nextSecret" | "sandbox" | "lenderId" | "products"
    > & {
      decisionId: string;
      askedAmount: number;
      testUrl?: boolean | undefined;
    },
    body: string,
    signal: AbortSignal,
    seen?: Seen,
  ) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      "Content-Type": JSON_TYPE,
      Accept: JSON_TYPE,
      "User-Agent": "NayaCompare-Decisions/1",
      [IDEMPOTENCY_HEADER]: target.decisionId,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: decisionSignature(target.secret, timestamp, body),
      // During a rotation's grace: the same under the new secret (decision 0412).
      ...(target.nextSecret !== undefined && {
        [SIGNATURE_NEXT_HEADER]: decisionSignature(target.nextSecret, timestamp, body),
      }),
    };
    if (seen) seen.headers = headers;
    let answer: Awaited<ReturnType<typeof outboundPost>>;
    try {
      answer = await outboundPost(
        target.url,
        {
          headers,
          body,
          signal,
          maxBytes: maxAnswerBytes,
        },
        {
          ...rules,
          allowLoopback:
            (target.sandbox && sandboxLoopback) || (target.testUrl === true && testLoopback),
        },
      );
    } catch (error) {
      if (error instanceof OutboundRefused) {
        throw new LenderFailure(`refused_${error.reason}`, false, false);
      }
      if (signal.aborted) throw new LenderFailure("timeout");
      if (error instanceof OutboundAnswerTooLarge) throw new LenderFailure("invalid_answer");
      throw new LenderFailure("network");
    }
    if (seen) seen.http = { status: answer.status, body: answer.body.slice(0, TEST_ANSWER_SHOWN) };
    if (answer.status < 200 || answer.status > 299) {
      throw new LenderFailure(`http_${answer.status}`, RETRY_STATUSES.has(answer.status));
    }
    let parsed: DecisionAnswer;
    try {
      const result = decisionAnswerSchema.safeParse(JSON.parse(answer.body));
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch {
      throw new LenderFailure("invalid_answer");
    }
    if (parsed.decision === "approved") {
      const problem = approvalProblem(parsed, {
        products: target.products,
        askedAmount: target.askedAmount,
        sandbox: target.sandbox,
        now: now(),
      });
      if (problem) {
        log.warn("lender approval refused", { lender: target.lenderId, rule: problem.rule });
        throw new LenderFailure("invalid_answer", false, true, problem.rule);
      }
    }
    return parsed;
  }

  /**
   * Asks one lender within its deadline (`started` is the verification's
   * time), through its gate, then records what came of it.
   */
  async function ask(target: DecisionTarget, started: number): Promise<void> {
    const endsAt = started + target.deadlineMs;
    const body = JSON.stringify(target.request);
    const gate = gateOf(target.lenderId, target.concurrency);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), Math.max(0, endsAt - performance.now()));
    let attempts = 0;
    let pass: GatePass | undefined;
    let sentAt = 0;
    let result: DecisionResult;
    try {
      pass = await gate.enter(deadline.signal);
      sentAt = performance.now();
      const answer = await retrying.execute(() => {
        const left = endsAt - performance.now();
        if (left <= 0) throw new LenderFailure("timeout");
        attempts += 1;
        return timeout(left, TimeoutStrategy.Aggressive).execute(
          ({ signal: own }) => send(target, body, own),
          deadline.signal,
        );
      }, deadline.signal);
      pass.done("success");
      result =
        answer.decision === "approved"
          ? { status: "approved", answer }
          : answer.decision === "declined"
            ? { status: "declined", reason: answer.reason }
            : { status: "pending" };
    } catch (error) {
      pass?.done(outcomeOf(error, (endsAt - sentAt) / target.deadlineMs));
      result = {
        status: "failed",
        error: failureCode(error),
        rule: error instanceof LenderFailure ? error.rule : undefined,
      };
      if (result.error === "error") log.error("asking a lender failed", { error });
    } finally {
      clearTimeout(timer);
    }
    const latencyMs = performance.now() - started;
    await record({
      decisionId: target.decisionId,
      result,
      details: { attempts, latencyMs, at: now() },
    });
    // A lender's failure is worth a line; its decisions are in storage (and at debug level).
    (result.status === "failed" ? log.info : log.debug)("lender decision", {
      lender: target.lenderId,
      status: result.status,
      error: result.status === "failed" ? result.error : undefined,
      attempts,
      latency_ms: Math.round(latencyMs),
    });
    notify(target.leadId);
  }

  function track(work: Promise<void>) {
    const settled = work.catch((error: unknown) =>
      log.error("recording a lender's decision failed", { error }),
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  return {
    deadlineMs,
    concurrency,
    rules,
    sandboxAllowed: sandboxLoopback,
    testLoopback,
    breakerState(lenderId) {
      return gates.get(lenderId)?.state ?? "unused";
    },
    async sendTest(target) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(Math.min(target.deadlineMs, deadlineMs));
      const seen: Seen = { headers: {} };
      try {
        const answer = await send(
          {
            ...target,
            decisionId: target.request.decisionId,
            askedAmount: target.request.loan.amount,
          },
          JSON.stringify(target.request),
          deadline,
          seen,
        );
        return { kind: "answer", answer, latencyMs: performance.now() - started, ...seen };
      } catch (error) {
        return {
          kind: "failed",
          error: failureCode(error),
          rule: error instanceof LenderFailure ? error.rule : undefined,
          latencyMs: performance.now() - started,
          ...seen,
        };
      }
    },
    async begin(leadId, locale) {
      if (closed) return 0;
      const started = performance.now();
      try {
        const targets = await beginDecisions(storage, {
          leadId,
          locale,
          now: now(),
          deadlineMs,
          callbackUrl: callbackUrl(),
          consentText,
          // A production server never calls a sandbox lender, whatever its database holds.
          withSandbox: sandboxLoopback,
          approvalOdds: options.approvalOdds,
        });
        // Each deadline counts from the verification, the time the rows took included.
        for (const target of targets) track(ask(target, started));
        // The rows are written: what the lead's decisions are, none asked included, is known.
        notify(leadId);
        return targets.length;
      } catch (error) {
        // The applicant is verified and sees the other offers; only this is lost.
        log.error("starting lenders' decisions failed", { error });
        return 0;
      }
    },
    subscribe(leadId, listener) {
      let set = listeners.get(leadId);
      if (!set) {
        set = new Set();
        listeners.set(leadId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(leadId);
      };
    },
    subscribeAll(listener) {
      everyLead.add(listener);
      return () => {
        everyLead.delete(listener);
      };
    },
    notify,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** Where pending lenders call back, on our public origin. */
export function decisionCallbackUrl(origin: string): string {
  return `${origin}/api/lenders/v1/decisions`;
}

/** What is stored as the reason a lender gave no decision. */
function failureCode(error: unknown): string {
  if (error instanceof LenderFailure) return error.code;
  if (error instanceof GateRefused) return error.code;
  if (error instanceof TaskCancelledError) return "timeout";
  return "error";
}

/**
 * What a failed application tells the lender's breaker: its failure, unless
 * we refused it ourselves, it broke on our side, or it timed out having had
 * less than TIMEOUT_COUNTS_FROM of its deadline (`hadShare`: the time from
 * its first attempt to the deadline, as a share of the deadline).
 */
function outcomeOf(error: unknown, hadShare: number): GateOutcome {
  const timedOut =
    error instanceof TaskCancelledError ||
    (error instanceof LenderFailure && error.code === "timeout");
  if (timedOut) return hadShare >= TIMEOUT_COUNTS_FROM ? "failure" : "neutral";
  return error instanceof LenderFailure && error.countsAgainstLender ? "failure" : "neutral";
}
