import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Response } from "express";

/** The back office's own scripts, built alone by rollup.config.mjs into dist/back-office/. */
export type BackOfficeScript = "funnel-chart.js" | "lender-preview.js";

/** The partner portal's own scripts, built alone into dist/portal/ (issue 18). */
export type PortalScript = "dashboard-chart.js" | "widget-builder.js";

const cache = new Map<string, string>();

/**
 * Sends one of our pages' own scripts from the build (dist/<folder>/<name>),
 * read once; false when there is no build (the caller answers 404). The
 * headers are the caller's pages' (accounts/forms.ts `privatePageHeaders`): no-store,
 * like the pages.
 */
export async function sendBuiltScript(
  res: Response,
  distDir: string | undefined,
  file: `back-office/${BackOfficeScript}` | `portal/${PortalScript}`,
): Promise<boolean> {
  if (!distDir) return false;
  const full = path.join(distDir, file);
  let text = cache.get(full);
  if (text === undefined) {
    try {
      text = await readFile(full, "utf8");
    } catch {
      return false;
    }
    cache.set(full, text);
  }
  res.status(200).type("text/javascript; charset=utf-8").send(text);
  return true;
}

/** One of the partner portal's scripts (sendBuiltScript). */
export function sendPortalScript(
  res: Response,
  distDir: string | undefined,
  name: PortalScript,
): Promise<boolean> {
  return sendBuiltScript(res, distDir, `portal/${name}`);
}
