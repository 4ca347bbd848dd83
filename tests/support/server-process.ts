import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testEnv } from "../../server/test-support";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Starts the built server (dist/server/main.js) as `npm start` does, on a
 * free port and an empty data folder (or the one given, to start again on
 * the data a stopped server left), and waits until it prints its URL.
 */
export async function startServer(
  env: Record<string, string> = {},
  { dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-e2e-")) }: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: {
      PATH: testEnv.path,
      NODE_ENV: "production",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 20_000);
    const check = () => {
      const match = output.match(/running at (http:\/\/localhost:\d+)\//);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    child,
    dataDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The path of every page the server's sitemap lists ("/", "/en/about/", …), in its order. */
export async function sitemapPaths(server: ServerProcess): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
}
