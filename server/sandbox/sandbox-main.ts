/**
 * `npm run sandbox`: the simulated lenders of issue 15 on this machine.
 * Starts each as a real HTTP server on 127.0.0.1 (a port of its own; the
 * dead one's port has nothing listening), registers them live, labelled
 * sandbox, deciding through their API, in the storage the server uses
 * (DATA_DIR's SQLite file, or DATABASE_URL), prints them, and runs until
 * Ctrl-C or SIGTERM, when it pauses them and stops. The server calls
 * them only outside production (NODE_ENV=development: `npm run dev`, or
 * `npm run demo`, which starts both) and reads its lenders every 30 s.
 * `npm run sandbox -- seed-history` writes the demo's synthetic decisions
 * instead (seed-history-command.ts) and stops.
 */
import { loadConfig, storageOptionsOf } from "../config";
import { openStorage } from "../storage/database";
import { SANDBOX_LENDERS } from "./behaviours";
import { sandboxLenderSpec } from "./lenders-of";
import { startSandboxLenders } from "./network";
import { pauseLenders, registerApiLenders } from "./register";
import { runSeedHistory } from "./seed-history-command";

/** `npm run sandbox -- seed-history`: the demo's synthetic decisions (seed-history-command.ts). */
async function seedHistory(args: readonly string[]): Promise<void> {
  const config = loadConfig();
  const storage = openStorage(storageOptionsOf(config));
  try {
    await storage.migrate();
    const outcome = await runSeedHistory(storage, args, {
      production: config.NODE_ENV === "production",
      now: new Date(),
    });
    for (const line of outcome.out) process.stdout.write(`${line}\n`);
    for (const line of outcome.err) process.stderr.write(`${line}\n`);
    process.exitCode = outcome.exitCode;
  } finally {
    await storage.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === "seed-history") return seedHistory(args);
  if (command !== undefined) {
    process.stderr.write(`Unknown command "${command}": npm run sandbox [-- seed-history]\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const quiet = config.LOG_LEVEL === "silent" || config.LOG_LEVEL === "error";
  const storage = openStorage(storageOptionsOf(config));
  await storage.migrate();
  const network = await startSandboxLenders(SANDBOX_LENDERS, {
    log: quiet ? undefined : (line) => process.stdout.write(`  ${line}\n`),
  });
  await registerApiLenders(storage, network.lenders.map(sandboxLenderSpec));
  const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `${config.DATA_DIR}`;
  process.stdout.write(`Sandbox lenders registered live in ${where}:\n`);
  for (const { lender, url } of network.lenders) {
    process.stdout.write(`  ${lender.id.padEnd(16)} ${url.padEnd(32)} ${lender.does}\n`);
  }
  process.stdout.write(
    "The server asks them outside production only (npm run dev, or npm run demo), and reads its lenders every 30 s.\n",
  );
  process.stdout.write("Sandbox ready. Ctrl-C pauses these lenders and stops.\n");

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    try {
      await pauseLenders(
        storage,
        network.lenders.map(({ lender }) => lender.id),
      );
      await network.close();
      await storage.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
