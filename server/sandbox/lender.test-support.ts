/**
 * Lenders for the decision tests: real HTTP servers on 127.0.0.1 that
 * implement (or break) the decision API as a test tells them, and an app
 * whose decision network may call them. Not imported by any shipped module.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import inject from "light-my-request";
import { afterAll, beforeAll } from "vitest";
import type { ApplicationOffers } from "../../core/domain/decisions";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { type ProductFormValues, productFieldName } from "../../core/views/back-office";
import { consentToShareText } from "../../site/server";
import type { AppDependencies } from "../app";
import { applyVerified } from "../borrowers/applicant.test-support";
import { type OfferCatalogue, openOfferCatalogue } from "../lenders/catalogue";
import type { DecisionRequest } from "../lenders/decision-api";
import {
  createDecisionNetwork,
  type DecisionNetwork,
  type DecisionNetworkOptions,
} from "../lenders/decision-network";
import { productFormOf } from "../lenders/lender-product-form";
import { productSchema } from "../lenders/lender-record";
import { seedSampleLenders } from "../lenders/lenders";
import {
  appWith,
  openTestSqlite,
  silentLog,
  type TestStorage,
  testOutboundRules,
  testOutbox,
} from "../test-support";
import { type ApiLenderSpec, type LenderProduct, registerApiLenders } from "./register";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  /** The exact body, as signed. */
  body: string;
  json: DecisionRequest;
}

/** What a test lender answers: a status and a body (JSON unless a string), or nothing ever. */
export type LenderReply = { status: number; body: unknown } | "never";

