import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRoundRobinProxy } from "../../scripts/round-robin-proxy.mjs";
import { csrfTokenOf } from "../../server/accounts/csrf";
import { totpCodeAt } from "../../server/accounts/totp";
import {
  approvedPortalPartner,
  PORTAL_TEST_PASSWORD,
} from "../../server/partners/portal.test-support";
import { defineSandboxLender } from "../../server/sandbox/behaviours";
import { sandboxLenderSpec } from "../../server/sandbox/lenders-of";
import { type SandboxNetwork, startSandboxLenders } from "../../server/sandbox/network";
import { registerApiLenders } from "../../server/sandbox/register";
import { addStaffMember } from "../../server/staff/staff.test-support";
import { openStorage, type Storage } from "../../server/storage/database";
import { POSTGRES_SKIPPED, testEnv } from "../../server/test-support";
import { codeSentTo } from "../support/outbox";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 19's scale-out: three built servers (dist/server/main.js) started
 * together on one new PostgreSQL database (they migrate and seed it at
 * once) and one data folder (the local outbox the codes go to), behind the
 * round-robin proxy the benchmark uses (scripts/round-robin-proxy.mjs).
 * What one instance does, the others must see: a lender paused on one is
 * not served from another's page cache, a rate limit counts once across
 * them, a sign-in on one holds on the others and a sign-out on one ends it
 * everywhere, a due postback is sent once, and a verified applicant's
 * lenders are each asked once. Only with TEST_DATABASE_URL (CI sets it).
 */
