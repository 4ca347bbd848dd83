/**
 * The process entry: reads config, opens and migrates storage, listens, and
 * shuts down gracefully on SIGTERM or SIGINT (in-flight requests finish,
 * storage closes, exit code 0).
 */
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { loadAssetManifest } from "./assets";
import { type Config, ConfigError, loadConfig } from "./config";
import { loadCatalogues } from "./feed/catalogue";
import { createLogger } from "./log";
import { openStorage } from "./storage/database";

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

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  // This file is bundled to dist/server/main.js; the other builds sit beside it.
  const distDir = fileURLToPath(new URL("..", import.meta.url));

  const storage = openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  await storage.migrate();
  const app = createApp({
    storage,
    catalogues: loadCatalogues(),
    log,
    assets: loadAssetManifest(distDir),
    distDir,
  });

  const server = app.listen(config.PORT, config.HOST ?? "::", (error?: Error) => {
    if (error) {
      log.error("could not listen", { port: config.PORT, error });
      void storage.close().finally(() => process.exit(1));
      return;
    }
    const { port } = server.address() as AddressInfo;
    log.info("listening", { port, storage: storage.engine, node_env: config.NODE_ENV });
    process.stdout.write(`Loan comparison service running at http://localhost:${port}/\n`);
  });

  let stopping = false;
  // server.close() closes only the connections idle at that moment; one whose
  // request finishes later would stay open for the keep-alive timeout.
  server.on("request", (_req, res) => {
    res.on("finish", () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Requests still running after the grace period are cut off.
    const deadline = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    server.close(async (error) => {
      if (error) log.error("closing the server failed", { error });
      await storage.close();
      log.info("stopped", {});
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
