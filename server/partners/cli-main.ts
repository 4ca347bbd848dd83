/**
 * `npm run partner -- <command>`: the partner tool's entry. Opens the
 * storage the server uses (DATA_DIR's SQLite file, or DATABASE_URL),
 * migrates it, runs one command (cli.ts) and closes it.
 */
import { loadConfig, messagingSettingsOf, storageOptionsOf } from "../config";
import { createLogger } from "../log";
import { createMessenger, transportsFor } from "../messaging/messenger";
import { openStorage } from "../storage/database";
import { runPartnerCommand } from "./cli";

async function main(): Promise<void> {
  const config = loadConfig();
  const storage = openStorage(storageOptionsOf(config));
  const log = createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
  // Claim links (`invite`) go by e-mail: SMTP when configured, else the local outbox.
  const messenger = createMessenger(transportsFor(messagingSettingsOf(config)), log);
  try {
    await storage.migrate();
    const outcome = await runPartnerCommand(
      storage,
      process.argv.slice(2),
      { allowHttp: config.NODE_ENV !== "production" },
      { origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`, messenger },
    );
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
