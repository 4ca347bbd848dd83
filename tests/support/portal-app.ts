import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEFAULT_COUNTRY_CONFIG } from "../../core/country";
import type { OutboundRules } from "../../server/http/outbound";
import { loadAssetManifest } from "../../server/pages/assets";
import type { PartnerUpdate } from "../../server/partners/partners";
import {
  approvedPortalPartner,
  PORTAL_TEST_PASSWORD,
} from "../../server/partners/portal.test-support";
import { appWith, openTestSqlite, type TestStorage } from "../../server/test-support";
import { axeViolations } from "./browser";
import { screensDir } from "./screens-dir";

/**
 * The partner portal's app from source over fresh SQLite, listening on
 * loopback, in front of the build's files, for the portal sections'
 * browser tests.
 * `postbackRules` is what start.ts would hand it, or a test's own (a host
 * name of the test resolved to its server on 127.0.0.1, decision 0095).
 */
export async function startPortalApp(options: { postbackRules?: OutboundRules } = {}) {
  const test: TestStorage = await openTestSqlite();
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handle = appWith(test.storage, {
    // The build's files (the favicon, the site's pages the portal links to).
    distDir: path.resolve("dist"),
    assets: loadAssetManifest(path.resolve("dist")),
    site: {
      origin: url,
      contactEmail: "help@nayacompare.test",
      chatUrl: "mailto:help@nayacompare.test",
      runtime: { ...DEFAULT_COUNTRY_CONFIG, logEvents: false },
    },
    ...(options.postbackRules ? { postbackRules: options.postbackRules } : {}),
  });
  return {
    url,
    storage: test.storage,
    /** An approved partner with a portal account, signed in on the page (which is on the portal). */
    async signedInPartner(
      page: Page,
      base: string,
      who: { name: string; email: string; terms?: PartnerUpdate },
    ) {
      const partner = await approvedPortalPartner(test.storage, who);
      await page.goto(`${url}${base}`);
      await page.locator("input[name=email]").fill(who.email);
      await page.locator("input[name=password]").fill(PORTAL_TEST_PASSWORD);
      await page.locator("main button[type=submit]").click();
      await page.locator("nav a[href$='keys/']").waitFor();
      return partner;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await test.cleanup();
    },
  };
}

const SHOTS = "/tmp/shots-portal";
const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * No sideways scrolling at 1280 and 360 px, no axe violation; with `shot`,
 * the phone's first screen and full page into screensDir()'s <shot>.png and
 * <shot>-full.png; without, the full page into /tmp/shots-portal/.
 */
export async function checkPortalPage(page: Page, name: string, shot?: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // The elements that reach past the window's right edge, named, when there are any.
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth
        ? []
        : [...document.querySelectorAll("body *")]
            .filter(
              (element) =>
                element.getBoundingClientRect().right > window.innerWidth &&
                !element.parentElement?.closest(".scroll"),
            )
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
            .slice(0, 5),
    );
    expect(wide, `${name} at ${size.width}`).toEqual([]);
  }
  expect(await axeViolations(page), name).toEqual([]);
  if (shot) {
    await page.screenshot({ path: `${screensDir()}/${shot}.png` });
    await page.screenshot({ path: `${screensDir()}/${shot}-full.png`, fullPage: true });
  } else {
    // Every other state, for a reviewer: /tmp/shots-portal/<name>-360-full.png.
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}-360-full.png`, fullPage: true });
  }
}
