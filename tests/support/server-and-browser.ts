import type { Browser } from "playwright";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { type ServerProcess, startServer } from "./server-process";

/**
 * A test file's built server (on its defaults) and Chromium: started together before the
 * file's tests, handed to `started` (which keeps them in the file's own variables), and
 * stopped after the tests.
 *
 * ```ts
 * let server: ServerProcess;
 * let browser: Browser;
 * withServerAndBrowser((both) => ({ server, browser } = both));
 * ```
 */
export function withServerAndBrowser(
  started: (both: { server: ServerProcess; browser: Browser }) => void,
): void {
  let both: { server: ServerProcess; browser: Browser } | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    both = { server, browser };
    started(both);
  });
  afterAll(async () => {
    await both?.browser.close();
    await both?.server.stop();
  });
}
