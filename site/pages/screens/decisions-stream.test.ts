import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ApplicationOffers } from "../../../core/domain/decisions";
import { approvedDecision, decisionsOf } from "../../../core/domain/decisions.fixtures";
import { followApplicationOffers } from "./decisions-stream";

/**
 * The offers page's fallback where EventSource is missing or fails: the
 * JSON of the server's contract (core/domain/decisions.ts ApplicationOffers), polled from a real server on
 * loopback that answers each request with the next of its answers. (The
 * browser tests drive the EventSource path in Chromium.)
 */
let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(answers: { status: number; body: unknown }[]) {
  const paths: string[] = [];
  server = createServer((req, res) => {
    paths.push(req.url ?? "");
    const answer = answers[Math.min(paths.length - 1, answers.length - 1)] ?? answers[0];
    res.writeHead(answer?.status ?? 500, { "content-type": "application/json" });
    res.end(JSON.stringify(answer?.body ?? null));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, paths };
}

/** Follows by polling until `until` says so; resolves with every snapshot delivered. */
function follow(origin: string, until: (seen: ApplicationOffers[]) => boolean) {
  const seen: ApplicationOffers[] = [];
  return new Promise<ApplicationOffers[]>((resolve) => {
    const stop = followApplicationOffers(
      "lead-1",
      (offers) => {
        seen.push(offers);
        if (until(seen)) {
          stop();
          resolve(seen);
        }
      },
      { EventSource: undefined, origin, pollIntervalMs: 1 },
    );
  });
}

const loan = { amount: 50_000, termDays: 91 };
const first: ApplicationOffers = {
  ...loan,
  activeOfferIds: [1, 7],
  decisions: decisionsOf([
    approvedDecision("a", 1, 50_000, 91),
    { lenderId: "b", status: "waiting" },
  ]),
};
const last: ApplicationOffers = {
  ...loan,
  activeOfferIds: [1, 7],
  decisions: decisionsOf(
    [approvedDecision("a", 1, 50_000, 91), { lenderId: "b", status: "declined" }],
    { complete: true },
  ),
};

describe("followApplicationOffers without EventSource", () => {
  it("polls the offers' JSON until the decisions are complete, skipping what is not offers", async () => {
    const { origin, paths } = await serve([
      { status: 200, body: first },
      { status: 200, body: { decisions: "garbage" } },
      { status: 200, body: first.decisions },
      { status: 503, body: null },
      { status: 200, body: last },
    ]);
    const seen = await follow(origin, (snapshots) => snapshots.at(-1)?.decisions.complete === true);
    expect(seen).toEqual([first, last]);
    expect(new Set(paths)).toEqual(new Set(["/api/applications/lead-1/offers"]));
  });

  it("stops at an answer that says the application is not the visitor's", async () => {
    const { origin, paths } = await serve([
      { status: 404, body: { error: { code: "not_found" } } },
    ]);
    const seen: ApplicationOffers[] = [];
    await new Promise<void>((resolve) => {
      followApplicationOffers("lead-1", (offers) => seen.push(offers), {
        EventSource: undefined,
        origin,
        pollIntervalMs: 1,
        onEnd: resolve,
      });
    });
    expect(seen).toEqual([]);
    expect(paths).toHaveLength(1);
  });
});

/** An EventSource the test drives: what the browser's does on a drop (CONNECTING) or a refusal (CLOSED). */
class DrivenSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: DrivenSource[] = [];
  readyState = DrivenSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    DrivenSource.made.push(this);
  }
  close() {
    this.readyState = DrivenSource.CLOSED;
  }
  opened() {
    this.readyState = DrivenSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  send(event: string, offers: ApplicationOffers) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(offers) }));
  }
  dropped(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event("error"));
  }
}

describe("followApplicationOffers with the stream", () => {
  it("lets a dropped stream resume where it left off, and shows each snapshot once", async () => {
    const { origin, paths } = await serve([{ status: 200, body: last }]);
    DrivenSource.made = [];
    const seen: ApplicationOffers[] = [];
    let ended = false;
    followApplicationOffers("lead-1", (offers) => seen.push(offers), {
      EventSource: DrivenSource as unknown as typeof EventSource,
      origin,
      onEnd: () => {
        ended = true;
      },
    });
    const source = DrivenSource.made[0];
    if (!source) throw new Error("no stream opened");
    source.opened();
    source.send("offers", first);
    // The connection drops; the browser reconnects by itself (with Last-Event-ID).
    source.dropped(DrivenSource.CONNECTING);
    source.opened();
    // A snapshot the page has already (an older server sends it again) is not shown twice.
    source.send("offers", first);
    source.send("complete", last);
    expect(seen).toEqual([first, last]);
    expect(ended).toBe(true);
    // It never fell back to polling.
    expect(paths).toEqual([]);
  });

  it("polls instead once the stream is refused (closed), or after repeated drops", async () => {
    const { origin, paths } = await serve([{ status: 200, body: last }]);
    for (const drops of [[DrivenSource.CLOSED], [0, 0, 0, 0].map(() => DrivenSource.CONNECTING)]) {
      DrivenSource.made = [];
      paths.length = 0;
      const seen: ApplicationOffers[] = [];
      await new Promise<void>((resolve) => {
        followApplicationOffers("lead-1", (offers) => seen.push(offers), {
          EventSource: DrivenSource as unknown as typeof EventSource,
          origin,
          pollIntervalMs: 1,
          onEnd: resolve,
        });
        for (const readyState of drops) DrivenSource.made[0]?.dropped(readyState);
      });
      expect(seen).toEqual([last]);
      expect(paths).toEqual(["/api/applications/lead-1/offers"]);
    }
  });
});
