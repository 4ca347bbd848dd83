import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DEFAULT_COUNTRY_CONFIG } from "../../core/country";
import {
  type ApplicationDecisions,
  DECISIONS_EVENT,
  isApplicationDecisions,
} from "../../core/decisions";
import { licensedOffer } from "../../core/decisions.fixtures";
import { applicationSchema } from "../../core/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/schemas/application.fixtures";
import type { LeadOffers } from "../../core/site-contract";
import { createVerifiedLead } from "../../server/borrowers/applicant.test-support";
import { fixedCatalogue, loadCatalogues } from "../../server/lenders/catalogue";
import { loadAssetManifest } from "../../server/pages/assets";
import { appWith, openTestSqlite, type TestStorage } from "../../server/test-support";
import { renderPage } from "../../site/server";

/** What the page shows of one application, besides what storage has: the decision network's part. */
interface LeadFixture {
  decisions?: ApplicationDecisions | undefined;
  lead?: Partial<LeadOffers> | undefined;
  streams: Set<ServerResponse>;
  opened: (() => void)[];
}

/**
 * The offers page in front of the built client (dist/site) with lenders'
 * decisions under the test's control, until the decision network serves
 * them: the app (from source, over a fresh SQLite storage, its catalogue the
 * samples and one licensed lender) renders every page; each application's
 * decisions come from the test, put into the page's render as
 * `LeadOffers.decisions` and served at core/decisions.ts's addresses, the
 * JSON and a real Server-Sent Events stream, on the same loopback origin.
 */
export async function startOffersPageServer() {
  const test: TestStorage = await openTestSqlite();
  const offers = [...(loadCatalogues().get("lk") ?? []), licensedOffer];
  const leads = new Map<string, LeadFixture>();
  const fixtureOf = (leadId: string) => {
    let fixture = leads.get(leadId);
    if (!fixture) {
      fixture = { streams: new Set(), opened: [] };
      leads.set(leadId, fixture);
    }
    return fixture;
  };

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const app = appWith(test.storage, {
    catalogues: new Map([["lk", fixedCatalogue(offers)]]),
    distDir: path.resolve("dist"),
    assets: loadAssetManifest(path.resolve("dist")),
    site: {
      origin: url,
      contactEmail: "help@nayacompare.test",
      chatUrl: "mailto:help@nayacompare.test",
      runtime: { ...DEFAULT_COUNTRY_CONFIG, logEvents: false },
    },
    renderPage: (pagePath, options) => {
      const fixture = options.lead && leads.get(options.lead.leadId);
      return renderPage(pagePath, {
        ...options,
        lead: options.lead && {
          ...options.lead,
          ...fixture?.lead,
          decisions: fixture?.decisions,
        },
      });
    },
  });

  const decisionsPath = /^\/api\/applications\/([A-Za-z0-9_-]+)\/offers(\/stream)?$/;
  handle = (req, res) => {
    const match = decisionsPath.exec(new URL(req.url ?? "/", url).pathname);
    const fixture = match?.[1] ? leads.get(match[1]) : undefined;
    if (!match) {
      app(req, res);
      return;
    }
    if (!fixture?.decisions) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "not_found", message: "No such application." } }));
      return;
    }
    if (!match[2]) {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(fixture.decisions));
      return;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    res.write(`event: ${DECISIONS_EVENT}\ndata: ${JSON.stringify(fixture.decisions)}\n\n`);
    fixture.streams.add(res);
    req.on("close", () => fixture.streams.delete(res));
    for (const resolve of fixture.opened.splice(0)) resolve();
  };

  let phones = 0;
  return {
    url,
    offers,
    /** A new verified application (50,000 for 90 days, salaried): its lead id, for the lead cookie. */
    async newLead(): Promise<string> {
      phones += 1;
      const application = applicationSchema(TEST_TODAY).parse({
        ...validApplication,
        term: 90,
        phone: `0762${String(phones).padStart(6, "0")}`,
      });
      const { verifiedLeadId } = await createVerifiedLead(test.storage, application, offers);
      return verifiedLeadId;
    },
    /** What the next render of this application's page shows. */
    render(
      leadId: string,
      decisions: ApplicationDecisions | undefined,
      lead?: Partial<LeadOffers>,
    ) {
      const fixture = fixtureOf(leadId);
      fixture.decisions = decisions;
      fixture.lead = lead;
    },
    /** Resolves once the page has opened this application's stream (now, if it already has). */
    streamOpened(leadId: string): Promise<void> {
      const fixture = fixtureOf(leadId);
      if (fixture.streams.size > 0) return Promise.resolve();
      return new Promise((resolve) => fixture.opened.push(resolve));
    },
    /** New decisions: for the next render, the JSON, and as an event on every open stream. */
    publish(leadId: string, decisions: ApplicationDecisions) {
      if (!isApplicationDecisions(decisions)) throw new Error("Not decisions");
      const fixture = fixtureOf(leadId);
      fixture.decisions = decisions;
      for (const stream of fixture.streams) {
        stream.write(`event: ${DECISIONS_EVENT}\ndata: ${JSON.stringify(decisions)}\n\n`);
        if (decisions.complete) stream.end();
      }
    },
    async close() {
      for (const fixture of leads.values()) for (const stream of fixture.streams) stream.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await test.cleanup();
    },
  };
}

export type OffersPageServer = Awaited<ReturnType<typeof startOffersPageServer>>;
