import { spawn, spawnSync } from "node:child_process";
import { testEnv } from "../../server/test-support";

export interface SandboxProcess {
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (the sandbox pauses its lenders), then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * `npm run sandbox` as its build runs it (dist/sandbox/sandbox.js) on a data
 * folder: resolves once its lenders are registered and listening ("Sandbox
 * ready"); fails if it exits first or says nothing of the kind in 20 s.
 */
export function startSandbox(dataDir: string): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/sandbox/sandbox.js"], {
    env: { PATH: testEnv.path, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const sandbox: SandboxProcess = {
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`no sandbox:\n${output}`));
    }, 20_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Sandbox ready")) {
        clearTimeout(timer);
        resolve(sandbox);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code}:\n${output}`));
    });
  });
}

/**
 * `npm run sandbox -- seed-history` on a data folder, as `npm run demo` runs it
 * before the server starts: 90 days of labelled synthetic decisions, so the
 * server's count at start gives the pages approval odds (decision 0460).
 */
export function seedSandboxHistory(dataDir: string): void {
  const seeded = spawnSync(
    process.execPath,
    ["--enable-source-maps", "dist/sandbox/sandbox.js", "seed-history"],
    {
      env: { PATH: testEnv.path, DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  if (seeded.status !== 0)
    throw new Error(`seed-history failed:\n${seeded.stdout}${seeded.stderr}`);
}
