import { describe, expect, it } from "vitest";
import {
  createLenderGate,
  type GatePass,
  GateRefused,
  type LenderGateOptions,
} from "./lender-gate";

/** A gate on a clock the test moves by hand: no wall-clock time anywhere (decision 0082). */
function gateWith(options: Partial<LenderGateOptions> = {}) {
  let now = 0;
  const gate = createLenderGate({
    concurrency: 4,
    failures: 3,
    openMs: 30_000,
    trials: 2,
    clock: () => now,
    ...options,
  });
  return {
    gate,
    advance(ms: number) {
      now += ms;
    },
  };
}

const open = () => new AbortController().signal;

/** What a promise has come to so far, after the microtasks queued now have run. */
async function settled<T>(promise: Promise<T>): Promise<"waiting" | T | GateRefused> {
  const marker = Symbol("waiting");
  const result = await Promise.race([
    promise.catch((error: unknown) => error as GateRefused),
    new Promise<typeof marker>((resolve) => setImmediate(() => resolve(marker))),
  ]);
  return result === marker ? "waiting" : (result as T | GateRefused);
}

async function fail(gate: ReturnType<typeof gateWith>["gate"], times: number) {
  for (let index = 0; index < times; index++) (await gate.enter(open())).done("failure");
}

describe("a lender's gate: the concurrency limit", () => {
  it("lets `concurrency` through at once; the next waits, first come first served", async () => {
    const { gate } = gateWith({ concurrency: 2 });
    const first = await gate.enter(open());
    const second = await gate.enter(open());
    const third = gate.enter(open());
    const fourth = gate.enter(open());
    expect(await settled(third)).toBe("waiting");
    expect(gate).toMatchObject({ active: 2, waiting: 2 });
    first.done("success");
    expect(await settled(third)).not.toBe("waiting");
    expect(await settled(fourth)).toBe("waiting");
    second.done("success");
    expect(await settled(fourth)).not.toBe("waiting");
    expect(gate).toMatchObject({ active: 2, waiting: 0 });
  });

  it("keeps a request waiting as long as its deadline allows, and no longer: busy", async () => {
    const { gate } = gateWith({ concurrency: 1 });
    const holder = await gate.enter(open());
    const deadline = new AbortController();
    const waiting = gate.enter(deadline.signal);
    const behind = gate.enter(open());
    expect(await settled(waiting)).toBe("waiting");
    deadline.abort();
    const refused = await settled(waiting);
    expect(refused).toBeInstanceOf(GateRefused);
    expect((refused as GateRefused).code).toBe("busy");
    // The one behind it is still in line, and goes when the slot is free.
    expect(gate.waiting).toBe(1);
    holder.done("success");
    expect(await settled(behind)).not.toBe("waiting");
  });

  it("refuses at once a request whose deadline has passed", async () => {
    const { gate } = gateWith();
    const passed = new AbortController();
    passed.abort();
    expect(((await settled(gate.enter(passed.signal))) as GateRefused).code).toBe("busy");
    expect(gate.active).toBe(0);
  });

  it("takes a new limit at once: more let through when it grows", async () => {
    const { gate } = gateWith({ concurrency: 1 });
    await gate.enter(open());
    const next = gate.enter(open());
    expect(await settled(next)).toBe("waiting");
    gate.setConcurrency(2);
    expect(await settled(next)).not.toBe("waiting");
    expect(gate.concurrency).toBe(2);
  });

  it("frees a slot once per pass", async () => {
    const { gate } = gateWith({ concurrency: 1 });
    const pass = await gate.enter(open());
    pass.done("success");
    pass.done("success");
    expect(gate.active).toBe(0);
    await gate.enter(open());
    const next = gate.enter(open());
    expect(await settled(next)).toBe("waiting");
  });
});

