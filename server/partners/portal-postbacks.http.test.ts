import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colomboToday } from "../../core/helpers/dates";
import {
  appWith,
  boundedRuns,
  openTestSqlite,
  PROPERTY_TEST_TIMEOUT_MS,
  silentLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import { findPartner, postbackSecretOf } from "./partners";
import { seedConversion } from "./payouts.test-support";
import { approvedPortalPartner } from "./portal.test-support";
import { POSTBACK_TESTS_PER_MINUTE } from "./portal-postback-section";
import { portalStats } from "./portal-stats";
import { postbackUrlSignature } from "./postback-delivery";
import { createPartnerPostbacks } from "./postbacks";

/**
 * The partner portal's postbacks page over HTTP (issue 18): the URL
 * template checked (macros, host, scheme) with errors in the page's
 * language; a test postback to a real HTTP server on 127.0.0.1 (reached by
 * a host name this test resolves, as deliveries reach it), signed, whose
 * answer the page shows, or the timeout, the refused connection, the
 * refusal by the rules; the delivery log with a failing URL's retries;
 * partner B never reaches A's.
 */
const ORIGIN = "https://nayacompare.test";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const HOST = "hooks.partner.test";
// HOST resolves to this test's server; every other name as in production (localhost: refused).
const rules = testOutboundRules({ [HOST]: ["127.0.0.1"] });

interface Received {
  url: string;
  headers: IncomingMessage["headers"];
}
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let hooks: Server;
let port = 0;
let closedPort = 0;
const received: Received[] = [];
/** What the partner's server does next: answer, or hang until the test ends. */
let behaviour: "answer" | "hang" | "fail" = "answer";
const hanging: ServerResponse[] = [];
type Signed = Awaited<ReturnType<typeof approvedPortalPartner>>;
let a: Signed;
let b: Signed;

beforeAll(async () => {
  hooks = createServer((req, res) => {
    received.push({ url: req.url ?? "", headers: req.headers });
    if (behaviour === "hang") {
      hanging.push(res);
      return;
    }
    if (behaviour === "fail") {
      res.writeHead(500, { "content-type": "text/plain" }).end("down for maintenance");
      return;
    }
    res
      .writeHead(202, { "content-type": "text/html", "x-partner-trace": "t-42" })
      .end(`<b>got it</b> ${"x".repeat(3_000)}`);
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  port = (hooks.address() as AddressInfo).port;
  // A port nobody listens on: connections to it are refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));

  test = await openTestSqlite();
  app = appWith(test.storage, { postbackRules: rules, postbackTestTimeoutMs: 400 });
  a = await approvedPortalPartner(test.storage, {
    name: "Hooks Alpha",
    email: "a@hooks.example",
    terms: { payoutModel: "lead", payoutRupees: 350 },
  });
  b = await approvedPortalPartner(test.storage, { name: "Hooks Beta", email: "b@hooks.example" });
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => hooks?.close(resolve));
  await test?.cleanup();
});

const get = (who: Signed, url: string) =>
  inject(app, { method: "GET", url, headers: { cookie: who.cookie } });

function post(who: Signed, url: string, form: Record<string, string>) {
  return inject(app, {
    method: "POST",
    url,
    headers: { ...FORM, cookie: who.cookie },
    payload: new URLSearchParams({ csrf: who.csrf, ...form }).toString(),
  });
}

const decoded = (html: string) =>
  html
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'");

describe("the postback URL template", () => {
  it("lists the macros and refuses a bad template in the page's language", async () => {
    const page = await get(a, "/en/partner/portal/postbacks/");
    expect(page.statusCode).toBe(200);
    for (const macro of ["{click_id}", "{lead_id}", "{sub1}", "{sub5}", "{status}", "{payout}"]) {
      expect(page.body).toContain(macro);
    }
    expect(page.body).toContain("No postbacks yet.");
    expect(page.body).toContain("No postback URL is saved: we send you no postbacks.");
    for (const [template, en, si] of [
      ["not a url", "This is not an http(s) address.", "මෙය http(s) ලිපිනයක් නොවේ."],
      [`http://${HOST}/p?c={clickid}`, "{clickid} is not one of the macros", "{clickid} පහත"],
      ["https://{sub1}.partner.lk/p", "only after the host", "ඩොමේන් නාමයෙන් පසුව"],
      ["ftp://files.partner.lk/p", "This is not an http(s) address.", "http(s) ලිපිනයක් නොවේ"],
      ["http://127.0.0.1/p?c={click_id}", "127.0.0.1 is, or leads to", "127.0.0.1 පුද්ගලික"],
      ["http://localhost:8080/p", "localhost is, or leads to", "පුද්ගලික ජාලයක"],
      [`https://${HOST}/${"x".repeat(2_001)}`, "longer than 2,000", "2,000කට"],
    ] as const) {
      const refusedEn = await post(a, "/en/partner/portal/postbacks/template", { template });
      expect(refusedEn.statusCode, template).toBe(400);
      expect(decoded(refusedEn.body), template).toContain(en);
      expect(refusedEn.body).toContain('aria-invalid="true"');
      const refusedSi = await post(a, "/partner/portal/postbacks/template", { template });
      expect(decoded(refusedSi.body), template).toContain(si);
    }
    expect((await findPartner(test.storage, a.partnerId))?.postbackUrl).toBeNull();
  });

  it("refuses http in production's rules", async () => {
    const production = appWith(test.storage, { postbackRules: { allowHttp: false } });
    const res = await inject(production, {
      method: "POST",
      url: "/en/partner/portal/postbacks/template",
      headers: { ...FORM, cookie: a.cookie },
      payload: new URLSearchParams({
        csrf: a.csrf,
        template: "http://93.184.215.14/p?c={click_id}",
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("The address must start with https://.");
  });

  it("saves a template, audited with the partner's account, and clears it when emptied", async () => {
    const template = `http://${HOST}:${port}/postback?click={click_id}&s={status}&p={payout}&sub={sub1}`;
    const saved = await post(a, "/en/partner/portal/postbacks/template", { template });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/en/partner/portal/postbacks/?notice=saved");
    expect((await findPartner(test.storage, a.partnerId))?.postbackUrl).toBe(template);
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("subject", "=", `partner:${a.partnerId}`)
      .where("action", "=", "partner.update")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(`partner:${a.accountId}`);
    // The host only, never the template's query (it may hold the partner's own token).
    expect(audit.after).toContain(`"postbackHost":"${HOST}:${port}"`);
    expect(audit.after).not.toContain("click_id");

    // The field twice is not a template, and never read as "remove it".
    const twice = await inject(app, {
      method: "POST",
      url: "/en/partner/portal/postbacks/template",
      headers: { ...FORM, cookie: a.cookie },
      payload: `csrf=${a.csrf}&template=&template=x`,
    });
    expect(twice.statusCode).toBe(400);
    expect((await findPartner(test.storage, a.partnerId))?.postbackUrl).toBe(template);

    const cleared = await post(b, "/en/partner/portal/postbacks/template", { template: "  " });
    expect(cleared.headers.location).toBe("/en/partner/portal/postbacks/?notice=cleared");
    expect((await findPartner(test.storage, b.partnerId))?.postbackUrl).toBeNull();
  });
});

describe("the offers-ready postback's setting", () => {
  it("turns it on and off for the partner's own account only, in the page's language", async () => {
    const page = await get(a, "/en/partner/portal/postbacks/");
    expect(page.body).toContain("When a lead&#x27;s offers are ready");
    expect(page.body).toContain("Off: we do not send it.");
    expect(page.body).toContain('name="offersReady" value="on"');
    const on = await post(a, "/en/partner/portal/postbacks/offers-ready", { offersReady: "on" });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe("/en/partner/portal/postbacks/?notice=offers_ready_on");
    expect((await findPartner(test.storage, a.partnerId))?.offersReadySince).not.toBeNull();
    expect((await findPartner(test.storage, b.partnerId))?.offersReadySince).toBeNull();
    const shown = await get(a, "/en/partner/portal/postbacks/?notice=offers_ready_on");
    expect(shown.body).toContain("Offers-ready postbacks are on.");
    expect(shown.body).toContain("On: we send it for each lead");
    expect(shown.body).toContain('name="offersReady" value="off"');
    const sinhala = await get(a, "/partner/portal/postbacks/");
    expect(sinhala.body).toContain("Offers-ready postback නවත්වන්න");
    const tamil = await get(a, "/ta/partner/portal/postbacks/");
    expect(tamil.body).toContain("Offers-ready போஸ்ட்பேக்குகளை நிறுத்துங்கள்");
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("subject", "=", `partner:${a.partnerId}`)
      .where("action", "=", "partner.update")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(`partner:${a.accountId}`);
    expect(audit.after).toContain('"offersReady":true');

    // Only "on" or "off": anything else changes nothing.
    for (const payload of [`csrf=${a.csrf}`, `csrf=${a.csrf}&offersReady=on&offersReady=off`]) {
      const refused = await inject(app, {
        method: "POST",
        url: "/en/partner/portal/postbacks/offers-ready",
        headers: { ...FORM, cookie: a.cookie },
        payload,
      });
      expect(refused.statusCode).toBe(400);
    }
    const off = await post(a, "/partner/portal/postbacks/offers-ready", { offersReady: "off" });
    expect(off.headers.location).toBe("/partner/portal/postbacks/?notice=offers_ready_off");
    expect((await findPartner(test.storage, a.partnerId))?.offersReadySince).toBeNull();
  });
});

describe("a test postback", () => {
  it("reaches the partner's server signed as a real one, and the page shows its answer", async () => {
    received.length = 0;
    behaviour = "answer";
    const res = await post(a, "/en/partner/portal/postbacks/test", {});
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const [request] = received;
    const url = `http://${HOST}:${port}${request?.url}`;
    const query = new URL(url).searchParams;
    expect(query.get("click")).toMatch(/^test_[0-9a-f]{16}$/);
    expect(query.get("s")).toBe("approved");
    expect(query.get("p")).toBe("350");
    expect(query.get("sub")).toBe("test");
    const secret = (await postbackSecretOf(test.storage, a.partnerId)) ?? "";
    expect(request?.headers["x-signature"]).toBe(postbackUrlSignature(secret, url));
    expect(request?.headers["x-postback-id"]).toBe(`${query.get("click")}:approved`);
    expect(request?.headers["x-postback-test"]).toBe("1");
    expect(request?.headers["user-agent"]).toBe("NayaCompare-Postback/1");

    const body = decoded(res.body);
    // The exact request: method, full URL, the headers we sent.
    expect(body).toContain(`GET ${url}`);
    expect(body).toContain(`X-Signature: ${request?.headers["x-signature"]}`);
    expect(body).toContain("X-Postback-Test: 1");
    expect(body).not.toContain(secret);
    // The answer: status, headers, the first 2 KB of the body, escaped.
    expect(body).toContain("Status 202");
    expect(body).toContain("x-partner-trace: t-42");
    expect(res.body).toContain("&lt;b&gt;got it&lt;/b&gt;");
    expect(res.body).not.toContain("<b>got it</b>");
    expect(body).toContain("Body (the first 2 KB)");
    expect(body).not.toContain("x".repeat(2_100));

    // Never in the outbox, the figures or the statements.
    const rows = await test.storage.db
      .selectFrom("partner_postbacks")
      .select("click_id")
      .where("partner_id", "=", a.partnerId)
      .execute();
    expect(rows).toEqual([]);
    const today = colomboToday(new Date());
    const figures = await portalStats(test.storage, a.partnerId, today, today);
    expect(figures.totals.earnings).toBe(0);
    expect(figures.totals.approvals).toBe(0);
  });

  it("says so when the partner's server does not answer in time, or refuses the connection", async () => {
    behaviour = "hang";
    const slow = await post(a, "/en/partner/portal/postbacks/test", {});
    expect(slow.statusCode).toBe(200);
    expect(slow.body).toMatch(/No answer after (4\d\d|5\d\d) ms: we stopped waiting/);
    behaviour = "answer";

    await test.storage.db
      .updateTable("partners")
      .set({ postback_url: `http://${HOST}:${closedPort}/p?c={click_id}` })
      .where("id", "=", a.partnerId)
      .execute();
    const refused = await post(a, "/partner/portal/postbacks/test", {});
    expect(refused.body).toContain("ඔබේ සේවාදායකයට සම්බන්ධ වීමට නොහැකි විය (ECONNREFUSED)");

    // An address the rules refuse (DNS changed since it was saved): not sent at all.
    received.length = 0;
    await test.storage.db
      .updateTable("partners")
      .set({ postback_url: "http://localhost:8080/p?c={click_id}" })
      .where("id", "=", a.partnerId)
      .execute();
    const inside = await post(a, "/en/partner/portal/postbacks/test", {});
    expect(inside.body).toContain("localhost is, or leads to, an address inside");
    expect(received).toEqual([]);

    // No template: nothing to send.
    const none = await post(b, "/en/partner/portal/postbacks/test", {});
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Save a postback URL first");
  });

  it(`allows ${POSTBACK_TESTS_PER_MINUTE} tests a minute per partner`, async () => {
    const limited = appWith(test.storage, { postbackRules: rules, postbackTestTimeoutMs: 400 });
    await test.storage.db
      .updateTable("partners")
      .set({ postback_url: `http://${HOST}:${port}/p?c={click_id}` })
      .where("id", "=", a.partnerId)
      .execute();
    const send = (who: Signed) =>
      inject(limited, {
        method: "POST",
        url: "/en/partner/portal/postbacks/test",
        headers: { ...FORM, cookie: who.cookie },
        payload: new URLSearchParams({ csrf: who.csrf }).toString(),
      });
    for (let i = 0; i < POSTBACK_TESTS_PER_MINUTE; i += 1) {
      expect((await send(a)).statusCode).toBe(200);
    }
    const busy = await send(a);
    expect(busy.statusCode).toBe(429);
    expect(busy.body).toContain("That is 10 tests this minute.");
    // B's count is its own.
    expect((await send(b)).statusCode).toBe(400);
  });
});

describe("the delivery log", () => {
  it("shows a failing URL's retries, then its delivery, to its partner only", async () => {
    behaviour = "fail";
    await test.storage.db
      .updateTable("partners")
      .set({ postback_url: `http://${HOST}:${port}/log?c={click_id}&s={status}` })
      .where("id", "=", a.partnerId)
      .execute();
    const { clickId } = await seedConversion(test.storage, a.partnerId, new Date(), ["approved"]);
    let clock = Date.now();
    const worker = createPartnerPostbacks({
      storage: test.storage,
      log: silentLog,
      rules,
      baseDelayMs: 60_000,
      timeoutMs: 2_000,
      now: () => new Date(clock),
    });
    expect(await worker.deliverDue()).toBe(1);
    clock += 61_000;
    expect(await worker.deliverDue()).toBe(1);
    const failing = decoded((await get(a, "/en/partner/portal/postbacks/")).body);
    expect(failing).toContain(clickId);
    expect(failing).toMatch(
      new RegExp(
        `${clickId}</td><td>approved</td><td class="number">350</td><td class="number">2</td><td>Next attempt 20\\d\\d-`,
      ),
    );
    expect(failing).toContain("answered HTTP 500");

    behaviour = "answer";
    clock += 121_000;
    expect(await worker.deliverDue()).toBe(1);
    const delivered = decoded((await get(a, "/en/partner/portal/postbacks/")).body);
    expect(delivered).toMatch(
      new RegExp(
        `${clickId}</td><td>approved</td><td class="number">350</td><td class="number">3</td><td>Delivered 20\\d\\d-`,
      ),
    );
    // The Sinhala page says it in Sinhala.
    const si = decoded((await get(a, "/partner/portal/postbacks/")).body);
    expect(si).toContain("ලැබුණා 20");

    // Partner B sees none of it, by any parameter.
    for (const query of [
      "",
      `?partner=${a.partnerId}`,
      "?page=1",
      "?page=2",
      `?id=${a.partnerId}`,
    ]) {
      const page = await get(b, `/en/partner/portal/postbacks/${query}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(clickId);
      expect(page.body).not.toContain(`${HOST}:${port}/log`);
    }
  });

  it("pages 50 at a time, newest first", async () => {
    const rows = Array.from({ length: 55 }, (_, i) => ({
      click_id: `page-click-${String(i).padStart(2, "0")}`,
      status: "rejected" as const,
      partner_id: b.partnerId,
      lead_id: null,
      payout_rupees: 0,
      url: null,
      attempts: 0,
      next_attempt_at: null,
      delivered_at: null,
      failed_at: null,
      last_error: null,
      created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    }));
    await test.storage.db.insertInto("partner_postbacks").values(rows).execute();
    const first = await get(b, "/en/partner/portal/postbacks/");
    expect(first.body).toContain("page-click-54");
    expect(first.body).toContain("page-click-05");
    expect(first.body).not.toContain("page-click-04");
    expect(first.body).toContain("Not sent: no URL then");
    expect(first.body).toContain('href="/en/partner/portal/postbacks/?page=2"');
    const second = await get(b, "/en/partner/portal/postbacks/?page=2");
    expect(second.body).toContain("page-click-04");
    expect(second.body).toContain("page-click-00");
    expect(second.body).not.toContain("page-click-05");
    expect(second.body).toContain("Newer postbacks");
    expect(second.body).not.toContain("Older postbacks");
  });

  it("answers hostile forms and queries with a page or a 4xx, never a 5xx, changing nothing of A's", {
    timeout: PROPERTY_TEST_TIMEOUT_MS,
  }, async () => {
    const before = await findPartner(test.storage, a.partnerId);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 2_200 }),
        fc.constantFrom(
          "?page=",
          "?page=-1&page=2",
          "?page=99999999999",
          "?page[x]=1",
          "?notice=<b>",
        ),
        async (template, query) => {
          const saved = await post(b, "/en/partner/portal/postbacks/template", {
            template,
            partner: a.partnerId,
          });
          expect(saved.statusCode).toBeLessThan(500);
          const page = await get(b, `/en/partner/portal/postbacks/${query}`);
          expect(page.statusCode).toBe(200);
        },
      ),
      boundedRuns(60),
    );
    expect(await findPartner(test.storage, a.partnerId)).toEqual(before);
  });
});
