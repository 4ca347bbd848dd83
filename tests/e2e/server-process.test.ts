import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "../../server/storage/database";
import { testEnv } from "../../server/test-support";
import { type ServerProcess, startServer as startServerProcess } from "../support/server-process";

const started: ServerProcess[] = [];

/** A server process that is stopped after the test even when the test fails on the way. */
async function startServer(...args: Parameters<typeof startServerProcess>): Promise<ServerProcess> {
  const server = await startServerProcess(...args);
  started.push(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  }
});

/** Whether the server accepts a new connection on its port (it stops on SIGTERM). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(port, "127.0.0.1");
    probe.on("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
  });
}

function runUntilExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { PATH: testEnv.path, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

describe("the server process", () => {
  it("creates and migrates its data folder on start", async () => {
    const server = await startServer();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(server.dataDir, SQLITE_FILE_NAME))).toBe(true);
    expect(await server.stop()).toBe(0);
  });

  it("stops with a message naming a bad configuration variable", async () => {
    const { code, output } = await runUntilExit({ PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain("PORT");
  });

  it("in production, will not start with a URL it calls over http or on this machine (0344)", async () => {
    const token = "a-token-that-must-not-show-1234";
    const overHttp = await runUntilExit({
      SMS_WEBHOOK_URL: `http://sms.example.lk/send?token=${token}`,
    });
    expect(overHttp.code).toBe(1);
    expect(overHttp.output).toContain("SMS_WEBHOOK_URL: must be https in production");
    expect(overHttp.output).not.toContain(token);
    const loopback = await runUntilExit({ FEED_UPSTREAM_URL: "https://127.0.0.1:8443/feed" });
    expect(loopback.code).toBe(1);
    expect(loopback.output).toContain("FEED_UPSTREAM_URL: must be on a public address");
  });

  it("cuts off a client slow to send its headers or its body, and an idle connection (0346)", async () => {
    const server = await startServer({
      HEADERS_TIMEOUT_MS: "500",
      REQUEST_TIMEOUT_MS: "1000",
      KEEP_ALIVE_TIMEOUT_MS: "500",
    });
    const { port } = new URL(server.url);
    const opened = (first: string) => {
      const socket = connect(Number(port), "127.0.0.1");
      const state = { received: "", closed: false };
      socket.on("data", (chunk) => {
        state.received += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        state.closed = true;
      });
      socket.write(first);
      return state;
    };
    const closed = async (state: { closed: boolean }) => {
      const deadline = Date.now() + 15_000;
      while (!state.closed) {
        if (Date.now() > deadline) throw new Error("the server kept the connection");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const slowHeaders = opened("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    const slowBody = opened(
      "POST /api/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
    );
    const idle = opened("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await closed(slowHeaders);
    expect(slowHeaders.received).toMatch(/^HTTP\/1\.1 408 /);
    await closed(slowBody);
    await closed(idle);
    expect(idle.received).toMatch(/^HTTP\/1\.1 200 /);
    // Everyone else is served as before.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it("finishes an in-flight request on SIGTERM, closes storage and exits 0", async () => {
    const server = await startServer();
    const body = JSON.stringify({ event_id: 5, utm_source: "shutdown-test" });
    const half = Math.floor(body.length / 2);

    const answer = new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/event`,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on("error", reject);
      // Half the body now, SIGTERM while the request is in flight, the rest after.
      req.write(body.slice(0, half));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(half)), 300);
      }, 200);
    });

    const { status, text } = await answer;
    const answered = Date.now();
    expect(status).toBe(202);
    expect(JSON.parse(text)).toHaveProperty("id");
    expect(await server.exited).toBe(0);
    // Not held open by the finished request's keep-alive socket (5 s).
    expect(Date.now() - answered).toBeLessThan(1_500);

    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    const row = database.prepare("select count(*) as count from events").get() as { count: number };
    database.close();
    expect(row.count).toBe(1);
    await server.stop();
  });

  it("keeps every event it answered 202 when killed with SIGKILL right after", async () => {
    const server = await startServer();
    const acknowledged: string[] = [];
    let killed = false;
    const body = JSON.stringify({ event_id: 5, utm_source: "kill-test" });
    // Senders keep events in flight; the process dies the moment the 400th 202 arrives.
    const sender = async () => {
      while (!killed) {
        const answer = await fetch(`${server.url}/api/event`, {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8" },
          body,
        }).catch(() => undefined);
        if (!answer || killed) return;
        if (answer.status === 202) acknowledged.push(((await answer.json()) as { id: string }).id);
        if (acknowledged.length >= 400 && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    await server.exited;

    // The same data folder again: the database opens and migrates after the crash.
    const again = await startServer({}, { dataDir: server.dataDir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    const stored = new Set(
      (database.prepare("select id from events").all() as { id: string }[]).map((row) => row.id),
    );
    database.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(400);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(await again.stop()).toBe(0);
  });

  it("answers requests already received on a keep-alive connection during shutdown, and closes it cleanly", async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    const problems: string[] = [];
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      problems.push(error.code ?? error.message),
    );
    let closed = false;
    const ended = new Promise<void>((resolve) =>
      socket.on("close", () => {
        closed = true;
        resolve();
      }),
    );
    await new Promise((resolve) => socket.on("connect", resolve));
    const waitFor = async (condition: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!condition()) {
        if (Date.now() > deadline) {
          throw new Error(`waited in vain; received ${JSON.stringify(received)}, ${problems}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    /** The status lines and Connection headers of the answers so far (100 Continue aside). */
    const answers = () =>
      [...received.matchAll(/HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n/g)]
        .filter(([, status]) => status !== "100")
        .map(([head, status]) => ({
          status: Number(status),
          connection: /\r\nConnection: (\S+)/i.exec(head)?.[1]?.toLowerCase(),
        }));
    const event = JSON.stringify({ event_id: 5, utm_source: "keep-alive-test" });
    const eventHead = [
      "POST /api/event HTTP/1.1",
      "Host: localhost",
      "Content-Type: application/json",
      `Content-Length: ${event.length}`,
      // The server's 100 Continue says it has the request: in flight when SIGTERM comes.
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n");
    const health = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";

    // One answered request first: the connection is a kept-alive one.
    socket.write(health);
    await waitFor(() => answers().length === 1);
    expect(answers()[0]).toEqual({ status: 200, connection: "keep-alive" });

    socket.write(`${eventHead}${event.slice(0, 5)}`);
    await waitFor(() => received.includes("100 Continue"));
    server.child.kill("SIGTERM");
    // Shutting down: the server takes no new connection.
    while (await accepts(Number(port))) await new Promise((resolve) => setTimeout(resolve, 2));
    // The rest of the event, and a second request queued behind it on the same connection.
    socket.write(`${event.slice(5)}${health}`);
    await waitFor(() => answers().length === 3);
    // A client sends another request only when the last answer keeps the connection.
    if (answers()[2]?.connection !== "close") {
      socket.write(health);
      await waitFor(() => answers().length === 4 || closed);
    }
    await ended;
    expect(problems).toEqual([]);
    // Every request sent got its answer: none was cut off by the connection closing.
    expect(answers().map((answer) => answer.status)).toEqual(
      answers()[2]?.connection === "close" ? [200, 202, 200] : [200, 202, 200, 200],
    );
    expect(answers().at(-1)?.connection).toBe("close");
    expect(await server.exited).toBe(0);
    await server.stop();
  });
});
