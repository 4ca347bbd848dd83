import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Response } from "express";

/** The back office's own scripts, built alone by rollup.config.mjs into dist/back-office/. */
export type BackOfficeScript = "funnel-chart.js" | "lender-preview.js";

const cache = new Map<string, string>();

/**
 * Sends one of the back office's scripts from the build, read once; false
 * when there is no build (the caller answers 404). The headers are the
 * back office's (gate.ts `headers`): no-store, like its pages.
 */
export async function sendBackOfficeScript(
  res: Response,
  distDir: string | undefined,
  name: BackOfficeScript,
): Promise<boolean> {
  if (!distDir) return false;
  const file = path.join(distDir, "back-office", name);
  let text = cache.get(file);
  if (text === undefined) {
    try {
      text = await readFile(file, "utf8");
    } catch {
      return false;
    }
    cache.set(file, text);
  }
  res.status(200).type("text/javascript; charset=utf-8").send(text);
  return true;
}
