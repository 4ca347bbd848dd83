import {
  BrokenCircuitError,
  type BulkheadPolicy,
  BulkheadRejectedError,
  bulkhead,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  ConstantBackoff,
  circuitBreaker,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
} from "cockatiel";
import type { ApprovalRule, PublishedProduct } from "../../core/approval-check";
import { RETRY_STATUSES } from "../../core/http-retry";
import type { Locale } from "../../core/locale";
import {
  OutboundAnswerTooLarge,
  OutboundRefused,
  type OutboundRules,
  outboundPost,
} from "../http/outbound";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import {
  approvalProblem,
  type DecisionAnswer,
  type DecisionRequest,
  decisionAnswerSchema,
  decisionSignature,
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from "./decision-api";
import {
  beginDecisions,
  type DecisionResult,
  type DecisionTarget,
  recordDecision,
} from "./decisions";

/**
 * Asks lenders for their decisions (issue 15). Right after an applicant is
 * verified, `begin` writes a `waiting` row for every live `api` lender
 * whose products admit the application and that is under its daily cap
 * (decisions.ts), then, without holding up the answer, POSTs the signed
 * request to all of them in parallel and records each outcome as it comes.
 *
 * Per lender, from cockatiel: a concurrency limit (bulkhead) and a circuit
 * breaker (after `breakerFailures` failures in a row nothing is sent for
 * `breakerHalfOpenMs`, then one request tries again). Per request: retries
 * only on SPEC §7's statuses with the same body and idempotency key, each
 * attempt with a timeout of what is left until the deadline
 * (LENDER_DEADLINE_MS after the verification). A lender that times out,
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
  /** Where pending lenders call back; read at each application (the port is known late). */
  callbackUrl: () => string;
  /** The consent to share with lenders, in the language the applicant applied in. */
  consentText: (locale: Locale) => string;
  /** Requests in flight to one lender at once, and how many more may wait for a slot. */
  concurrency?: number;
  queue?: number;
  /** Failures in a row that open a lender's circuit, and how long it stays open. */
  breakerFailures?: number;
  breakerHalfOpenMs?: number;
  /** Retries after a SPEC §7 status, and the wait before each. */
  retries?: number;
  retryDelayMs?: number;
  /** The longest answer we read. */
  maxAnswerBytes?: number;
  /** The clock for stored times; waits use the monotonic clock. */
  now?: () => Date;
}

export type DecisionListener = () => void;

/** A lender's circuit on this instance; "unused": no request to it since this process started. */
export type BreakerState = "closed" | "open" | "half_open" | "isolated" | "unused";

/** A test application for the back office's "Send a test application" (decision 0141). */
export interface TestApplicationTarget {
  lenderId: string;
  url: string;
  secret: string;
  sandbox: boolean;
  products: PublishedProduct[];
  request: DecisionRequest;
}

/** What a test application came to: the lender's answer (checked by the schema), or why none. */
export type TestApplicationOutcome =
  | { kind: "answer"; answer: DecisionAnswer; latencyMs: number }
  | { kind: "failed"; error: string; rule?: ApprovalRule | undefined; latencyMs: number };

