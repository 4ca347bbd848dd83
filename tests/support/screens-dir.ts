import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where browser tests put the pictures of the screens they pass through:
 * docs/screens/ under `npm run screens` (SCREENS_DIR), a temporary folder
 * otherwise, so that a test run leaves the working tree as it found it.
 */
export function screensDir(): string {
  const dir = process.env.SCREENS_DIR ?? path.join(tmpdir(), "nayacompare-screens");
  mkdirSync(dir, { recursive: true });
  return dir;
}
