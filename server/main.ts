/**
 * The process entry. It reads the configuration first and only then loads
 * the rest of the server: React picks its production or development build
 * from NODE_ENV when it is first imported, so NODE_ENV must be settled
 * before that (a plain `node dist/server/main.js` gets production).
 */
import { fileURLToPath } from "node:url";
import { applyToProcess, type Config, ConfigError, loadConfig } from "./config";

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfigOrExit();
applyToProcess(config);

// This file is bundled to dist/server/main.js; the other builds sit beside it.
const distDir = fileURLToPath(new URL("..", import.meta.url));

try {
  const { start } = await import("./start");
  await start(config, distDir);
} catch (error) {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
