import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright";
import { DEFAULT_COUNTRY_CONFIG } from "../../core/domain/country";
import type { OutboundRules } from "../../server/http/outbound";
import type { DecisionNetwork } from "../../server/lenders/decision-network";
import { loadAssetManifest } from "../../server/pages/assets";
import type { PartnerUpdate } from "../../server/partners/partners";
import {
  approvedPortalPartner,
  PORTAL_TEST_PASSWORD,
} from "../../server/partners/portal.test-support";
import type { Storage } from "../../server/storage/database";
import { appWith, openTestSqlite, type TestStorage } from "../../server/test-support";

/**
 * The partner portal's app from source over fresh SQLite, listening on
 * loopback, in front of the build's files, for the portal sections'
 * browser tests.
 * `postbackRules` is what start.ts would hand it, or a test's own (a host
 * name of the test resolved to its server on 127.0.0.1, decision 0095).
 */
export async function startPortalApp(
  options: {
    postbackRules?: OutboundRules;
    /** The decision network over the app's storage (the lender portal's test mode). */
    decisionNetwork?: (storage: Storage) => DecisionNetwork;
  } = {},
) {
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
      runtime: { ...DEFAULT_COUNTRY_CONFIG, logEvents: false },
    },
    ...(options.postbackRules ? { postbackRules: options.postbackRules } : {}),
    ...(options.decisionNetwork ? { decisionNetwork: options.decisionNetwork(test.storage) } : {}),
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
