/**
 * `npm run outbox`: prints the messages of the local outbox (DATA_DIR/outbox),
 * where SMS and e-mails go when no transport is configured, oldest first.
 * `-- --clear` deletes them after printing.
 */
import { loadConfig } from "../config";
import { OUTBOX_MAX_AGE_MS, outboxDir, pruneOutbox, readOutbox } from "./outbox";

function main(): void {
  const config = loadConfig();
  const dir = outboxDir(config.DATA_DIR);
  pruneOutbox(dir, new Date(), OUTBOX_MAX_AGE_MS);
  const messages = readOutbox(dir);
  if (messages.length === 0) {
    process.stdout.write(`The outbox (${dir}) is empty.\n`);
  }
  for (const message of messages) {
    const head =
      message.channel === "sms"
        ? `SMS to ${message.to}`
        : `E-mail to ${message.to}: ${message.subject ?? ""}`;
    process.stdout.write(`── ${message.createdAt}  ${head}\n${message.text}\n\n`);
  }
  if (process.argv.includes("--clear")) pruneOutbox(dir, new Date(), 0);
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
