import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApplicationOffers, applicationOffersStreamPath } from "../../core/domain/decisions";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { consentToShareText } from "../../site/server";
import { codeSentTo } from "../borrowers/applicant.test-support";
import { createHttpServer, type ServerTimeouts } from "../http/http-server";
import { createDecisionNetwork } from "../lenders/decision-network";
import {
  approval,
  gate,
  LENDER_HOSTS,
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { appWith, silentLog, testOutboundRules } from "../test-support";
import { type SeededOdds, seedOddsForLead } from "./approval-odds.test-support";

/**
 * The Server-Sent Events stream of an application's decisions (issue 15),
 * GET /api/applications/{leadId}/offers/stream, read over a real socket as
 * a browser's EventSource reads it through a proxy: events as decisions
 * arrive, in order, then `complete`, and the end; heartbeats; never
 * compressed; decisions another instance records. Everything here goes
 * over sockets: light-my-request, once it injects into an Express app,
 * makes every Express request of the process its own (it sets their shared
 * prototype), which breaks requests that come by socket.
 */

const lenders: TestLender[] = [];
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function lender(...args: Parameters<typeof startTestLender>) {
  const started = await startTestLender(...args);
  lenders.push(started);
  return started;
}

async function listen(
  app: NonNullable<Parameters<typeof createServer>[1]>,
  timeouts?: ServerTimeouts,
): Promise<string> {
  const server = timeouts ? createHttpServer(app, timeouts) : createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let phones = 0;

/** Applies over HTTP and enters the code from the outbox: the verified lead's id. */
async function applyOver(base: string, context: ReturnType<typeof setUpDecisionApp>) {
  phones += 1;
  const phone = `077${String(4_000_000 + phones).padStart(7, "0")}`;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // The income of setUpDecisionApp's applicants: an approval's one repayment fits (0355).
  const applied = await post("/api/applications", {
    ...validApplication,
    monthlyIncome: 180_000,
    phone,
  });
  if (applied.status !== 201) throw new Error(`applying answered ${applied.status}`);
  const { leadId } = (await applied.json()) as { leadId: string };
  const verified = await post(`/api/applications/${leadId}/verification`, {
    code: codeSentTo(context.messages(), phone),
  });
  if (verified.status !== 200) throw new Error(`the code answered ${verified.status}`);
  return leadId;
}

interface StreamEvent {
  event: string;
  id: string;
  data: ApplicationOffers;
}

/** Reads a Server-Sent Events stream as it arrives: events, comments, and whether it ended. */
function readStream(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let buffer = "";
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(":");
            fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
        }
        if (fields.event && fields.data) {
          events.push({
            event: fields.event,
            id: String(fields.id),
            data: JSON.parse(fields.data) as ApplicationOffers,
          });
        }
        end = buffer.indexOf("\n\n");
      }
    }
    ended = true;
  })();
  return {
    events,
    comments,
    get ended() {
      return ended;
    },
    finished: pump,
    async until(condition: () => boolean, what: string) {
      const limit = Date.now() + 10_000;
      while (!condition()) {
        if (ended) throw new Error(`the stream ended before ${what}`);
        if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

describe("GET /api/applications/{leadId}/offers/stream", () => {
  const context = setUpDecisionApp({}, { offersStream: { heartbeatMs: 30 } });
  let base = "";
  beforeAll(async () => {
    base = await listen(context.app);
  });

  const open = (leadId: string, cookie = `lead=${leadId}`) =>
    fetch(`${base}${applicationOffersStreamPath(leadId)}`, {
      headers: { cookie, "accept-encoding": "gzip, br", accept: "text/event-stream" },
    });

  it("streams decisions as they arrive, in order, then `complete`, and ends", async () => {
    const slowAnswer = gate();
    const fast = await lender(() => ({ status: 200, body: approval(981_001) }));
    const slow = await lender(async () => {
      await slowAnswer.promise;
      return { status: 200, body: { decision: "declined", reason: "policy" } };
    });
    await context.onlyLenders([
      lenderSpec("stream-fast", namedUrl(fast), [981_001]),
      lenderSpec("stream-slow", namedUrl(slow), [981_002]),
    ]);
    const leadId = await applyOver(base, context);
    // Issue 36: both lenders have odds; only the one still deciding carries them.
    const odds = { bucket: [40, 30], all: [100, 40] } satisfies SeededOdds;
    await seedOddsForLead(context.test.storage, leadId, {
      "stream-fast": odds,
      "stream-slow": odds,
    });
    const response = await open(leadId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    // Never compressed: a compressing proxy or middleware would hold events back.
    expect(response.headers.get("content-encoding")).toBeNull();
    const stream = readStream(response);

    // The fast decision arrives while the slow lender still holds its answer: streamed, not buffered.
    await stream.until(
      () => stream.events.some((event) => event.data.decisions.answered === 1),
      "the fast decision",
    );
    expect(stream.ended).toBe(false);
    const meanwhile = stream.events.at(-1)?.data.decisions;
    expect(meanwhile?.decisions.map((decision) => decision.status)).toEqual([
      "approved",
      "waiting",
    ]);
    expect(meanwhile?.decisions.map((decision) => decision.approvalOdds)).toEqual([
      undefined,
      { inTen: 6, likelihood: "possible", basis: 40 },
    ]);
    // Heartbeats keep it open through proxies.
    await stream.until(() => stream.comments.includes("heartbeat"), "a heartbeat");

    slowAnswer.open();
    await stream.finished;
    const last = stream.events.at(-1);
    expect(last?.event).toBe("complete");
    expect(last?.data.decisions).toMatchObject({ asked: 2, answered: 2, complete: true });
    expect(last?.data.decisions.decisions.map((decision) => decision.status)).toEqual([
      "approved",
      "declined",
    ]);
    // Answered: the odds gave way to the answer.
    expect(last?.data.decisions.decisions.some((decision) => decision.approvalOdds)).toBe(false);
    await context.test.storage.db.deleteFrom("approval_odds").execute();
    expect(last?.data.activeOfferIds[0]).toBe(981_001);
    // In order: each id new (its snapshot's hash), answers never go back, every event before
    // the last is `offers`.
    expect(new Set(stream.events.map((event) => event.id)).size).toBe(stream.events.length);
    const answered = stream.events.map((event) => event.data.decisions.answered);
    expect(answered).toEqual([...answered].sort((a, b) => a - b));
    expect(stream.events.slice(0, -1).every((event) => event.event === "offers")).toBe(true);
    expect(stream.events.filter((event) => event.event === "complete")).toHaveLength(1);
  });

  it("resumes where it left off: a reconnect with Last-Event-ID gets only later events", async () => {
    const slowAnswer = gate();
    const fast = await lender(() => ({ status: 200, body: approval(981_011) }));
    const slow = await lender(async () => {
      await slowAnswer.promise;
      return { status: 200, body: { decision: "declined", reason: "policy" } };
    });
    await context.onlyLenders([
      lenderSpec("resume-fast", namedUrl(fast), [981_011]),
      lenderSpec("resume-slow", namedUrl(slow), [981_012]),
    ]);
    const leadId = await applyOver(base, context);
    const first = readStream(await open(leadId));
    await first.until(
      () => first.events.some((event) => event.data.decisions.answered === 1),
      "the fast decision",
    );
    const seen = first.events.at(-1);
    // The connection drops; the browser comes back with the id of the last event it had.
    const response = await fetch(`${base}${applicationOffersStreamPath(leadId)}`, {
      headers: { cookie: `lead=${leadId}`, "last-event-id": seen?.id ?? "" },
    });
    const resumed = readStream(response);
    await resumed.until(() => resumed.comments.includes("heartbeat"), "a heartbeat");
    // Nothing it had is sent again.
    expect(resumed.events).toEqual([]);
    slowAnswer.open();
    await Promise.all([first.finished, resumed.finished]);
    expect(resumed.events.map((event) => event.event)).toEqual(["complete"]);
    expect(resumed.events[0]?.data.decisions.answered).toBe(2);
    expect(resumed.events[0]?.id).toBe(first.events.at(-1)?.id);
    // An id of another shape (NUL too) is no id: the stream starts from the start, never a 5xx.
    for (const id of ["1", "a\u0000b", "x".repeat(300)]) {
      const again = readStream(
        await fetch(`${base}${applicationOffersStreamPath(leadId)}`, {
          headers: { cookie: `lead=${leadId}`, "last-event-id": id },
        }).catch(() => new Response("")),
      );
      await again.finished;
      expect(again.events.length).toBeLessThanOrEqual(1);
    }
  });

  it("sends `complete` at once and ends when nothing is left to wait for", async () => {
    await context.onlyLenders([]);
    const leadId = await applyOver(base, context);
    const stream = readStream(await open(leadId));
    await stream.finished;
    expect(stream.events.map((event) => event.event)).toEqual(["complete"]);
    expect(stream.events[0]?.data.decisions.asked).toBe(0);
  });

  it("answers 404 with the error envelope, not a stream, without the lead's cookie", async () => {
    await context.onlyLenders([]);
    const leadId = await applyOver(base, context);
    const response = await open(leadId, "lead=AAAAAAAAAAAAAAAAAAAAAA");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect((await response.json()).error.code).toBe("unknown_application");
  });
});

describe("the stream behind the server's timeouts (0346)", () => {
  const context = setUpDecisionApp({}, { offersStream: { heartbeatMs: 30 } });
  const timeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 300 };
  let base = "";
  beforeAll(async () => {
    base = await listen(context.app, timeouts);
  });

  /** A raw connection to the server: what it received, and whether the server closed it. */
  const socketTo = () => {
    const { port } = new URL(base);
    const socket = connect(Number(port), "127.0.0.1");
    const state = { received: "", closed: false };
    socket.on("data", (chunk) => {
      state.received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      state.closed = true;
    });
    return { socket, state };
  };
  const until = async (condition: () => boolean, what: string) => {
    const limit = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("stays open past them while slow clients and idle connections are cut off", async () => {
    const release = gate();
    const held = await lender(async () => {
      await release.promise;
      return { status: 200, body: approval(983_001) };
    });
    await context.onlyLenders([lenderSpec("held-timeouts", namedUrl(held), [983_001])]);
    const leadId = await applyOver(base, context);
    const stream = readStream(
      await fetch(`${base}${applicationOffersStreamPath(leadId)}`, {
        headers: { cookie: `lead=${leadId}`, accept: "text/event-stream" },
      }),
    );
    await stream.until(() => stream.events.length > 0, "the first event");

    // Headers never finished (slowloris): a 408, then closed.
    const slowHeaders = socketTo();
    slowHeaders.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    // A body that never finishes: closed once the request's time is up.
    const slowBody = socketTo();
    slowBody.socket.write(
      "POST /api/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    // An answered request, then an idle kept-alive connection: closed.
    const idle = socketTo();
    idle.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await until(() => slowHeaders.state.closed, "the slow headers' connection to close");
    expect(slowHeaders.state.received).toMatch(/^HTTP\/1\.1 408 /);
    await until(() => slowBody.state.closed, "the slow body's connection to close");
    await until(() => idle.state.closed, "the idle connection to close");
    expect(idle.state.received).toMatch(/^HTTP\/1\.1 200 /);

    // The stream outlived all three, and still speaks.
    expect(stream.ended).toBe(false);
    const heartbeats = stream.comments.length;
    await stream.until(() => stream.comments.length > heartbeats, "a heartbeat after them");
    release.open();
    await stream.finished;
    expect(stream.events.at(-1)?.event).toBe("complete");
    expect(stream.events.at(-1)?.data.decisions.decisions[0]?.status).toBe("approved");
  });
});

describe("a stream on another instance", () => {
  const context = setUpDecisionApp();
  let base = "";
  beforeAll(async () => {
    base = await listen(context.app);
  });

  it("shows the decisions the instance that asked records, by reading storage", async () => {
    const release = gate();
    const held = await lender(async () => {
      await release.promise;
      return { status: 200, body: approval(982_001) };
    });
    await context.onlyLenders([lenderSpec("elsewhere", namedUrl(held), [982_001])]);
    // A second instance over the same storage: its network never hears of this lead.
    const otherNetwork = createDecisionNetwork({
      storage: context.test.storage,
      log: silentLog,
      deadlineMs: 5_000,
      rules: testOutboundRules(LENDER_HOSTS),
      sandboxLoopback: true,
      callbackUrl: () => "https://nayacompare.test/api/lenders/v1/decisions",
      consentText: consentToShareText,
    });
    const other = appWith(context.test.storage, {
      catalogues: new Map([["lk", context.catalogue]]),
      decisionNetwork: otherNetwork,
      offersStream: { pollMs: 25 },
    });
    const otherBase = await listen(other);
    const leadId = await applyOver(base, context);
    const stream = readStream(
      await fetch(`${otherBase}${applicationOffersStreamPath(leadId)}`, {
        headers: { cookie: `lead=${leadId}` },
      }),
    );
    await stream.until(() => stream.events.length > 0, "the first event");
    expect(stream.events[0]?.data.decisions.decisions).toEqual([
      { lenderId: "elsewhere", status: "waiting" },
    ]);
    release.open();
    await stream.finished;
    expect(stream.events.at(-1)).toMatchObject({
      event: "complete",
      data: { decisions: { decisions: [{ lenderId: "elsewhere", status: "approved" }] } },
    });
    await otherNetwork.close();
  });
});
