import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { consentToShareText } from "../../site/server";
import { codeSentTo } from "../borrowers/applicant.test-support";
import { createDecisionNetwork } from "../lenders/decision-network";
import { readApplicationDecisions } from "../lenders/decisions";
import { seedOddsForLead } from "../offers/approval-odds.test-support";
import {
  approval,
  gate,
  LENDER_HOSTS,
  type LenderReply,
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { appWith, silentLog, testOutboundRules } from "../test-support";
import { leadOffersSchema, leadStatusSchema, leadVerifiedSchema } from "./api-schemas";
import { createOffersReadyPostbacks, type OffersReadyPostbacks } from "./offers-ready";
import { createPartner } from "./partners";
import { postbackUrlSignature } from "./postback-delivery";

/**
 * Real-time pre-approvals for partners (issue 30, decisions 0356–0358):
 * GET /api/partner/v1/leads/{id}/offers, at once and with ?wait=, against
 * lenders that are real HTTP servers on loopback (one held back by a gate
 * the test opens), and the "offers ready" postback to a real HTTP receiver.
 * Everything goes over sockets, as application-offers-stream.http.test.ts
 * explains: light-my-request would take over the process's Express requests.
 */

const DEADLINE_MS = 6_000;
const context = setUpDecisionApp({ deadlineMs: DEADLINE_MS }, { offersStream: { pollMs: 50 } });

const lenders: TestLender[] = [];
const servers: Server[] = [];
const RECEIVER_HOST = "partner.test";
const rules = testOutboundRules({ [RECEIVER_HOST]: ["127.0.0.1"] });
interface Received {
  url: string;
  signature: string | undefined;
  postbackId: string | undefined;
}
const received: Received[] = [];
let receiverOrigin = "";
let base = "";
const keys = { rateTable: "", quiet: "", other: "", postbackSecret: "" };
let offersReady: OffersReadyPostbacks;
let stopHearing = () => {};

/** Subscriptions to the decision network per lead, as the partner API makes them (a spy). */
const listening = new Map<string, number>();
const subscribers: { leadId: string; seen: () => void }[] = [];

async function listen(app: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const receiver = createServer((req, res) => {
    received.push({
      url: req.url ?? "",
      signature: req.headers["x-signature"] as string | undefined,
      postbackId: req.headers["x-postback-id"] as string | undefined,
    });
    res.writeHead(200).end("ok");
  });
  servers.push(receiver);
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverOrigin = `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}`;

  const { storage } = context.test;
  const rateTable = await createPartner(
    storage,
    {
      id: "rate-table",
      name: "Rate Table",
      payoutModel: "lead",
      payoutRupees: 400,
      origins: [],
      postbackUrl: `${receiverOrigin}/pb?lead={lead_id}&status={status}&click={click_id}&s1={sub1}&payout={payout}`,
      offersReady: true,
    },
    { postbackRules: rules },
  );
  keys.rateTable = rateTable.keys.secretKey;
  keys.postbackSecret = rateTable.keys.postbackSecret;
  const quiet = await createPartner(
    storage,
    {
      id: "quiet-one",
      name: "Quiet One",
      payoutModel: "lead",
      payoutRupees: 400,
      origins: [],
      postbackUrl: `${receiverOrigin}/quiet?lead={lead_id}&status={status}`,
    },
    { postbackRules: rules },
  );
  keys.quiet = quiet.keys.secretKey;
  const other = await createPartner(storage, {
    id: "someone-else",
    name: "Someone Else",
    payoutModel: "sale",
    payoutRupees: 1_000,
    origins: [],
    postbackUrl: null,
  });
  keys.other = other.keys.secretKey;

  offersReady = createOffersReadyPostbacks({
    storage,
    log: silentLog,
    deadlineMs: DEADLINE_MS,
    pollMs: 50,
    baseDelayMs: 100,
    rules,
  });
  stopHearing = context.network.subscribeAll((leadId) => {
    void offersReady.check(leadId, true);
  });
  offersReady.start();

  // The spy: counts the partner API's subscriptions, each given up once.
  const network = context.network;
  const subscribe = network.subscribe;
  network.subscribe = (leadId, listener) => {
    const off = subscribe(leadId, listener);
    listening.set(leadId, (listening.get(leadId) ?? 0) + 1);
    for (const waiter of subscribers.filter((one) => one.leadId === leadId)) waiter.seen();
    let on = true;
    return () => {
      off();
      if (on) listening.set(leadId, (listening.get(leadId) ?? 1) - 1);
      on = false;
    };
  };
  base = await listen(context.app);
});