export interface DecisionNetwork {
  /** LENDER_DEADLINE_MS. */
  readonly deadlineMs: number;
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
  /** A lender's circuit breaker on this instance, read only (the back office shows it). */
  breakerState(lenderId: string): BreakerState;
  /**
   * Sends one signed test application, once (no retry, no breaker, nothing
   * stored), through the same signing, outbound and answer checks as a real
   * one, within the deadline.
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

interface LenderPolicies {
  limit: BulkheadPolicy;
  breaker: CircuitBreakerPolicy;
}

const JSON_TYPE = "application/json";

export function createDecisionNetwork(options: DecisionNetworkOptions): DecisionNetwork {
  const {
    storage,
    log,
    deadlineMs,
    rules,
    sandboxLoopback,
    callbackUrl,
    consentText,
    concurrency = 32,
    queue = 64,
    breakerFailures = 5,
    breakerHalfOpenMs = 30_000,
    retries = 2,
    retryDelayMs = 100,
    maxAnswerBytes = 64 * 1024,
    now = () => new Date(),
  } = options;
  const policies = new Map<string, LenderPolicies>();
  const listeners = new Map<string, Set<DecisionListener>>();
  const everyLead = new Set<(leadId: string) => void>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const policiesOf = (lenderId: string): LenderPolicies => {
    let found = policies.get(lenderId);
    if (!found) {
      found = {
        limit: bulkhead(concurrency, queue),
        breaker: circuitBreaker(
          handleWhen(
            (error) =>
              (error instanceof LenderFailure && error.countsAgainstLender) ||
              error instanceof TaskCancelledError,
          ),
          { halfOpenAfter: breakerHalfOpenMs, breaker: new ConsecutiveBreaker(breakerFailures) },
        ),
      };
      policies.set(lenderId, found);
    }
    return found;
  };

  const notify = (leadId: string) => {
    for (const listener of listeners.get(leadId) ?? []) listener();
    for (const listener of everyLead) listener(leadId);
  };

  /** One POST: signed now, with the same body and idempotency key on every attempt. */
  async function send(
    target: Pick<DecisionTarget, "url" | "secret" | "sandbox" | "lenderId" | "products"> & {
      decisionId: string;
      askedAmount: number;
    },
    body: string,
    signal: AbortSignal,
  ) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    let answer: Awaited<ReturnType<typeof outboundPost>>;
    try {
      answer = await outboundPost(
        target.url,
        {
          headers: {
            "Content-Type": JSON_TYPE,
            Accept: JSON_TYPE,
            "User-Agent": "NayaCompare-Decisions/1",
            [IDEMPOTENCY_HEADER]: target.decisionId,
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: decisionSignature(target.secret, timestamp, body),
          },
          body,
          signal,
          maxBytes: maxAnswerBytes,
        },
        { ...rules, allowLoopback: target.sandbox && sandboxLoopback },
      );
    } catch (error) {
      if (error instanceof OutboundRefused) {
        throw new LenderFailure(`refused_${error.reason}`, false, false);
      }
      if (signal.aborted) throw new LenderFailure("timeout");
      if (error instanceof OutboundAnswerTooLarge) throw new LenderFailure("invalid_answer");
      throw new LenderFailure("network");
    }
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

  /** Asks one lender within the deadline, then records what came of it. */
  async function ask(target: DecisionTarget, endsAt: number): Promise<void> {
    const started = performance.now();
    const body = JSON.stringify(target.request);
    const { limit, breaker } = policiesOf(target.lenderId);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), Math.max(0, endsAt - performance.now()));
    let attempts = 0;
    let result: DecisionResult;
    try {
      const retrying = retry(
        handleWhen((error) => error instanceof LenderFailure && error.retryable),
        { maxAttempts: retries, backoff: new ConstantBackoff(retryDelayMs) },
      );
      const answer = await limit.execute(
        ({ signal }) =>
          retrying.execute(
            ({ signal: retrySignal }) =>
              breaker.execute(({ signal: attemptSignal }) => {
                const left = endsAt - performance.now();
                if (left <= 0) throw new LenderFailure("timeout");
                attempts += 1;
                return timeout(left, TimeoutStrategy.Aggressive).execute(
                  ({ signal: own }) => send(target, body, own),
                  attemptSignal,
                );
              }, retrySignal),
            signal,
          ),
        deadline.signal,
      );
      result =
        answer.decision === "approved"
          ? { status: "approved", answer }
          : answer.decision === "declined"
            ? { status: "declined", reason: answer.reason }
            : { status: "pending" };
    } catch (error) {
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
    await recordDecision(storage, target.decisionId, result, { attempts, latencyMs, at: now() });
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

  const breakerStates: Record<CircuitState, BreakerState> = {
    [CircuitState.Closed]: "closed",
    [CircuitState.Open]: "open",
    [CircuitState.HalfOpen]: "half_open",
    [CircuitState.Isolated]: "isolated",
  };

  return {
    deadlineMs,
    rules,
    sandboxAllowed: sandboxLoopback,
    breakerState(lenderId) {
      const found = policies.get(lenderId);
      return found ? breakerStates[found.breaker.state] : "unused";
    },
    async sendTest(target) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(deadlineMs);
      try {
        const answer = await send(
          {
            ...target,
            decisionId: target.request.decisionId,
            askedAmount: target.request.loan.amount,
          },
          JSON.stringify(target.request),
          deadline,
        );
        return { kind: "answer", answer, latencyMs: performance.now() - started };
      } catch (error) {
        return {
          kind: "failed",
          error: failureCode(error),
          rule: error instanceof LenderFailure ? error.rule : undefined,
          latencyMs: performance.now() - started,
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
        });
        // The deadline counts from the verification, the time the rows took included.
        const endsAt = started + deadlineMs;
        for (const target of targets) track(ask(target, endsAt));
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
  if (error instanceof BrokenCircuitError) return "circuit_open";
  if (error instanceof BulkheadRejectedError) return "busy";
  if (error instanceof TaskCancelledError) return "timeout";
  return "error";
}
