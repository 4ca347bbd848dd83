import { accessSync, constants } from "node:fs";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export const CHROMIUM_MISSING_MESSAGE = `No Chromium found for the browser tests.
Install Debian's build (Playwright cannot download its own browser here):
    sudo apt-get install -y chromium fonts-noto-core
or point CHROMIUM_PATH at a Chromium or Chrome executable:
    CHROMIUM_PATH=/path/to/chrome npm test`;

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set (and then
 * only it), else the first system install found. Undefined when none is.
 * @returns {string | undefined}
 */
export function findChromium(env = process.env) {
  const wanted = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : candidates;
  return wanted.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
