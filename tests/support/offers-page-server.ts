import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DEFAULT_COUNTRY_CONFIG } from "../../core/domain/country";
import type { ApplicationOffers } from "../../core/domain/decisions";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { codeSentTo } from "../../server/borrowers/applicant.test-support";
import { openOfferCatalogue } from "../../server/lenders/catalogue";
import { createDecisionNetwork } from "../../server/lenders/decision-network";
import { seedSampleLenders } from "../../server/lenders/lenders";
import { type SeededOdds, seedOddsForLead } from "../../server/offers/approval-odds.test-support";
import { loadAssetManifest } from "../../server/pages/assets";
import {
  approval,
  LENDER_HOSTS,
  type LenderReply,
  lenderSpec,
  namedUrl,
  productFor,
  startTestLender,
  type TestLender,
} from "../../server/sandbox/lender.test-support";
import { registerApiLenders } from "../../server/sandbox/register";
import {
  appWith,
  openTestSqlite,
  silentLog,
  testOutboundRules,
  testOutbox,
} from "../../server/test-support";
import { consentToShareText } from "../../site/server";

/** The three lenders asked about every application, by id. */
export const LENDERS = {
  /** Licensed, named in both languages; approves 40,000 of the 50,000 asked when told. */
  lanka: "lanka-trust",
  kandy: "kandy-hill",
  lagoon: "lagoon-gate",
} as const;
export type TestLenderId = (typeof LENDERS)[keyof typeof LENDERS];

/** What a lender says when the test lets it answer. */
export const ANSWERS = {
  approveLess: { status: 200, body: approval(901, { amount: 40_000 }) },
  decline: { status: 200, body: { decision: "declined", reason: "income_too_low" } },
  /** Not a decision: recorded as no usable answer ("did not reply in time"). */
  garbage: { status: 200, body: "<html>not a decision</html>" },
} satisfies Record<string, LenderReply>;

/**
 * The app (from source, over fresh SQLite with the sample lenders) in front
 * of the built client (dist/site), listening on loopback, with its real
 * decision network, stream and JSON: after each application and its code,
 * it asks three lenders, real HTTP servers on loopback that answer only when
 * the test says (`answer`), so the browser sees each decision arrive at a
 * moment the test chooses. The deadline is long (a minute): nothing ends by
 * the clock during a test.
 */
