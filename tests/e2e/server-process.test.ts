import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "../../server/storage/database";
import { testEnv } from "../../server/test-support";
import { startServer } from "../support/server-process";

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
});
