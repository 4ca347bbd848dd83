/**
 * The entry the operators' tools share (`npm run partner`, `npm run staff`, `npm run lenders`):
 * opens the storage the server uses (DATA_DIR's SQLite file, or DATABASE_URL), migrates it,
 * runs one command with the links' origin (PUBLIC_ORIGIN, or http://localhost:PORT) and a
 * messenger (SMTP when configured, else the local outbox), prints its outcome and closes both.
 */
import type { CliOutcome } from "./command-line";
import { type Config, loadConfig, messagingSettingsOf, storageOptionsOf } from "./config";
import { createLogger } from "./log";
import { createMessenger, type Messenger, transportsFor } from "./messaging/messenger";
import { openStorage, type Storage } from "./storage/database";

export interface ToolContext {
  config: Config;
  storage: Storage;
  /** The command line after the tool's name. */
  args: string[];
  /** Where the links the tool sends start. */
  origin: string;
  messenger: Messenger;
}

export function runTool(command: (tool: ToolContext) => Promise<CliOutcome>): void {
  const main = async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
    const storage = openStorage({ ...storageOptionsOf(config), log });
    const messenger = createMessenger(transportsFor(messagingSettingsOf(config)), log);
    try {
      await storage.migrate();
      const origin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
      const outcome = await command({
        config,
        storage,
        args: process.argv.slice(2),
        origin,
        messenger,
      });
      for (const line of outcome.out) process.stdout.write(`${line}\n`);
      for (const line of outcome.err) process.stderr.write(`${line}\n`);
      process.exitCode = outcome.exitCode;
    } finally {
      await messenger.close();
      await storage.close();
    }
  };
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
