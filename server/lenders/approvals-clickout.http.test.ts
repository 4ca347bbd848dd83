import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import {
  approval,
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { postbackSignature } from "./postback-api";

/**
 * What a lender's approval leads to (issue 15): the click-out to its apply
 * URL (click id and sub ids filled in like a lender link's), the lead feed
 * answering approved offers first, and the lender's postbacks checked with
 * its API secret from storage.
 */

const lenders: TestLender[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

const ENV_SECRET = "approves-env-secret-0123456789";

describe("an approval", () => {
  const context = setUpDecisionApp({}, { lenderSecrets: new Map([["approves", ENV_SECRET]]) });
  let spec: ReturnType<typeof lenderSpec>;
  let leadId = "";

  it("is where the click-out goes, with the click id and the lead's sub ids filled in", async () => {
    const approving = await startTestLender(() => ({ status: 200, body: approval(990_001) }));
    const declining = await startTestLender(() => ({
      status: 200,
      body: { decision: "declined", reason: "policy" },
    }));
    lenders.push(approving, declining);
    spec = lenderSpec("approves", namedUrl(approving), [990_001]);
    await context.onlyLenders([spec, lenderSpec("declines", namedUrl(declining), [990_002])]);
    leadId = await context.apply({ sub1: "spring-campaign" });
    await context.network.idle();

    const head = await inject(context.app, {
      method: "HEAD",
      url: "/go/990001",
      headers: { cookie: `lead=${leadId}` },
    });
    expect(head.statusCode).toBe(200);
    const res = await inject(context.app, {
      method: "GET",
      url: "/go/990001",
      headers: { cookie: `lead=${leadId}` },
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe("https://apply.lender.test/offer/990001");
    const clickId = location.searchParams.get("click");
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(location.searchParams.get("s1")).toBe("spring-campaign");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    const clicks = await context.test.storage.db
      .selectFrom("clicks")
      .selectAll()
      .where("lead_id", "=", leadId)
      .execute();
    // One click: the HEAD recorded nothing.
    expect(clicks).toEqual([
      expect.objectContaining({ id: clickId, offer_id: 990_001, lender: "approves" }),
    ]);
  });

  it("is nobody else's: without it an API lender's product has nowhere to go", async () => {
    const other = await context.apply();
    await context.network.idle();
    // Another applicant's approval (the same lender approved them too, for their own link).
    await context.test.storage.db
      .updateTable("lender_decisions")
      .set({ status: "declined", reason: "policy" })
      .where("lead_id", "=", other)
      .execute();
    for (const cookie of [`lead=${other}`, ""]) {
      // With the slash: without one, an address we do not serve is first redirected to it.
      const res = await inject(context.app, {
        method: "GET",
        url: "/go/990001/",
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("leads the lead feed; the declining API lender's product is not offered", async () => {
    const res = await inject(context.app, {
      method: "GET",
      url: `/api/feed/leads?lead_id=${leadId}&page=all&direction=swap&pf=1`,
    });
    const ids = res.json() as number[];
    expect(ids[0]).toBe(990_001);
    expect(ids).not.toContain(990_002);
    // The sample lenders' offers matched by their criteria follow.
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.filter((id) => id === 990_001)).toHaveLength(1);
  });

  it("is reported on by the lender's postback, signed with its API secret from storage", async () => {
    const click = await context.test.storage.db
      .selectFrom("clicks")
      .select("id")
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    const postback = { click_id: click.id, status: "approved" as const, amount: 50_000 };
    const send = (secret: string) =>
      inject(context.app, {
        method: "POST",
        url: "/api/postback",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ ...postback, signature: postbackSignature(secret, postback) }),
      });
    // The configured secret (LENDER_POSTBACK_SECRETS) gives way to the one in storage.
    expect((await send(ENV_SECRET)).statusCode).toBe(401);
    const res = await send(spec.apiSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: true, duplicate: false });
    const lead = await context.test.storage.db
      .selectFrom("leads")
      .select("status")
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(lead.status).toBe("approved");
  });

  it("no longer leads anywhere once it lapses", async () => {
    await context.test.storage.db
      .updateTable("lender_decisions")
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where("lead_id", "=", leadId)
      .execute();
    const res = await inject(context.app, {
      method: "GET",
      url: "/go/990001/",
      headers: { cookie: `lead=${leadId}` },
    });
    expect(res.statusCode).toBe(404);
    const feed = await inject(context.app, {
      method: "GET",
      url: `/api/feed/leads?lead_id=${leadId}`,
    });
    expect(feed.json()).not.toContain(990_001);
  });
});