describe("a lender's gate: the breaker counts applications", () => {
  it("opens after `failures` failed applications in a row; a success in between starts again", async () => {
    const { gate } = gateWith({ failures: 3 });
    await fail(gate, 2);
    (await gate.enter(open())).done("success");
    await fail(gate, 2);
    expect(gate.state).toBe("closed");
    await fail(gate, 1);
    expect(gate.state).toBe("open");
    const refused = (await settled(gate.enter(open()))) as GateRefused;
    expect(refused.code).toBe("circuit_open");
  });

  it("never counts neutral outcomes (our refusals, too little time to judge)", async () => {
    const { gate } = gateWith({ failures: 2 });
    for (let index = 0; index < 10; index++) (await gate.enter(open())).done("neutral");
    expect(gate.state).toBe("closed");
  });

  it("refuses those waiting for a slot when it opens, not only those who come after", async () => {
    const { gate } = gateWith({ concurrency: 2, failures: 2 });
    const first = await gate.enter(open());
    const second = await gate.enter(open());
    const queued = gate.enter(open());
    first.done("failure");
    // The freed slot went to the one waiting.
    const third = (await settled(queued)) as GatePass;
    const fourth = gate.enter(open());
    second.done("failure");
    expect(gate.state).toBe("open");
    expect(((await settled(fourth)) as GateRefused).code).toBe("circuit_open");
    // The burst's application still in flight does not count towards the next state.
    third.done("failure");
    expect(gate.state).toBe("open");
  });

  it("half-opens after openMs: `trials` at once, and the first success closes it", async () => {
    const { gate, advance } = gateWith({ concurrency: 8, failures: 1, trials: 2 });
    await fail(gate, 1);
    advance(29_999);
    expect(gate.state).toBe("open");
    advance(1);
    expect(gate.state).toBe("half_open");
    const trial1 = await gate.enter(open());
    const trial2 = await gate.enter(open());
    const third = gate.enter(open());
    expect(await settled(third)).toBe("waiting");
    trial1.done("failure");
    // One trial of two failed: still half-open; the other is out, so no third trial yet.
    expect(gate.state).toBe("half_open");
    expect(await settled(third)).toBe("waiting");
    trial2.done("success");
    expect(gate.state).toBe("closed");
    expect(await settled(third)).not.toBe("waiting");
  });

  it("counts an application only in the state it was let through in", async () => {
    const { gate, advance } = gateWith({ concurrency: 8, failures: 2, trials: 1 });
    const slow = await gate.enter(open());
    await fail(gate, 2);
    advance(30_000);
    (await gate.enter(open())).done("success");
    expect(gate.state).toBe("closed");
    // From the burst that opened it, ending after it closed again: not one of the new state's.
    slow.done("failure");
    await fail(gate, 1);
    expect(gate.state).toBe("closed");
    await fail(gate, 1);
    expect(gate.state).toBe("open");
  });

  it("opens again for openMs once `trials` trials have failed", async () => {
    const { gate, advance } = gateWith({ failures: 1, trials: 2 });
    await fail(gate, 1);
    advance(30_000);
    await fail(gate, 2);
    expect(gate.state).toBe("open");
    advance(29_999);
    expect(((await settled(gate.enter(open()))) as GateRefused).code).toBe("circuit_open");
    advance(1);
    (await gate.enter(open())).done("success");
    expect(gate.state).toBe("closed");
  });

  it("lets a neutral trial's place go to another", async () => {
    const { gate, advance } = gateWith({ failures: 1, trials: 1 });
    await fail(gate, 1);
    advance(30_000);
    const trial = await gate.enter(open());
    const next = gate.enter(open());
    expect(await settled(next)).toBe("waiting");
    trial.done("neutral");
    expect(gate.state).toBe("half_open");
    ((await settled(next)) as GatePass).done("success");
    expect(gate.state).toBe("closed");
  });

  it("says circuit_open to one whose deadline came while the trials were out", async () => {
    const { gate, advance } = gateWith({ failures: 1, trials: 1 });
    await fail(gate, 1);
    advance(30_000);
    await gate.enter(open());
    const deadline = new AbortController();
    const waiting = gate.enter(deadline.signal);
    deadline.abort();
    expect(((await settled(waiting)) as GateRefused).code).toBe("circuit_open");
  });
});