export async function startOffersPageServer() {
  const test = await openTestSqlite();
  await seedSampleLenders(test.storage);
  const outbox = testOutbox();

  /** Each lender's requests waiting for the test's word, and those waiting for a request. */
  const waiting = new Map<string, ((reply: LenderReply) => void)[]>();
  const arrivals = new Map<string, (() => void)[]>();
  const lenders: TestLender[] = [];
  for (const id of Object.values(LENDERS)) {
    waiting.set(id, []);
    arrivals.set(id, []);
    lenders.push(
      await startTestLender(
        () =>
          new Promise<LenderReply>((resolve) => {
            waiting.get(id)?.push(resolve);
            for (const arrived of arrivals.get(id)?.splice(0) ?? []) arrived();
          }),
      ),
    );
  }
  const [lanka, kandy, lagoon] = lenders as [TestLender, TestLender, TestLender];
  await registerApiLenders(
    test.storage,
    [
      lenderSpec(LENDERS.lanka, namedUrl(lanka), [901], {
        names: { en: "Lanka Trust Finance", si: "ලංකා ට්‍රස්ට් ෆිනෑන්ස්" },
        licence: { category: "licensed_finance_company", number: "LFC-042" },
        products: [productFor(901, { header: "Lanka Trust Personal Loan" })],
      }),
      lenderSpec(LENDERS.kandy, namedUrl(kandy), [902], {
        names: { en: "Kandy Hill Credit", si: "මහනුවර කඳු ණය" },
        products: [productFor(902, { header: "Kandy Hill Quick Loan" })],
      }),
      lenderSpec(LENDERS.lagoon, namedUrl(lagoon), [903], {
        names: { en: "Lagoon Gate Finance", si: "කලපු දොරටු මූල්‍ය" },
        products: [productFor(903, { header: "Lagoon Gate Loan" })],
      }),
    ],
    { urlRules: testOutboundRules(LENDER_HOSTS) },
  );
  const catalogue = await openOfferCatalogue(test.storage, silentLog, {
    withSandbox: true,
    refreshMs: 60_000,
  });
  const network = createDecisionNetwork({
    storage: test.storage,
    log: silentLog,
    deadlineMs: 60_000,
    rules: testOutboundRules(LENDER_HOSTS),
    sandboxLoopback: false,
    callbackUrl: () => "https://nayacompare.test/api/lenders/v1/decisions",
    consentText: consentToShareText,
    breakerFailures: 1_000,
  });

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = appWith(test.storage, {
    messenger: outbox.messenger,
    outboxDir: outbox.dir,
    catalogues: new Map([["lk", catalogue]]),
    decisionNetwork: network,
    distDir: path.resolve("dist"),
    assets: loadAssetManifest(path.resolve("dist")),
    site: {
      origin: url,
      contactEmail: "help@nayacompare.test",
      runtime: { ...DEFAULT_COUNTRY_CONFIG, logEvents: false },
    },
  });
  handle = app;

  // Over the socket, never light-my-request: injecting into an app that also listens changes
  // the prototype of its requests, and the real ones then fail.
  const offersOf = async (leadId: string): Promise<ApplicationOffers> => {
    const res = await fetch(`${url}/api/applications/${leadId}/offers`, {
      headers: { cookie: `lead=${leadId}` },
    });
    if (!res.ok) throw new Error(`offers answered ${res.status}`);
    return (await res.json()) as ApplicationOffers;
  };
  const postJson = (address: string, body: unknown) =>
    fetch(`${url}${address}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  let phones = 0;
  return {
    url,
    /**
     * A new verified application (the fixture's: Rs. 50,000 for 91 days,
     * salaried, Rs. 180,000 a month) with `overrides`: its lead id, for the lead cookie. Its
     * three lenders have been asked and wait for `answer`.
     */
    async newLead(overrides: Record<string, unknown> = {}): Promise<string> {
      phones += 1;
      const phone = `0762${String(phones).padStart(6, "0")}`;
      const applied = await postJson("/api/applications", {
        ...validApplication,
        // An income on which the approval's one repayment fits: it stays a pre-approval at
        // the top, not one hard to repay (decision 0355).
        monthlyIncome: 180_000,
        phone,
        ...overrides,
      });
      if (applied.status !== 201) throw new Error(`applying answered ${applied.status}`);
      const { leadId } = (await applied.json()) as { leadId: string };
      const code = codeSentTo(outbox.messages(), phone);
      const verified = await postJson(`/api/applications/${leadId}/verification`, { code });
      if (verified.status !== 200) throw new Error(`the code answered ${verified.status}`);
      return leadId;
    },
    /**
     * Lets a lender answer its oldest open request (waiting for it to come
     * first), then waits until the decision is stored: the page's next read
     * or event has it.
     */
    async answer(leadId: string, lenderId: TestLenderId, reply: LenderReply): Promise<void> {
      const open = waiting.get(lenderId) ?? [];
      if (open.length === 0) {
        await new Promise<void>((resolve) => arrivals.get(lenderId)?.push(resolve));
      }
      open.shift()?.(reply);
      const limit = Date.now() + 10_000;
      const answered = (offers: ApplicationOffers) =>
        offers.decisions.decisions.some(
          (decision) => decision.lenderId === lenderId && decision.status !== "waiting",
        );
      // Bounded: the network records the answer as soon as it has read it.
      while (!answered(await offersOf(leadId))) {
        if (Date.now() > limit) throw new Error(`${lenderId} did not answer ${leadId}`);
        await new Promise<void>((resolve) => {
          const stop = network.subscribe(leadId, () => {
            stop();
            resolve();
          });
          // A decision recorded between the read and the subscription: read again at once.
          void offersOf(leadId).then((offers) => {
            if (answered(offers)) {
              stop();
              resolve();
            }
          });
        });
      }
    },
    /** Every lender's answers for one application, as `answer` gives them, in this order. */
    async answerAll(leadId: string, replies: [TestLenderId, LenderReply][]): Promise<void> {
      for (const [lenderId, reply] of replies) await this.answer(leadId, lenderId, reply);
    },
    offersOf,
    /** The day's approval odds of some lenders for this application's bucket (issue 36). */
    seedOdds(leadId: string, lenders: Readonly<Record<string, SeededOdds>>) {
      return seedOddsForLead(test.storage, leadId, lenders);
    },
    /** No approval odds any more: the next read shows none. */
    async dropOdds() {
      await test.storage.db.deleteFrom("approval_odds").execute();
    },
    async close() {
      for (const open of waiting.values()) {
        for (const reply of open.splice(0)) reply(ANSWERS.garbage);
      }
      await network.idle();
      await network.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(lenders.map((lender) => lender.close()));
      catalogue.close();
      await test.cleanup();
    },
  };
}

export type OffersPageServer = Awaited<ReturnType<typeof startOffersPageServer>>;