const serverUrl = testEnv.databaseUrl;
const INSTANCES = 3;
const DATABASE_NAME = `nayacompare_scale_${randomUUID().replaceAll("-", "")}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Polls `probe` until it answers true, at most `ms`: the condition, never a sleep, decides. */
async function until(what: string, probe: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const setCookies = (response: Response) =>
  new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );

describe.skipIf(!serverUrl)(
  serverUrl ? "three instances on one PostgreSQL" : POSTGRES_SKIPPED,
  () => {
    let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
    let servers: ServerProcess[] = [];
    let storage: Storage;
    let dataDir = "";
    const storageUrl = "";
    const at = (index: number) => servers[index]?.url ?? "";

    /** A form POST as our pages send it (the public origin: the proxy). */
    const post = (url: string, fields: Record<string, string>, cookie = "") =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: proxy.url,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });

    beforeAll(async () => {
      if (!serverUrl) return;
      await admin(`create database ${DATABASE_NAME}`);
      const url = new URL(serverUrl);
      url.pathname = `/${DATABASE_NAME}`;
      proxy = await startRoundRobinProxy([]);
      dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-scale-"));
      // Started at once on an empty database: they migrate and seed it side by side.
      servers = await Promise.all(
        Array.from({ length: INSTANCES }, () =>
          startServer(
            {
              DATABASE_URL: url.toString(),
              PUBLIC_ORIGIN: proxy.url,
              TRUST_PROXY: "loopback",
              // Sandbox lenders and partners' postbacks on loopback: outside production only.
              NODE_ENV: "development",
              PARTNER_POSTBACKS_TO_LOOPBACK: "allow",
            },
            { dataDir },
          ),
        ),
      );
      proxy.setUpstreams(servers.map((server) => server.url));
      storage = openStorage({ databaseUrl: url.toString(), dataDir });
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await storage?.close();
      await proxy?.close();
      if (serverUrl) await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
    });

    it("started three instances together on one new database, each serving pages", async () => {
      expect(servers.map((server) => server.output())).not.toContainEqual(
        expect.stringMatching(/error/i),
      );
      for (let round = 0; round < INSTANCES; round++) {
        const response = await fetch(`${proxy.url}/en/`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      expect([...proxy.sent.keys()].sort()).toEqual(
        servers.map((server) => new URL(server.url).origin).sort(),
      );
      const lenders = await storage.db
        .selectFrom("lenders")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(lenders.count)).toBeGreaterThan(0);
    });

    it("signs a member of staff in on one instance, valid on the others; a sign-out on one ends it on all", async () => {
      const member = await addStaffMember(storage, {
        email: "scale-admin@nayacompare.test",
        role: "admin",
        twoFactor: true,
      });
      const first = await post(`${at(0)}/admin/sign-in/`, {
        email: member.email,
        password: member.password,
      });
      expect(first.status).toBe(303);
      const half = setCookies(first).get("admin_session") ?? "";
      // The code step on another instance than the password's.
      const second = await post(
        `${at(1)}/admin/sign-in/code/`,
        { csrf: csrfTokenOf(half), code: totpCodeAt(member.secret ?? "", new Date()) },
        `admin_session=${half}`,
      );
      expect(second.status).toBe(303);
      const session = setCookies(second).get("admin_session") ?? "";
      expect(session).not.toBe("");
      const cookie = `admin_session=${session}`;
      for (const base of [at(0), at(1), at(2), proxy.url]) {
        const account = await fetch(`${base}/admin/account/`, {
          redirect: "manual",
          headers: { Cookie: cookie },
        });
        expect(account.status, base).toBe(200);
        expect(await account.text()).toContain(member.email);
      }
      const out = await post(`${at(2)}/admin/sign-out`, { csrf: csrfTokenOf(session) }, cookie);
      expect(out.status).toBe(303);
      for (const base of [at(0), at(1)]) {
        const after = await fetch(`${base}/admin/account/`, {
          redirect: "manual",
          headers: { Cookie: cookie },
        });
        expect(after.status, base).toBe(303);
        expect(after.headers.get("location")).toMatch(/^\/admin\/sign-in\//);
      }
    });

    it("signs a partner in to the portal on one instance, valid on the others; a sign-out ends it", async () => {
      const partner = await approvedPortalPartner(storage, {
        name: "Scale Deals",
        email: "scale-portal@partners.example",
      });
      const signedIn = await post(`${at(1)}/en/partner/portal/sign-in/`, {
        email: partner.email,
        password: PORTAL_TEST_PASSWORD,
      });
      expect(signedIn.status).toBe(303);
      const session = setCookies(signedIn).get("partner_session") ?? "";
      expect(session).not.toBe("");
      const cookie = `partner_session=${session}`;
      const home = (base: string) =>
        fetch(`${base}/en/partner/portal/`, { headers: { Cookie: cookie } }).then(
          async (answer) => {
            expect(answer.status).toBe(200);
            return answer.text();
          },
        );
      for (const base of [at(0), at(2), proxy.url]) {
        expect(await home(base), base).toContain('action="/en/partner/portal/sign-out"');
      }
      const out = await post(
        `${at(0)}/en/partner/portal/sign-out`,
        { csrf: csrfTokenOf(session) },
        cookie,
      );
      expect(out.status).toBe(303);
      for (const base of [at(1), at(2)]) {
        const page = await home(base);
        expect(page, base).not.toContain('action="/en/partner/portal/sign-out"');
        expect(page, base).toContain('name="password"');
      }
    });

    it("counts a visitor's applications once across the instances, not once per instance", async () => {
      const clientId = randomUUID();
      const statuses: number[] = [];
      // The limit is 10 a visitor in 10 minutes; each instance counting its own would let 30 by.
      for (let index = 0; index < 14; index++) {
        const response = await fetch(`${proxy.url}/api/applications`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Cookie: `client_id=${clientId}`,
            "X-Forwarded-For": "198.18.7.1",
          },
          body: JSON.stringify(application(`0772${String(100_000 + index).padStart(6, "0")}`)),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses.slice(10)).toEqual(Array(4).fill(429));
    });

    it("drops the other instances' cached page when one of them pauses a lender", async () => {
      const lender = await storage.db
        .selectFrom("lenders")
        .select("id")
        .where("status", "=", "live")
        .where("sample", "=", 1)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const page = `/en/lenders/${lender.id}/`;
      // Rendered and cached on instance 1 (twice: the second is a hit).
      for (let round = 0; round < 2; round++) {
        const cached = await fetch(`${at(1)}${page}`);
        expect(cached.status).toBe(200);
        await cached.arrayBuffer();
      }
      const member = await addStaffMember(storage, {
        email: "scale-lenders@nayacompare.test",
        role: "admin",
        twoFactor: true,
      });
      const cookie = await staffSignIn(at(0), member);
      const paused = await post(
        `${at(0)}/admin/lenders/${lender.id}/status`,
        { csrf: csrfTokenOf(cookie.slice("admin_session=".length)), status: "paused" },
        cookie,
      );
      expect(paused.status).toBe(303);
      // Each instance reads the page version at most once a second (decision 0260): within a
      // few seconds every one answers 404, where its catalogue's own refresh (30 s) and a cached
      // page's longest life (60 s) are far beyond this bound. The one that paused it, at once.
      const status = async (base: string) => {
        const answer = await fetch(`${base}${page}`);
        await answer.arrayBuffer();
        return answer.status;
      };
      expect(await status(at(0))).toBe(404);
      for (const base of [at(1), at(2)]) {
        await until(
          `the paused lender's page gone from ${base}`,
          async () => (await status(base)) === 404,
          8_000,
        );
      }
      for (let round = 0; round < INSTANCES; round++) expect(await status(proxy.url)).toBe(404);
    });

    describe("work every instance could do", () => {
      let receiver: Server;
      let receiverUrl = "";
      const received: string[] = [];
      let network: SandboxNetwork;
      const lenderProxies: Awaited<ReturnType<typeof startRoundRobinProxy>>[] = [];

      beforeAll(async () => {
        // The partner's endpoint: slow enough that the instances' workers overlap.
        receiver = createServer((req, res) => {
          received.push(String(req.headers["x-postback-id"] ?? ""));
          setTimeout(() => res.writeHead(200).end("ok"), 20);
        });
        await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
        receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
        // Two sandbox lenders, each behind a proxy of its own that counts what it is asked.
        network = await startSandboxLenders(
          [1, 2].map((index) =>
            defineSandboxLender(
              `scale-${index}`,
              `Scale ${index}`,
              "approves at once",
              { kind: "approve-after", minMs: 10, maxMs: 10 },
              index,
              { rate: 0.2, feeFixed: 500 },
            ),
          ),
        );
        const specs = [];
        for (const running of network.lenders) {
          const counting = await startRoundRobinProxy([running.origin]);
          lenderProxies.push(counting);
          specs.push(
            sandboxLenderSpec({
              ...running,
              url: running.url.replace(running.origin, counting.url),
            }),
          );
        }
        await registerApiLenders(storage, specs);
      });

      afterAll(async () => {
        await new Promise((resolve) => receiver?.close(resolve));
        await network?.close();
        await Promise.all(lenderProxies.map((counting) => counting.close()));
      });

      it("sends each due postback once while three instances' workers run", async () => {
        const partner = await approvedPortalPartner(storage, {
          name: "Postback Deals",
          email: "scale-postbacks@partners.example",
        });
        await storage.db
          .updateTable("partners")
          .set({ postback_url: `${receiverUrl}/pb?click={click_id}` })
          .where("id", "=", partner.partnerId)
          .execute();
        const now = new Date().toISOString();
        const ids = Array.from({ length: 60 }, () => randomUUID());
        await storage.db
          .insertInto("clicks")
          .values(
            ids.map((id) => ({
              id,
              lead_id: null,
              offer_id: 101,
              lender: "kandy-lane",
              attribution: "{}",
              created_at: now,
              partner_id: partner.partnerId,
            })),
          )
          .execute();
        await storage.db
          .insertInto("partner_postbacks")
          .values(
            ids.map((id) => ({
              click_id: id,
              status: "approved" as const,
              partner_id: partner.partnerId,
              lead_id: null,
              payout_rupees: 0,
              url: `${receiverUrl}/pb?click=${id}`,
              attempts: 0,
              next_attempt_at: now,
              delivered_at: null,
              failed_at: null,
              last_error: null,
              created_at: now,
            })),
          )
          .execute();
        // Each instance's worker looks every 5 s.
        await until(
          "every postback delivered",
          async () => {
            const left = await storage.db
              .selectFrom("partner_postbacks")
              .select((eb) => eb.fn.countAll<number>().as("count"))
              .where("partner_id", "=", partner.partnerId)
              .where("delivered_at", "is", null)
              .executeTakeFirstOrThrow();
            return Number(left.count) === 0;
          },
          30_000,
        );
        expect(received).toHaveLength(ids.length);
        expect(new Set(received).size).toBe(ids.length);
        const attempts = await storage.db
          .selectFrom("partner_postbacks")
          .select("attempts")
          .where("partner_id", "=", partner.partnerId)
          .execute();
        expect(attempts.every((row) => row.attempts === 1)).toBe(true);
      }, 60_000);

      it("asks each lender once about a verified applicant, whichever instances take the code; every instance streams the decisions", async () => {
        const clientId = randomUUID();
        const headers = {
          "Content-Type": "application/json",
          Cookie: `client_id=${clientId}`,
          "X-Forwarded-For": "198.18.7.2",
        };
        const phone = "0773555111";
        const applied = await fetch(`${proxy.url}/api/applications`, {
          method: "POST",
          headers,
          body: JSON.stringify(application(phone)),
        });
        expect(applied.status).toBe(201);
        const { leadId } = (await applied.json()) as { leadId: string };
        const code = await codeSentTo({ dataDir }, phone, 1);
        // A double submit: the two posts reach two instances through the proxy.
        const answers = await Promise.all(
          [0, 1].map(() =>
            fetch(`${proxy.url}/api/applications/${leadId}/verification`, {
              method: "POST",
              headers,
              body: JSON.stringify({ code }),
            }).then(async (answer) => {
              await answer.arrayBuffer();
              return { status: answer.status, lead: setCookies(answer).get("lead") };
            }),
          ),
        );
        const lead = answers.find((answer) => answer.status === 200)?.lead;
        expect(lead).toBeDefined();
        // Every instance's offers stream ends with both approvals, whichever asked the lenders.
        for (const base of [at(0), at(1), at(2)]) {
          const stream = await fetch(`${base}/api/applications/${leadId}/offers/stream`, {
            headers: { Cookie: `client_id=${clientId}; lead=${lead}` },
          });
          expect(stream.status, base).toBe(200);
          const last = await lastStreamEvent(stream);
          expect(last.decisions.decisions.map((decision) => decision.status)).toEqual([
            "approved",
            "approved",
          ]);
        }
        await until("both lenders' decisions recorded", async () => {
          const rows = await storage.db
            .selectFrom("lender_decisions")
            .select(["lender_id", "status"])
            .where("lead_id", "=", leadId)
            .execute();
          return rows.length === 2 && rows.every((row) => row.status !== "waiting");
        });
        const rows = await storage.db
          .selectFrom("lender_decisions")
          .select(["lender_id", "status"])
          .where("lead_id", "=", leadId)
          .orderBy("lender_id")
          .execute();
        expect(rows).toEqual([
          { lender_id: "scale-1", status: "approved" },
          { lender_id: "scale-2", status: "approved" },
        ]);
        expect(lenderProxies.map((counting) => [...counting.sent.values()])).toEqual([[1], [1]]);
      });
    });

    it("restarts an instance under load, as a rolling release does, without a failed request", async () => {
      const statuses = new Map<number, number>();
      let stop = false;
      const body = JSON.stringify({ event_id: 5, utm_source: "scale", sub3: "0301.1-A" });
      const client = async (index: number) => {
        for (let round = index; !stop; round++) {
          const answer =
            round % 2 === 0
              ? await fetch(`${proxy.url}/en/`)
              : await fetch(`${proxy.url}/api/event`, {
                  method: "POST",
                  // Each event from a visitor's address of its own: the per-address limit of
                  // events (0342) counts visitors, not this test.
                  headers: {
                    "Content-Type": "text/plain;charset=UTF-8",
                    "X-Forwarded-For": `198.18.${index}.${round % 256}`,
                  },
                  body,
                });
          await answer.arrayBuffer();
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      };
      const clients = Array.from({ length: 8 }, (_, index) => client(index));
      const answered = () => [...statuses.values()].reduce((sum, count) => sum + count, 0);
      await until("requests flowing", async () => answered() >= 50);
      // SIGTERM to the last instance while it is being sent requests; the balancer (the proxy)
      // sends a refused connection to the next one, as nginx's proxy_next_upstream does.
      const old = servers[INSTANCES - 1] as ServerProcess;
      old.child.kill("SIGTERM");
      expect(await old.exited).toBe(0);
      const replacement = await startServer(
        {
          DATABASE_URL: storageUrl,
          PUBLIC_ORIGIN: proxy.url,
          TRUST_PROXY: "loopback",
          NODE_ENV: "development",
          PARTNER_POSTBACKS_TO_LOOPBACK: "allow",
        },
        { dataDir },
      );
      servers[INSTANCES - 1] = replacement;
      proxy.setUpstreams(servers.map((server) => server.url));
      const before = answered();
      await until("the new instance answering", async () => answered() >= before + 50);
      stop = true;
      await Promise.all(clients);
      expect(Object.fromEntries(statuses)).toEqual({
        200: expect.any(Number),
        202: expect.any(Number),
      });
      expect(proxy.sent.get(new URL(replacement.url).origin)).toBeGreaterThan(0);
    }, 60_000);

    /** Signs a member in on `base` (password, then the code): the session's Cookie header. */
    async function staffSignIn(
      base: string,
      member: Awaited<ReturnType<typeof addStaffMember>>,
    ): Promise<string> {
      const first = await post(`${base}/admin/sign-in/`, {
        email: member.email,
        password: member.password,
      });
      const half = setCookies(first).get("admin_session") ?? "";
      const second = await post(
        `${base}/admin/sign-in/code/`,
        { csrf: csrfTokenOf(half), code: totpCodeAt(member.secret ?? "", new Date()) },
        `admin_session=${half}`,
      );
      if (second.status !== 303) throw new Error(`the code step answered ${second.status}`);
      return `admin_session=${setCookies(second).get("admin_session") ?? ""}`;
    }
  },
);

/** Reads an offers stream until its `complete` event: the state it carries. */
async function lastStreamEvent(
  response: Response,
): Promise<{ decisions: { decisions: { status: string }[] } }> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body ?? []) {
    text += decoder.decode(chunk, { stream: true });
    const match = /event: complete\nid: [^\n]+\ndata: (.*)\n\n/.exec(text);
    if (match?.[1]) return JSON.parse(match[1]);
  }
  throw new Error("the stream ended without `complete`");
}

/** An applicant the sample and sandbox lenders admit (the benchmark's). */
function application(phone: string) {
  return {
    amount: 50_000,
    term: 90,
    purpose: "medical",
    fullName: "Scale Applicant",
    nic: "853400937V",
    birthDate: "1985-12-05",
    phone,
    email: `scale${phone}@example.lk`,
    monthlyIncome: 85_000,
    employment: "salaried",
    bank: "boc",
    district: "Colombo",
    consents: { terms: true, shareWithLenders: true, marketing: false },
  };
}
