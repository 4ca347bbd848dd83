/**
 * `npm run lenders -- <command>`: the lenders tool's entry. Opens the
 * storage the server uses (DATA_DIR's SQLite file, or DATABASE_URL),
 * migrates it and writes the sample lenders into a new database (as a
 * server's first start does), runs one command (cli.ts) and closes it.
 * Invitations' links start with PUBLIC_ORIGIN and go by e-mail when SMTP is
 * configured.
 */
import { loadConfig, messagingSettingsOf, storageOptionsOf } from "../config";
import { createLogger } from "../log";
import { createMessenger, transportsFor } from "../messaging/messenger";
import { openStorage } from "../storage/database";
import { runLendersCommand } from "./cli";
import { seedSampleLenders } from "./lenders";

async function main(): Promise<void> {
  const config = loadConfig();
  const storage = openStorage(storageOptionsOf(config));
  const log = createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
  const messenger = createMessenger(transportsFor(messagingSettingsOf(config)), log);
  try {
    await storage.migrate();
    await seedSampleLenders(storage);
    const testing = config.NODE_ENV !== "production";
    const outcome = await runLendersCommand(storage, process.argv.slice(2), {
      allowSandbox: testing,
      urlRules: { allowHttp: testing },
      maxDeadlineMs: config.LENDER_DEADLINE_MS,
      invite: { origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`, messenger },
    });
    for (const line of outcome.out) process.stdout.write(`${line}\n`);
    for (const line of outcome.err) process.stderr.write(`${line}\n`);
    process.exitCode = outcome.exitCode;
  } finally {
    await messenger.close();
    await storage.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
