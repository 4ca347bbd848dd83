import type { Response } from "express";
import { type BackOfficeScript, sendBuiltScript } from "../http/built-scripts";

/** One of the back office's scripts (sendBuiltScript). */
export function sendBackOfficeScript(
  res: Response,
  distDir: string | undefined,
  name: BackOfficeScript,
): Promise<boolean> {
  return sendBuiltScript(res, distDir, `back-office/${name}`);
}
