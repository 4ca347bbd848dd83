import { existsSync } from "node:fs";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "../../scripts/find-chromium.mjs";

/** The e2e tests need what ships (the build) and a browser; say plainly when either is missing. */
export default function setup() {
  if (!findChromium()) throw new Error(CHROMIUM_MISSING_MESSAGE);
  for (const file of [
    "dist/server/main.js",
    "dist/widget/loan-widget.js",
    "dist/site/manifest.json",
  ]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run "npm run build" before the e2e tests.`);
  }
}
