/**
 * `npm run staff -- <command>`: the staff tool's entry. Opens the storage
 * the server uses (DATA_DIR's SQLite file, or DATABASE_URL), migrates it,
 * runs one command (cli.ts) and closes it. Links start with PUBLIC_ORIGIN
 * (or http://localhost:PORT), and go by e-mail too when SMTP is configured.
 */
import { loadConfig, messagingSettingsOf, storageOptionsOf } from "../config";
import { createLogger } from "../log";
import { createMessenger, transportsFor } from "../messaging/messenger";
import { openStorage } from "../storage/database";
import { runStaffCommand } from "./cli";

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
  const storage = openStorage({ ...storageOptionsOf(config), log });
  const messenger = createMessenger(transportsFor(messagingSettingsOf(config)), log);
  try {
    await storage.migrate();
    const outcome = await runStaffCommand(storage, process.argv.slice(2), {
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      messenger,
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
