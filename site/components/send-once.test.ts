import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onceSender } from "./send-once";

/**
 * A write sent once however the network behaves (decision 0476), against a
 * real server on loopback that loses its first answer (the connection is cut
 * after the request arrived, the hard case): the same Idempotency-Key goes
 * again when the browser says it is online, a new one only for another body.
 */
let server: Server | undefined;
const online = new EventTarget();

beforeEach(() => {
  vi.stubGlobal("window", online);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Answers 201 with the key it was given, except the requests numbered in `cut`, whose connection it cuts. */
async function serve(cut: ReadonlySet<number>) {
  const keys: string[] = [];
  server = createServer((req, res) => {
    keys.push(String(req.headers["idempotency-key"]));
    req.resume();
    req.on("end", () => {
      if (cut.has(keys.length)) {
        req.socket.destroy();
        return;
      }
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ key: keys.at(-1) }));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/applications`, keys };
}

describe("onceSender", () => {
  it("sends the same request again with the same key once the connection returns", async () => {
    const { url, keys } = await serve(new Set([1]));
    const events: string[] = [];
    const sender = onceSender();
    const answer = sender.send(
      url,
      { a: 1 },
      {
        waiting: () => {
          events.push("waiting");
          online.dispatchEvent(new Event("online"));
        },
        sending: () => events.push("sending"),
      },
    );
    const result = await answer;
    expect(result?.status).toBe(201);
    expect(events).toEqual(["waiting", "sending"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // The same body again: the same key; another body: a new one.
    const quiet = { waiting: () => undefined, sending: () => undefined };
    await sender.send(url, { a: 1 }, quiet);
    await sender.send(url, { a: 2 }, quiet);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("lets a new press take over a request that waits: the earlier answers undefined", async () => {
    const { url, keys } = await serve(new Set([1]));
    const sender = onceSender();
    let waited: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      waited = resolve;
    });
    const first = sender.send(url, { b: 1 }, { waiting: waited, sending: () => undefined });
    await waiting;
    const second = await sender.send(
      url,
      { b: 1 },
      { waiting: () => undefined, sending: () => undefined },
    );
    expect(second?.status).toBe(201);
    expect(await first).toBeUndefined();
    expect(new Set(keys).size).toBe(1);
  });
});
