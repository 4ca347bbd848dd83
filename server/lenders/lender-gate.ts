/**
 * What stands between one lender and our requests on this instance
 * (decision 0350): a concurrency limit whose queue a request leaves at its
 * own deadline, never refused for the queue's length, and a circuit breaker
 * that counts applications (each one's final outcome, retries included),
 * never attempts. decision-network.ts keeps one gate per lender.
 *
 * - Closed: every application goes through (when a slot is free);
 *   `failures` failed applications in a row open the circuit.
 * - Open: nothing goes through for `openMs`; applications are refused at
 *   once, those waiting for a slot included.
 * - Half-open (when `openMs` has passed): up to `trials` applications go
 *   through at once as trials, the others wait for a slot as usual; the
 *   first trial that succeeds closes the circuit, `trials` failed ones open
 *   it again. A trial whose outcome says nothing of the lender (`neutral`)
 *   frees its place for another.
 *
 * An outcome counts only in the state its application was let through in:
 * applications in flight when the circuit opened (the same burst's) do not
 * count towards the next state.
 */

export type GateState = "closed" | "open" | "half_open";

/** Why an application was not let through: no slot by its deadline, or the circuit. */
export class GateRefused extends Error {
  constructor(readonly code: "busy" | "circuit_open") {
    super(code);
    this.name = "GateRefused";
  }
}

/**
 * What an application let through came to, for the breaker: the lender
 * answered (`success`), failed it (`failure`: an error, a status, an
 * unreadable answer, silence for its deadline), or neither (`neutral`: our
 * own refusal, or too little time left to judge the lender by).
 */
export type GateOutcome = "success" | "failure" | "neutral";

/** An application let through: `done` frees its slot and tells the breaker, once. */
export interface GatePass {
  done(outcome: GateOutcome): void;
}

export interface LenderGateOptions {
  /** Requests to the lender in flight at once (1 or more); setConcurrency changes it. */
  concurrency: number;
  /** Failed applications in a row that open the circuit. */
  failures: number;
  /** How long an open circuit lets nothing through, in ms of `clock`. */
  openMs: number;
  /** Applications a half-open circuit lets through at once, and the failures that reopen it. */
  trials: number;
  /** A monotonic clock in ms (performance.now unless a test gives its own). */
  clock: () => number;
  /**
   * Told of every change of state, as it happens (decision 0420): open with
   * how long it refuses. An open circuit becomes half-open when the first
   * application after its time meets it. Must not throw.
   */
  onChange?: (state: GateState, openMs?: number) => void;
}

type Breaker =
  | { state: "closed"; failures: number }
  | { state: "open"; until: number }
  | { state: "half_open"; inFlight: number; failed: number };

interface Waiter {
  signal: AbortSignal;
  resolve(pass: GatePass): void;
  reject(error: GateRefused): void;
  onAbort(): void;
}

export interface LenderGate {
  /** The state the next application meets: an open circuit whose time is up shows as half-open. */
  readonly state: GateState;
  /** Applications let through and not done yet. */
  readonly active: number;
  /** Applications waiting for a slot (or for a half-open circuit's trial). */
  readonly waiting: number;
  readonly concurrency: number;
  /** The lender's limit as stored now (the record may change while the server runs). */
  setConcurrency(concurrency: number): void;
  /**
   * Waits for a slot, first come first served, while `signal` (the
   * application's deadline) allows: resolves with the pass, or rejects with
   * `circuit_open` (the circuit is open, or a half-open one's trials were
   * still out at the deadline) or `busy` (no slot by the deadline).
   */
  enter(signal: AbortSignal): Promise<GatePass>;
}

export function createLenderGate(options: LenderGateOptions): LenderGate {
  const { failures, openMs, trials, clock, onChange } = options;
  let concurrency = Math.max(1, options.concurrency);
  let active = 0;
  const queue: Waiter[] = [];
  let breaker: Breaker = { state: "closed", failures: 0 };
  /** Changes with every state change: an outcome counts only in its own. */
  let epoch = 0;

  const change = (next: Breaker) => {
    breaker = next;
    epoch += 1;
    onChange?.(next.state, next.state === "open" ? openMs : undefined);
  };

  /** Why a waiter whose deadline came was not let through. */
  const refusalAtDeadline = (): GateRefused["code"] =>
    breaker.state === "open" || (breaker.state === "half_open" && active < concurrency)
      ? "circuit_open"
      : "busy";

  const admit = (): "go" | "trial" | "wait" | "refuse" => {
    if (breaker.state === "open") {
      if (clock() < breaker.until) return "refuse";
      change({ state: "half_open", inFlight: 0, failed: 0 });
    }
    if (active >= concurrency) return "wait";
    if (breaker.state === "half_open") {
      if (breaker.inFlight + breaker.failed >= trials) return "wait";
      breaker.inFlight += 1;
      active += 1;
      return "trial";
    }
    active += 1;
    return "go";
  };

  const count = (outcome: GateOutcome, trial: boolean) => {
    if (breaker.state === "closed") {
      if (outcome === "success") breaker.failures = 0;
      else if (outcome === "failure") {
        breaker.failures += 1;
        if (breaker.failures >= failures) change({ state: "open", until: clock() + openMs });
      }
      return;
    }
    if (breaker.state === "half_open" && trial) {
      breaker.inFlight -= 1;
      if (outcome === "success") change({ state: "closed", failures: 0 });
      else if (outcome === "failure") {
        breaker.failed += 1;
        if (breaker.failed >= trials) change({ state: "open", until: clock() + openMs });
      }
    }
  };

  const pass = (trial: boolean): GatePass => {
    const admittedIn = epoch;
    let done = false;
    return {
      done(outcome) {
        if (done) return;
        done = true;
        active -= 1;
        if (admittedIn === epoch) count(outcome, trial);
        pump();
      },
    };
  };

  /** Lets waiters through, in order, as far as the state and the slots allow. */
  function pump(): void {
    for (let waiter = queue[0]; waiter !== undefined; waiter = queue[0]) {
      const verdict = admit();
      if (verdict === "wait") return;
      queue.shift();
      waiter.signal.removeEventListener("abort", waiter.onAbort);
      if (verdict === "refuse") waiter.reject(new GateRefused("circuit_open"));
      else waiter.resolve(pass(verdict === "trial"));
    }
  }

  return {
    get state() {
      if (breaker.state === "open" && clock() >= breaker.until) return "half_open";
      return breaker.state;
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get concurrency() {
      return concurrency;
    },
    setConcurrency(next) {
      const limit = Math.max(1, next);
      if (limit === concurrency) return;
      concurrency = limit;
      pump();
    },
    enter(signal) {
      return new Promise<GatePass>((resolve, reject) => {
        if (signal.aborted) {
          reject(new GateRefused(refusalAtDeadline()));
          return;
        }
        const waiter: Waiter = {
          signal,
          resolve,
          reject,
          onAbort: () => {
            const index = queue.indexOf(waiter);
            if (index === -1) return;
            queue.splice(index, 1);
            reject(new GateRefused(refusalAtDeadline()));
            // The ones behind it may go now.
            pump();
          },
        };
        queue.push(waiter);
        signal.addEventListener("abort", waiter.onAbort, { once: true });
        pump();
      });
    },
  };
}
