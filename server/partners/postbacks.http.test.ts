import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { colomboToday } from "../../core/helpers/dates";
import { applyVerified, cookieIn, postJsonTo } from "../borrowers/applicant.test-support";
import {
  appWith,
  openTestSqlite,
  recordingLog,
  type TestStorage,
  testOutboundRules,
  testOutbox,
} from "../test-support";
import { createEventBuffer } from "../tracking/event-buffer";
import { createPartner } from "./partners";
import { postbackUrlSignature } from "./postback-delivery";
import { createPartnerPostbacks, type PartnerPostbacks } from "./postbacks";

/**
 * A partner's endpoint is a real local HTTP server; the lender's postback
 * goes through our API, the listener records the partner's postback, and
 * the worker (started, polling) delivers it: signed, URL-encoded, retried
 * after a failure, never twice for one (click, status).
 */
const LENDER_SECRET = "kandy-lane-secret-0123456789";

interface Received {
  url: string;
  signature: string | undefined;
  postbackId: string | undefined;
}

let test: TestStorage;
let app: ReturnType<typeof appWith>;
let postbacks: PartnerPostbacks;
let partnerServer: Server;
let partnerOrigin = "";
let loopback = "";
const rules = testOutboundRules({ "partner.test": ["127.0.0.1"] });
const received: Received[] = [];
/** What the partner's server answers next (then 200). */
const plannedStatuses: number[] = [];
const keys = { secret: "", postbackSecret: "" };
const recorded = recordingLog();

beforeAll(async () => {
  partnerServer = createServer((req: IncomingMessage, res) => {
    received.push({
      url: req.url ?? "",
      signature: req.headers["x-signature"] as string | undefined,
      postbackId: req.headers["x-postback-id"] as string | undefined,
    });
    res.writeHead(plannedStatuses.shift() ?? 200).end("ok");
  });
  await new Promise<void>((resolve) => partnerServer.listen(0, "127.0.0.1", resolve));
  const port = (partnerServer.address() as AddressInfo).port;
  // The partner's host name resolves to this test's server, for this test only.
  partnerOrigin = `http://partner.test:${port}`;
  loopback = `http://127.0.0.1:${port}`;

  test = await openTestSqlite();
  postbacks = createPartnerPostbacks({
    storage: test.storage,
    log: recorded.log,
    baseDelayMs: 100,
    maxAttempts: 3,
    timeoutMs: 2_000,
    pollMs: 25,
    rules,
  });
  app = appWith(test.storage, {
    messenger: outbox.messenger,
    lenderSecrets: new Map([["kandy-lane", LENDER_SECRET]]),
    statusListeners: [postbacks.listener],
    events: createEventBuffer({ storage: test.storage, log: recorded.log }),
  });
  const partner = await createPartner(
    test.storage,
    {
      id: "lanka-deals",
      name: "Lanka Deals",
      payoutModel: "sale",
      payoutRupees: 2_500,
      origins: [],
      postbackUrl: `${partnerOrigin}/pb?click={click_id}&lead={lead_id}&s1={sub1}&s2={sub2}&status={status}&payout={payout}`,
    },
    { postbackRules: rules },
  );
  keys.secret = partner.keys.secretKey;
  keys.postbackSecret = partner.keys.postbackSecret;
  postbacks.start();
});

afterAll(async () => {
  await postbacks?.close();
  await test?.cleanup();
  await new Promise((resolve) => partnerServer?.close(resolve));
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let phone = 0;
const outbox = testOutbox();

/** A visitor applies through the partner's widget (attribution), then clicks out to Kandy Lane. */
async function partnerVisitorClicks(
  partner = "lanka-deals",
): Promise<{ leadId: string; clickId: string }> {
  phone += 1;
  const { leadId } = await applyVerified(app, outbox.messages, {
    ...validApplication,
    term: 90,
    partner,
    sub1: "cmp:7",
    sub2: "ad~3",
    phone: `0713${String(phone).padStart(6, "0")}`,
  });
  const go = await inject(app, {
    method: "GET",
    url: "/go/101/",
    headers: { cookie: `lead=${leadId}` },
  });
  const clickId = new URL(String(go.headers.location)).searchParams.get("click_id");
  if (!clickId) throw new Error("no click id");
  return { leadId, clickId };
}

async function lenderPostback(clickId: string, status: string) {
  return inject(app, {
    method: "POST",
    url: "/api/postback",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ click_id: clickId, status, token: LENDER_SECRET }),
  });
}

async function rowOf(clickId: string, status: "approved" | "rejected" | "issued") {
  return test.storage.db
    .selectFrom("partner_postbacks")
    .selectAll()
    .where("click_id", "=", clickId)
    .where("status", "=", status)
    .executeTakeFirst();
}

