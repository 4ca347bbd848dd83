import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Response } from "express";

/** The back office's own scripts, built alone by rollup.config.mjs into dist/back-office/. */
export type BackOfficeScript = "funnel-chart.js" | "lender-preview.js";

/** The partner portal's own scripts, built alone into dist/portal/ (issue 18). */
export type PortalScript = "widget-builder.js";

const cache = new Map<string, string>();

/**
 * Sends one of our page scripts from the build (`folder` of dist/), read
 * once; false when there is no build (the caller answers 404). The headers
 * are the pages' own (gate.ts `privatePageHeaders`): no-store, like them.
 */
async function sendBuiltScript(
  res: Response,
  distDir: string | undefined,
  folder: string,
  name: string,
): Promise<boolean> {
  if (!distDir) return false;
  const file = path.join(distDir, folder, name);
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

export function sendBackOfficeScript(
  res: Response,
  distDir: string | undefined,
  name: BackOfficeScript,
): Promise<boolean> {
  return sendBuiltScript(res, distDir, "back-office", name);
}

export function sendPortalScript(
  res: Response,
  distDir: string | undefined,
  name: PortalScript,
): Promise<boolean> {
  return sendBuiltScript(res, distDir, "portal", name);
}