export interface TestLender {
  /** http://127.0.0.1:port/decide */
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Requests being answered now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

/** A promise the test opens when it wants. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A lender's HTTP server on loopback; `reply` decides each answer (index counts requests). */
export async function startTestLender(
  reply: (request: ReceivedRequest, index: number) => LenderReply | Promise<LenderReply>,
): Promise<TestLender> {
  const lender: TestLender = {
    url: "",
    port: 0,
    received: [],
    inFlight: 0,
    maxInFlight: 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const request = { headers: req.headers, body, json: JSON.parse(body) as DecisionRequest };
      const index = lender.received.push(request) - 1;
      lender.inFlight += 1;
      lender.maxInFlight = Math.max(lender.maxInFlight, lender.inFlight);
      res.on("close", () => {
        lender.inFlight -= 1;
      });
      const answer = await reply(request, index);
      if (answer === "never" || res.destroyed) return;
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  lender.port = (server.address() as AddressInfo).port;
  lender.url = `http://127.0.0.1:${lender.port}/decide`;
  lender.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return lender;
}

/** A product admitting the fixture applicant (50,000 for 91 days, 40 years old, 85,000 a month). */
export function productFor(offerId: number, overrides: Partial<LenderProduct> = {}): LenderProduct {
  return {
    offer_id: offerId,
    header: `Test loan ${offerId}`,
    tags: ["single-repayment"],
    amount: { min: 5_000, max: 200_000 },
    termDays: { min: 61, max: 360 },
    terms: { annualInterestRate: 0.24, feeFixed: 500, feePercent: 0, repayment: "single" },
    criteria: {
      minAge: 18,
      maxAge: 70,
      minMonthlyIncome: 0,
      employment: ["salaried", "self-employed", "business-owner", "pensioner", "other"],
    },
    ...overrides,
  };
}

/**
 * Products as the back office's lender form sends them (decision 0437): a
 * field a value, `products.<index>.<key>`, the employment boxes repeated.
 */
export function productFields(
  products: readonly LenderProduct[],
): Record<string, string | string[]> {
  return Object.fromEntries(
    products.flatMap((product, index) =>
      Object.entries(productFormOf(productSchema.parse(product))).map(([key, value]) => [
        productFieldName(index, key as keyof ProductFormValues),
        typeof value === "string" ? value : [...value],
      ]),
    ),
  );
}

/**
 * An approval of `offerId` for the fixture's loan at productFor's price (an
 * approval is refused unless it is at its product's price: decision 0354),
 * with an apply URL holding the click macros.
 */
export function approval(offerId: number, overrides: Record<string, unknown> = {}) {
  return {
    decision: "approved",
    offerId,
    amount: 50_000,
    termDays: 91,
    terms: { ...productFor(offerId).terms },
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    applyUrl: `https://apply.lender.test/offer/${offerId}?click={click_id}&s1={sub1}`,
    ...overrides,
  };
}

/** A test lender record: live, API, every field it may ask for unless told. */
export function lenderSpec(
  id: string,
  url: string,
  offerIds: number[],
  overrides: Partial<ApiLenderSpec> = {},
): ApiLenderSpec {
  return {
    id,
    names: { en: `${id} Finance`, si: `${id} මූල්‍ය` },
    apiUrl: url,
    apiSecret: `${id}-secret-0123456789abcdef0123456789abcdef`,
    apiFields: ["age", "monthlyIncome", "employment"],
    sandbox: false,
    licence: { category: "licensed_finance_company", number: `LFC-${id}` },
    products: offerIds.map((offerId) => productFor(offerId)),
    ...overrides,
  };
}

/** Host names the network resolves to 127.0.0.1 for these tests: "real" lenders, named. */
export const LENDER_HOSTS = { "lender.test": ["127.0.0.1"] };

/** A test lender's URL under the test host name (a real lender's, not a sandbox's). */
export const namedUrl = (lender: TestLender) => `http://lender.test:${lender.port}/decide`;

export interface DecisionTestContext {
  readonly app: ReturnType<typeof appWith>;
  readonly test: TestStorage;
  readonly network: DecisionNetwork;
  readonly catalogue: OfferCatalogue;
  /** Applies with a new phone and enters the code: the verified lead's id. */
  apply(overrides?: Record<string, unknown>): Promise<string>;
  /** GET /api/applications/{leadId}/offers with the lead's cookie. */
  offersOf(leadId: string): Promise<ApplicationOffers>;
  /** The SMS and e-mails the app sent (the codes). */
  messages(): ReturnType<ReturnType<typeof testOutbox>["messages"]>;
  /** Registers these lenders and pauses every other API lender, so that only they are asked. */
  onlyLenders(lenders: ApiLenderSpec[]): Promise<void>;
}

let phones = 0;

/**
 * An app over fresh SQLite with the sample lenders and a decision network
 * whose rules resolve lender.test to loopback (and let sandbox lenders use
 * 127.0.0.1); opened before the file's tests, removed after.
 */
export function setUpDecisionApp(
  options: Partial<DecisionNetworkOptions> = {},
  app: Partial<AppDependencies> = {},
): DecisionTestContext {
  let context:
    | Omit<DecisionTestContext, "apply" | "offersOf" | "onlyLenders" | "messages">
    | undefined;
  const outbox = testOutbox();
  beforeAll(async () => {
    const test = await openTestSqlite();
    await seedSampleLenders(test.storage);
    const catalogue = await openOfferCatalogue(test.storage, silentLog, {
      withSandbox: true,
      refreshMs: 60_000,
    });
    const network = createDecisionNetwork({
      storage: test.storage,
      log: silentLog,
      deadlineMs: 5_000,
      rules: testOutboundRules(LENDER_HOSTS),
      sandboxLoopback: true,
      callbackUrl: () => "https://nayacompare.test/api/lenders/v1/decisions",
      consentText: consentToShareText,
      ...options,
    });
    context = {
      test,
      network,
      catalogue,
      app: appWith(test.storage, {
        messenger: outbox.messenger,
        outboxDir: outbox.dir,
        catalogues: new Map([["lk", catalogue]]),
        decisionNetwork: network,
        ...app,
      }),
    };
  });
  afterAll(async () => {
    await context?.network.close();
    context?.catalogue.close();
    await context?.test.cleanup();
  });
  const get = () => {
    if (!context) throw new Error("setUpDecisionApp: only inside tests");
    return context;
  };
  return {
    get app() {
      return get().app;
    },
    get test() {
      return get().test;
    },
    get network() {
      return get().network;
    },
    get catalogue() {
      return get().catalogue;
    },
    async apply(overrides = {}) {
      phones += 1;
      const phone = `077${String(2_000_000 + phones).padStart(7, "0")}`;
      const { leadId } = await applyVerified(get().app, outbox.messages, {
        ...validApplication,
        // An income on which approval()'s one repayment (about Rs 53,000) fits, so an
        // approval leads the list as a borrower's comfortable one would (decision 0355).
        monthlyIncome: 180_000,
        phone,
        ...overrides,
      });
      return leadId;
    },
    async offersOf(leadId) {
      const res = await inject(get().app, {
        method: "GET",
        url: `/api/applications/${leadId}/offers`,
        headers: { cookie: `lead=${leadId}` },
      });
      if (res.statusCode !== 200) throw new Error(`offers answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    messages: () => outbox.messages(),
    async onlyLenders(lenders) {
      const { test, catalogue } = get();
      await registerApiLenders(test.storage, lenders, {
        urlRules: testOutboundRules(LENDER_HOSTS),
      });
      await test.storage.db
        .updateTable("lenders")
        .set({ status: "paused" })
        .where("decision_mode", "=", "api")
        .where(
          "id",
          "not in",
          lenders.map((lender) => lender.id),
        )
        .execute();
      await catalogue.refresh();
    },
  };
}