afterAll(async () => {
  stopHearing();
  await offersReady?.close();
  await Promise.all(lenders.map((lender) => lender.close()));
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function lender(reply: Parameters<typeof startTestLender>[0]) {
  const started = await startTestLender(reply);
  lenders.push(started);
  return started;
}

/** Resolves when the partner API subscribes to this lead's news (a waiting request). */
function subscribedTo(leadId: string): Promise<void> {
  return new Promise((resolve) => subscribers.push({ leadId, seen: resolve }));
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const limit = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function api(
  path: string,
  options: { key?: string; body?: unknown; signal?: AbortSignal; origin?: string } = {},
) {
  return fetch(`${options.origin ?? base}/api/partner/v1${path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${options.key ?? keys.rateTable}`,
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

let phones = 0;
const newPhone = () => {
  phones += 1;
  return `077${String(6_000_000 + phones).padStart(7, "0")}`;
};

/** A partner's lead through the API, not verified yet. */
async function applyThroughApi(key = keys.rateTable, phone = newPhone()) {
  const made = await api("/leads?lang=en", {
    key,
    // An income on which an approval's one repayment fits (decision 0355).
    body: { ...validApplication, monthlyIncome: 180_000, phone },
  });
  if (made.status !== 201) throw new Error(`POST leads answered ${made.status}`);
  return { leadId: ((await made.json()) as { leadId: string }).leadId, phone };
}

/** A partner's lead through the API, its code entered: the lenders are being asked. */
async function verifiedThroughApi(key = keys.rateTable, phone = newPhone(), origin = base) {
  const { leadId } = await applyThroughApi(key, phone);
  const verified = await api(`/leads/${leadId}/verification?lang=en`, {
    key,
    origin,
    body: { code: codeSentTo(context.messages(), phone) },
  });
  if (verified.status !== 200) throw new Error(`the code answered ${verified.status}`);
  return { leadId, verification: leadVerifiedSchema.parse(await verified.json()) };
}

const decisionsIn = (leadId: string) =>
  readApplicationDecisions(context.test.storage, leadId, new Date());

const statuses = (body: {
  decisions: { lenders: { lender: { id: string }; status: string }[] } | null;
}) =>
  Object.fromEntries((body.decisions?.lenders ?? []).map((item) => [item.lender.id, item.status]));

async function leadOffers(leadId: string, query = "", key = keys.rateTable) {
  const res = await api(`/leads/${leadId}/offers${query}`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return leadOffersSchema.parse(await res.json());
}

async function offerIdsOf(leadId: string) {
  return leadStatusSchema.parse(await (await api(`/leads/${leadId}`)).json()).offerIds;
}

const postbacksFor = (leadId: string) =>
  received.filter((request) => request.postbackId === `${leadId}:offers_ready`);

describe("GET /api/partner/v1/leads/{id}/offers", () => {
  it("answers the decisions so far, then with wait once a slow lender is released; a lender that declined or failed is never listed", async () => {
    const release = gate();
    const quick = await lender(() => ({ status: 200, body: approval(930_001) }));
    const slow = await lender(async () => {
      await release.promise;
      return { status: 200, body: approval(930_002, { amount: 40_000 }) };
    });
    const declines = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "income_too_low" },
    }));
    const broken = await lender(() => ({ status: 500, body: { error: "down" } }));
    await context.onlyLenders([
      lenderSpec("rt-quick", namedUrl(quick), [930_001]),
      lenderSpec("rt-slow", namedUrl(slow), [930_002]),
      lenderSpec("rt-declines", namedUrl(declines), [930_003]),
      lenderSpec("rt-broken", namedUrl(broken), [930_004]),
    ]);
    const { leadId } = await verifiedThroughApi();
    await until(async () => (await decisionsIn(leadId)).answered === 3, "three answers");
    // The day's counts: enough answers behind both; only the lender still to answer carries odds.
    await seedOddsForLead(context.test.storage, leadId, {
      "rt-slow": { bucket: [40, 30], all: [100, 40] },
      "rt-quick": { bucket: [60, 50], all: [100, 80] },
    });

    const now = await leadOffers(leadId, "?lang=en");
    expect(now).toMatchObject({
      leadId,
      verified: true,
      duplicate: false,
      amount: 50_000,
      term: 91,
      lang: "en",
      currency: "LKR",
      decisions: { asked: 4, answered: 3, complete: false },
    });
    expect(statuses(now)).toEqual({
      "rt-broken": "failed",
      "rt-declines": "declined",
      "rt-quick": "approved",
      "rt-slow": "waiting",
    });
    expect(now.decisions?.lenders.find((item) => item.lender.id === "rt-quick")?.lender.name).toBe(
      "rt-quick Finance",
    );
    const oddsOf = (body: typeof now, lenderId: string) =>
      body.decisions?.lenders.find((item) => item.lender.id === lenderId)?.approvalOdds;
    // (30 + 20 × 0.4) / 60 = 0.63: 6 in 10, on 40 answers of the last 90 days; never the share.
    expect(oddsOf(now, "rt-slow")).toEqual({
      inTen: 6,
      likelihood: "possible",
      basis: 40,
      windowDays: 90,
    });
    expect(oddsOf(now, "rt-quick")).toBeUndefined();
    // Never why: no reason, error code or rule, only names and statuses.
    expect(JSON.stringify(now.decisions)).not.toMatch(/income_too_low|http_500|reason|error/);
    expect(now.offers[0]).toMatchObject({ offerId: 930_001, preApproved: true, rank: 1 });
    expect(now.offers[0]?.expiresAt).toEqual(expect.any(String));
    expect(now.offers.every((offer) => offer.affordability !== undefined)).toBe(true);
    const listed = now.offers.map((offer) => offer.offerId);
    for (const unlisted of [930_002, 930_003, 930_004]) expect(listed).not.toContain(unlisted);
    expect(await offerIdsOf(leadId)).toEqual(listed);
    expect(postbacksFor(leadId)).toEqual([]);

    const subscribed = subscribedTo(leadId);
    const waiting = api(`/leads/${leadId}/offers?lang=si&wait=20`);
    await subscribed;
    release.open();
    const res = await waiting;
    expect(res.status).toBe(200);
    const settled = leadOffersSchema.parse(await res.json());
    expect(settled.decisions).toMatchObject({ asked: 4, answered: 4, complete: true });
    expect(statuses(settled)["rt-slow"]).toBe("approved");
    // Answered: its answer, no odds any more.
    expect(settled.decisions?.lenders.some((item) => item.approvalOdds)).toBe(false);
    // In the language asked.
    expect(
      settled.decisions?.lenders.find((item) => item.lender.id === "rt-slow")?.lender.name,
    ).toBe("rt-slow මූල්‍ය");
    const approvals = settled.offers.filter((offer) => offer.preApproved);
    expect(approvals.map((offer) => offer.offerId).sort()).toEqual([930_001, 930_002]);
    // A pre-approval is priced for the loan approved: its own amount and term.
    expect(settled.offers.find((offer) => offer.offerId === 930_002)).toMatchObject({
      amount: 40_000,
      term: 91,
      preApproved: true,
    });
    const settledIds = settled.offers.map((offer) => offer.offerId);
    expect(settledIds).not.toContain(930_003);
    expect(settledIds).not.toContain(930_004);
    expect(settled.offers.map((offer) => offer.rank)).toEqual(settledIds.map((_, i) => i + 1));
    // One ranking: the same list, in the same order, as GET leads/{id}.
    expect(await offerIdsOf(leadId)).toEqual(settledIds);
    expect(listening.get(leadId)).toBe(0);

    // The partner that turned it on is told once, signed, with its macros.
    await until(() => postbacksFor(leadId).length > 0, "the offers-ready postback");
    const [postback] = postbacksFor(leadId);
    const url = new URL(postback?.url ?? "", receiverOrigin);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lead: leadId,
      status: "offers_ready",
      click: "",
      s1: "",
      payout: "",
    });
    expect(postback?.signature).toBe(
      postbackUrlSignature(keys.postbackSecret, `${receiverOrigin}${postback?.url}`),
    );
  });

  it("ends a wait at the deadline (a lender still waiting shows as failed, and is not listed), or when the wait ends", {
    timeout: 30_000,
  }, async () => {
    const quick = await lender(() => ({ status: 200, body: approval(930_011) }));
    const silent = await lender((): LenderReply => "never");
    await context.onlyLenders([
      lenderSpec("rt-quick-2", namedUrl(quick), [930_011]),
      lenderSpec("rt-silent", namedUrl(silent), [930_012]),
    ]);
    const silentLead = await verifiedThroughApi();
    const later = await lender(() => ({ status: 200, body: { decision: "pending" } }));
    await context.onlyLenders([
      lenderSpec("rt-quick-2", namedUrl(quick), [930_011]),
      lenderSpec("rt-later", namedUrl(later), [930_013]),
    ]);
    const pendingLead = await verifiedThroughApi();

    // The wait ends first: what stands then, not complete.
    await until(async () => (await decisionsIn(pendingLead.leadId)).answered === 2, "answers");
    const short = await leadOffers(pendingLead.leadId, "?wait=1");
    expect(short.decisions?.complete).toBe(false);
    expect(statuses(short)).toEqual({ "rt-later": "pending", "rt-quick-2": "approved" });
    expect(listening.get(pendingLead.leadId)).toBe(0);

    // The deadline ends first: complete, the silent lender failed.
    const started = Date.now();
    const long = await leadOffers(silentLead.leadId, "?wait=30");
    expect(long.decisions?.complete).toBe(true);
    expect(statuses(long)).toEqual({ "rt-quick-2": "approved", "rt-silent": "failed" });
    expect(long.offers.map((offer) => offer.offerId)).not.toContain(930_012);
    expect(long.offers[0]?.offerId).toBe(930_011);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(long.decisions?.deadline ?? ""));
    expect(Date.now() - started).toBeLessThan(25_000);

    // Both are told when complete: the silent lender's failure at the deadline, and the
    // pending lender's lead when its deadline passes, which no decision announces.
    await until(() => postbacksFor(silentLead.leadId).length > 0, "the silent lead's postback");
    await until(() => postbacksFor(pendingLead.leadId).length > 0, "the pending lead's postback");
    const pendingDeadline = (await decisionsIn(pendingLead.leadId)).deadline;
    const row = await context.test.storage.db
      .selectFrom("partner_lead_postbacks")
      .select("created_at")
      .where("lead_id", "=", pendingLead.leadId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(Date.parse(pendingDeadline));
  });

  it("leaves nothing behind when the client goes away during a wait", async () => {
    const release = gate();
    const held = await lender(async () => {
      await release.promise;
      return { status: 200, body: { decision: "declined", reason: "policy" } };
    });
    await context.onlyLenders([lenderSpec("rt-held", namedUrl(held), [930_021])]);
    const { leadId } = await verifiedThroughApi();
    const subscribed = subscribedTo(leadId);
    const aborter = new AbortController();
    const waiting = api(`/leads/${leadId}/offers?wait=20`, { signal: aborter.signal });
    await subscribed;
    expect(listening.get(leadId)).toBe(1);
    aborter.abort();
    await expect(waiting).rejects.toThrow();
    await until(() => listening.get(leadId) === 0, "the subscription to go");
    release.open();
  });

  it("answers nothing of an unverified lead, at once, even asked to wait", async () => {
    const { leadId } = await applyThroughApi();
    const res = await api(`/leads/${leadId}/offers?wait=20&lang=ta`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      leadId,
      verified: false,
      duplicate: false,
      amount: 50_000,
      term: 91,
      lang: "ta",
      currency: "LKR",
      startDate: expect.any(String),
      decisions: null,
      offers: [],
    });
    expect(listening.get(leadId) ?? 0).toBe(0);
  });

  it("answers a repeat with the application it joined, as its verification answer does", async () => {
    await context.onlyLenders([]);
    const phone = newPhone();
    const first = await verifiedThroughApi(keys.rateTable, phone);
    const again = await verifiedThroughApi(keys.rateTable, phone);
    expect(again.verification.duplicate).toBe(true);
    const repeat = await leadOffers(again.leadId);
    expect(repeat).toMatchObject({ leadId: again.leadId, verified: true, duplicate: true });
    expect(repeat.decisions).toEqual({
      asked: 0,
      answered: 0,
      complete: true,
      deadline: null,
      lenders: [],
    });
    const ids = repeat.offers.map((offer) => offer.offerId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual((await leadOffers(first.leadId)).offers.map((offer) => offer.offerId));
    expect(ids).toEqual(again.verification.offers.map((offer) => offer.offerId));
    expect(await offerIdsOf(again.leadId)).toEqual(ids);
    expect(repeat.leadId).not.toBe(first.leadId);
    expect(JSON.stringify(repeat)).not.toContain(first.leadId);
  });

  it("answers 404 for another partner's lead, an unknown id or a lead of our site; 400 for a bad wait", async () => {
    await context.onlyLenders([]);
    const { leadId } = await verifiedThroughApi();
    for (const [path, key] of [
      [`/leads/${leadId}/offers`, keys.other],
      [`/leads/${leadId}/offers?wait=5`, keys.other],
      [`/leads/${"A".repeat(22)}/offers`, keys.rateTable],
      ["/leads/not-an-id/offers", keys.rateTable],
    ] as const) {
      const res = await api(path, { key });
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe("unknown_lead");
    }
    const site = await fetch(`${base}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validApplication, phone: newPhone() }),
    });
    const siteLead = ((await site.json()) as { leadId: string }).leadId;
    expect((await api(`/leads/${siteLead}/offers`)).status).toBe(404);

    for (const query of [
      "?wait=abc",
      "?wait=-1",
      "?wait=31",
      "?wait=1.5",
      "?wait=1&wait=2",
      "?lang=fr",
      "?colour=red",
    ]) {
      const res = await api(`/leads/${leadId}/offers${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("invalid_query");
      expect(Object.keys(body.error.fields).length).toBe(1);
    }
    expect(listening.get(leadId) ?? 0).toBe(0);
  });
});

describe("the offers-ready postback", () => {
  it("goes once per lead, and never to a partner that did not turn it on", async () => {
    const quick = await lender(() => ({ status: 200, body: approval(930_031) }));
    await context.onlyLenders([lenderSpec("rt-quick-3", namedUrl(quick), [930_031])]);
    const told = await verifiedThroughApi();
    const quiet = await verifiedThroughApi(keys.quiet);
    await until(() => postbacksFor(told.leadId).length > 0, "the postback");
    await until(async () => (await decisionsIn(quiet.leadId)).complete, "the quiet lead");
    // Asked again, swept again, delivered again: nothing new.
    expect(await offersReady.check(told.leadId, true)).toBe(false);
    expect(await offersReady.check(quiet.leadId, true)).toBe(false);
    await offersReady.sweep();
    await offersReady.deliverDue();
    const rows = await context.test.storage.db
      .selectFrom("partner_lead_postbacks")
      .select(["lead_id", "attempts", "delivered_at"])
      .where("lead_id", "in", [told.leadId, quiet.leadId])
      .execute();
    expect(rows).toEqual([{ lead_id: told.leadId, attempts: 1, delivered_at: expect.any(String) }]);
    expect(postbacksFor(told.leadId)).toHaveLength(1);
    expect(received.filter((request) => request.url.startsWith("/quiet"))).toEqual([]);
    // Not a click's status: nothing in the click postbacks the figures and payouts count.
    const clickPostbacks = await context.test.storage.db
      .selectFrom("partner_postbacks")
      .select("click_id")
      .execute();
    expect(clickPostbacks).toEqual([]);
  });

  it("goes for a lead another instance asked about: the sweep finds it in storage", async () => {
    const release = gate();
    const held = await lender(async () => {
      await release.promise;
      return { status: 200, body: approval(930_041) };
    });
    await context.onlyLenders([lenderSpec("rt-elsewhere", namedUrl(held), [930_041])]);
    // A second instance over the same storage: its network, not ours, asks and records.
    const otherNetwork = createDecisionNetwork({
      storage: context.test.storage,
      log: silentLog,
      deadlineMs: DEADLINE_MS,
      rules: testOutboundRules(LENDER_HOSTS),
      sandboxLoopback: true,
      callbackUrl: () => "https://nayacompare.test/api/lenders/v1/decisions",
      consentText: consentToShareText,
    });
    const other = appWith(context.test.storage, {
      catalogues: new Map([["lk", context.catalogue]]),
      decisionNetwork: otherNetwork,
    });
    const otherBase = await listen(other);
    const { leadId } = await verifiedThroughApi(keys.rateTable, newPhone(), otherBase);
    await until(async () => (await decisionsIn(leadId)).asked === 1, "the lender asked");
    // Our instance waits for it by reading storage: it hears nothing of the other's network.
    const subscribed = subscribedTo(leadId);
    const waiting = api(`/leads/${leadId}/offers?wait=20`);
    await subscribed;
    release.open();
    const settled = leadOffersSchema.parse(await (await waiting).json());
    expect(statuses(settled)).toEqual({ "rt-elsewhere": "approved" });
    // Seen by reading storage as it was recorded, not only at the deadline's last read.
    expect(Date.now()).toBeLessThan(Date.parse(settled.decisions?.deadline ?? ""));
    expect(settled.offers[0]).toMatchObject({ offerId: 930_041, preApproved: true });
    await until(() => postbacksFor(leadId).length > 0, "the postback");
    expect(postbacksFor(leadId)).toHaveLength(1);
    await otherNetwork.close();
  });
});