describe("postbacks to partners", () => {
  it("sends a signed GET with the macros filled in and URL-encoded when a lender reports", async () => {
    const { leadId, clickId } = await partnerVisitorClicks();
    const before = received.length;
    expect((await lenderPostback(clickId, "issued")).json()).toEqual({
      recorded: true,
      duplicate: false,
    });
    await waitFor(() => received.length > before);
    const [request] = received.slice(before);
    if (!request) throw new Error("nothing received");
    const url = new URL(request.url, partnerOrigin);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      click: clickId,
      lead: leadId,
      s1: "cmp:7",
      s2: "ad~3",
      status: "issued",
      payout: "2500",
    });
    expect(request.url).toContain("s1=cmp%3A7");
    expect(request.signature).toBe(
      postbackUrlSignature(keys.postbackSecret, `${partnerOrigin}${request.url}`),
    );
    expect(request.postbackId).toBe(`${clickId}:issued`);
    await waitFor(async () => (await rowOf(clickId, "issued"))?.delivered_at != null);

    // The lender says it again: nothing new for the partner.
    expect((await lenderPostback(clickId, "issued")).json()).toEqual({
      recorded: true,
      duplicate: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.filter((item) => item.postbackId === `${clickId}:issued`)).toHaveLength(1);
  });

  it("retries after a failure with a growing delay and records the delivery", async () => {
    const { clickId } = await partnerVisitorClicks();
    plannedStatuses.push(500, 503);
    await lenderPostback(clickId, "approved");
    await waitFor(async () => (await rowOf(clickId, "approved"))?.delivered_at != null);
    const attempts = received.filter((item) => item.postbackId === `${clickId}:approved`);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((item) => item.url)).size).toBe(1);
    expect(await rowOf(clickId, "approved")).toMatchObject({
      attempts: 3,
      last_error: null,
      failed_at: null,
      payout_rupees: 0,
    });
    const warnings = recorded.lines.filter((line) => line.includes("partner postback failed"));
    expect(warnings.some((line) => line.includes("HTTP 500"))).toBe(true);
    // The log names the partner and the problem, not the URL with the partner's codes.
    expect(warnings.join("\n")).not.toContain(clickId);
  });

  it("gives up after the last attempt, and the record stays for the stats", async () => {
    const { clickId } = await partnerVisitorClicks();
    plannedStatuses.push(500, 500, 500);
    await lenderPostback(clickId, "rejected");
    await waitFor(async () => (await rowOf(clickId, "rejected"))?.failed_at != null);
    expect(await rowOf(clickId, "rejected")).toMatchObject({
      attempts: 3,
      last_error: "HTTP 500",
      next_attempt_at: null,
    });
  });

  it("sends nothing, and counts nothing, for a visitor whose application waits for its code", async () => {
    const applied = await postJsonTo(app, "/api/applications", {
      ...validApplication,
      term: 90,
      partner: "lanka-deals",
      sub1: "unverified",
      phone: "0713999999",
    });
    expect(applied.statusCode).toBe(201);
    const pending = cookieIn(applied, "lead_pending");
    // Even with its id put into the lead cookie by hand, the click belongs to no lead.
    const go = await inject(app, {
      method: "GET",
      url: "/go/101/",
      headers: { cookie: `lead=${applied.json().leadId}; lead_pending=${pending}` },
    });
    const clickId = new URL(String(go.headers.location)).searchParams.get("click_id") ?? "";
    expect(new URL(String(go.headers.location)).searchParams.get("sub1")).not.toBe("unverified");
    expect((await lenderPostback(clickId, "issued")).statusCode).toBe(200);
    const click = await test.storage.db
      .selectFrom("clicks")
      .select(["lead_id", "partner_id"])
      .where("id", "=", clickId)
      .executeTakeFirstOrThrow();
    expect(click).toEqual({ lead_id: null, partner_id: null });
    expect(await rowOf(clickId, "issued")).toBeUndefined();
  });

  it("agrees with the partner's stats", async () => {
    const today = colomboToday(new Date());
    const stats = await inject(app, {
      method: "GET",
      url: `/api/partner/v1/stats?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${keys.secret}` },
    });
    const rows = await test.storage.db.selectFrom("partner_postbacks").selectAll().execute();
    expect(stats.json().totals).toMatchObject({
      leads: 3,
      clicks: 3,
      approvals: rows.filter((row) => row.status === "approved").length,
      sales: 1,
      payouts: 2_500,
    });
    const paid = received
      .map((item) => new URL(item.url, partnerOrigin))
      .filter((url) => url.searchParams.get("status") === "issued");
    expect(paid.map((url) => Number(url.searchParams.get("payout")))).toEqual([2_500]);
  });
});

describe("a partner's postback URL on our own machine or network", () => {
  it("is never called, even when storage holds one (checked again at send time)", async () => {
    await createPartner(test.storage, {
      id: "sneaky",
      name: "Sneaky",
      payoutModel: "sale",
      payoutRupees: 1,
      origins: [],
      postbackUrl: null,
    });
    const port = new URL(loopback).port;
    // Saving any of these is refused (partners.storage.test.ts); storage may still hold one.
    for (const address of [
      loopback,
      `http://localhost:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::1]:${port}`,
      `http://2130706433:${port}`,
    ]) {
      // As if saved before the rule, or its host name resolved elsewhere when it was saved.
      await test.storage.db
        .updateTable("partners")
        .set({ postback_url: `${address}/sneaky?click={click_id}` })
        .where("id", "=", "sneaky")
        .execute();
      const { clickId } = await partnerVisitorClicks("sneaky");
      await lenderPostback(clickId, "issued");
      await waitFor(async () => ((await rowOf(clickId, "issued"))?.attempts ?? 0) > 0);
      expect(await rowOf(clickId, "issued")).toMatchObject({
        delivered_at: null,
        last_error: "refused (address)",
      });
    }
    expect(received.filter((request) => request.url.startsWith("/sneaky"))).toEqual([]);
  });
});
