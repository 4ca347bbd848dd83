import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../accounts/totp";
import { createVerifiedLead } from "../borrowers/applicant.test-support";
import {
  LENDER_HOSTS,
  lenderSpec,
  namedUrl,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { COMMAND_LINE } from "../staff/audit";
import { newOpaqueId } from "../storage/opaque-ids";
import {
  appWith,
  onEachEngine,
  recordingLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import {
  decisionSignature,
  SIGNATURE_HEADER,
  SIGNATURE_NEXT_HEADER,
  TIMESTAMP_HEADER,
  verifyDecisionSignature,
} from "./decision-api";
import { createDecisionNetwork, type DecisionNetwork } from "./decision-network";
import { inviteLenderAccount } from "./lender-accounts";
import { setLenderStatus } from "./lenders";

/**
 * The lender portal's controls and live secret (issue 34, decisions
 * 0410–0412) over HTTP on the real app, on both engines, with a real HTTP
 * server on loopback as the lender: admins only for the controls, a
 * developer may rotate; limits above the operator's refused beside the
 * field with what was typed kept; a paused lender is asked nothing and
 * cannot resume the operator's pause; limits take effect on the next
 * application; a rotated secret is shown once, both secrets accepted on a
 * callback and a postback during the grace and the old one refused after
 * (the app's clock moved), our requests signed with both meanwhile; CSRF
 * refused.
 */
/**
 * docs/lenders.md's verifier accepting X-Signature or X-Signature-Next (its
 * "Rotating your secret" part), run as written with the secrets given.
 */
function docsVerifier(): (
  secrets: string[],
  headers: IncomingHttpHeaders,
  body: string,
) => boolean {
  const docs = readFileSync("docs/lenders.md", "utf8");
  const part = docs.slice(docs.indexOf("### Rotating your secret"));
  const code = /```js\n([\s\S]*?)```/.exec(part)?.[1] ?? "";
  expect(code).toContain("x-signature-next");
  return (secrets, headers, body) => {
    const [current, previous] = secrets;
    const env = { NAYACOMPARE_API_SECRET: current, NAYACOMPARE_API_SECRET_OLD: previous };
    const make = new Function(
      "createHmac",
      "timingSafeEqual",
      "process",
      `${code}\nreturn signedByNayaCompare;`,
    );
    const signed = make(createHmac, timingSafeEqual, { env }) as (
      headers: IncomingHttpHeaders,
      body: string,
    ) => boolean;
    return signed(headers, body);
  };
}

const ORIGIN = "https://nayacompare.test";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const PASSWORD = "a ledger of quiet herons";
const LENDER = "ctl-api";
const OFFER_ID = 930_001;

function controlsContract(engine: string, open: () => Promise<TestStorage>) {
  describe(`the lender portal's controls on ${engine}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    let network: DecisionNetwork;
    let lender: TestLender;
    let clock = new Date("2026-11-29T06:00:00.000Z");
    let phones = 0;
    const recorded = recordingLog();

    beforeAll(async () => {
      test = await open();
      lender = await startTestLender(() => ({ status: 200, body: { decision: "pending" } }));
      await registerApiLenders(test.storage, [lenderSpec(LENDER, namedUrl(lender), [OFFER_ID])], {
        urlRules: testOutboundRules(LENDER_HOSTS),
      });
      network = createDecisionNetwork({
        storage: test.storage,
        log: recorded.log,
        deadlineMs: 2_000,
        concurrency: 16,
        rules: testOutboundRules(LENDER_HOSTS),
        sandboxLoopback: false,
        callbackUrl: () => `${ORIGIN}/api/lenders/v1/decisions`,
        consentText: () => "I agree.",
        now: () => clock,
      });
      app = appWith(test.storage, {
        now: () => clock,
        decisionNetwork: network,
        log: recorded.log,
      });
    });
    afterAll(async () => {
      await network?.close();
      await lender?.close();
      await test?.cleanup();
    });

    const post = (url: string, form: Record<string, string>, cookie: string) =>
      inject(app, {
        method: "POST",
        url,
        headers: { ...FORM, cookie },
        payload: new URLSearchParams(form).toString(),
      });
    const get = (url: string, cookie: string) =>
      inject(app, { method: "GET", url, headers: { cookie } });
    const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

    /** An invited member, enrolled with both factors: their session's cookie and CSRF token. */
    async function member(email: string, role: "admin" | "developer") {
      const { token } = await inviteLenderAccount(
        test.storage,
        { lenderId: LENDER, email, role },
        clock,
      );
      const set = await post(
        "/en/lender/portal/enrol/",
        { token, password: PASSWORD, confirm: PASSWORD },
        "",
      );
      const cookie =
        [set.headers["set-cookie"] ?? []]
          .flat()
          .find((line) => line.startsWith("lender_session="))
          ?.split(";")[0] ?? "";
      const scan = await get("/en/lender/portal/two-factor/", cookie);
      const { totp_pending_secret: secret } = await test.storage.db
        .selectFrom("lender_accounts")
        .select("totp_pending_secret")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const on = await post(
        "/en/lender/portal/two-factor/",
        { csrf: csrfIn(scan.body), code: totpCodeAt(secret ?? "", clock) },
        cookie,
      );
      expect(on.statusCode).toBe(200);
      // The next member's code is of another step.
      clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
      return { cookie, csrf: csrfIn(on.body) };
    }

    /** A verified application the lender's product admits, then the network asks: how many it asked. */
    async function apply(): Promise<{ leadId: string; asked: number }> {
      phones += 1;
      const phone = `077${String(3_000_000 + phones).padStart(7, "0")}`;
      const application = applicationSchema(TEST_TODAY).parse({ ...validApplication, phone });
      const lead = await createVerifiedLead(test.storage, application, []);
      const asked = await network.begin(lead.verifiedLeadId, "en");
      await network.idle();
      return { leadId: lead.verifiedLeadId, asked };
    }

    const decisionOf = async (leadId: string) =>
      (
        await test.storage.db
          .selectFrom("lender_decisions")
          .select("decision_id")
          .where("lead_id", "=", leadId)
          .executeTakeFirstOrThrow()
      ).decision_id;

    /** A lender's callback declining the decision, signed with `secret` at the app's time. */
    const callback = (decisionId: string, secret: string) => {
      const body = JSON.stringify({ decisionId, decision: "declined", reason: "policy" });
      const timestamp = String(Math.floor(clock.getTime() / 1000));
      return inject(app, {
        method: "POST",
        url: "/api/lenders/v1/decisions",
        headers: {
          "content-type": "application/json",
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: decisionSignature(secret, timestamp, body),
        },
        payload: body,
      });
    };

    /** A postback for a new click of this lender, with the secret itself as its token. */
    const postback = async (token: string) => {
      const id = newOpaqueId();
      await test.storage.db
        .insertInto("clicks")
        .values({
          id,
          lead_id: null,
          offer_id: OFFER_ID,
          lender: LENDER,
          attribution: "{}",
          created_at: clock.toISOString(),
          partner_id: null,
        })
        .execute();
      return inject(app, {
        method: "POST",
        url: "/api/postback",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ click_id: id, status: "approved", token }),
      });
    };

    const stored = () =>
      test.storage.db
        .selectFrom("lenders")
        .selectAll()
        .where("id", "=", LENDER)
        .executeTakeFirstOrThrow();

    let admin: { cookie: string; csrf: string };
    let developer: { cookie: string; csrf: string };

    it("opens the controls to the admin alone; the developer is refused them but may rotate the secret", async () => {
      admin = await member("admin@ctl.example", "admin");
      developer = await member("dev@ctl.example", "developer");
      const page = await get("/en/lender/portal/controls/", admin.cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('href="/en/lender/portal/secret/"');
      for (const path of ["/lender/portal/controls/", "/ta/lender/portal/controls/"]) {
        expect((await get(path, admin.cookie)).statusCode).toBe(200);
      }
      expect((await get("/en/lender/portal/controls/", developer.cookie)).statusCode).toBe(403);
      const refused = await post(
        "/en/lender/portal/controls/pause",
        { csrf: developer.csrf },
        developer.cookie,
      );
      expect(refused.statusCode).toBe(403);
      expect((await stored()).status).toBe("live");
      const home = await get("/en/lender/portal/", developer.cookie);
      expect(home.body).not.toContain('href="/en/lender/portal/controls/"');
      expect(home.body).toContain('href="/en/lender/portal/secret/"');
      expect((await get("/en/lender/portal/secret/", developer.cookie)).statusCode).toBe(200);
    });

    it("refuses limits above the operator's beside the field, keeping what was typed", async () => {
      const above = await post(
        "/en/lender/portal/controls/limits",
        {
          csrf: admin.csrf,
          dailyLeadCap: "",
          concurrency: String(network.concurrency + 1),
          deadlineMs: "fast",
        },
        admin.cookie,
      );
      expect(above.statusCode).toBe(400);
      expect(above.body).toContain(`value="${network.concurrency + 1}"`);
      expect(above.body).toContain('value="fast"');
      expect(above.body).toContain(`Enter a number from 1 to ${network.concurrency}.`);
      expect(above.body).toContain("Enter a whole number, or leave it empty.");
      expect(above.body).toContain('id="concurrency-error"');
      const tooLong = await post(
        "/lender/portal/controls/limits",
        { csrf: admin.csrf, concurrency: "", deadlineMs: String(network.deadlineMs + 1) },
        admin.cookie,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.body).toContain(`lang="si"`);
      expect(tooLong.body).toContain(`value="${network.deadlineMs + 1}"`);
      const row = await stored();
      expect([row.api_concurrency, row.api_deadline_ms, row.daily_lead_cap]).toEqual([
        null,
        null,
        null,
      ]);
    });

    it("saves limits within the operator's, audited as the member, and the next application keeps them", async () => {
      const today = await test.storage.db
        .selectFrom("lender_decisions")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("lender_id", "=", LENDER)
        .executeTakeFirstOrThrow();
      const cap = Number(today.count) + 1;
      const saved = await post(
        "/en/lender/portal/controls/limits",
        { csrf: admin.csrf, dailyLeadCap: String(cap), concurrency: "2", deadlineMs: "1500" },
        admin.cookie,
      );
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toBe("/en/lender/portal/controls/?notice=saved");
      const row = await stored();
      expect([row.daily_lead_cap, row.api_concurrency, row.api_deadline_ms]).toEqual([
        cap,
        2,
        1500,
      ]);
      const audit = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", `lender:${LENDER}`)
        .where("action", "=", "lender.update")
        .executeTakeFirstOrThrow();
      expect(audit.actor).toBe(`lender ${LENDER}`);
      expect(audit.actor_id).toMatch(/^lender:/);
      expect(JSON.parse(audit.after ?? "{}")).toEqual({
        daily_lead_cap: cap,
        api_concurrency: 2,
        api_deadline_ms: 1500,
      });
      // No restart: the first application is asked under the cap, the second is over it.
      const before = lender.received.length;
      expect((await apply()).asked).toBe(1);
      expect(lender.received[before]?.json.answerBy).toBe(
        new Date(clock.getTime() + 1500).toISOString(),
      );
      expect((await apply()).asked).toBe(0);
      expect(lender.received).toHaveLength(before + 1);
      const cleared = await post(
        "/en/lender/portal/controls/limits",
        { csrf: admin.csrf, dailyLeadCap: "", concurrency: "", deadlineMs: "" },
        admin.cookie,
      );
      expect(cleared.statusCode).toBe(303);
      expect((await apply()).asked).toBe(1);
    });

    it("asks a paused lender nothing, and leaves the operator's pause to the operator", async () => {
      const paused = await post(
        "/en/lender/portal/controls/pause",
        { csrf: admin.csrf },
        admin.cookie,
      );
      expect(paused.statusCode).toBe(303);
      expect(await stored()).toMatchObject({ status: "paused", paused_by: "lender" });
      expect((await get("/en/lender/portal/", admin.cookie)).body).toContain(
        "You are paused: we send you no applications",
      );
      const before = lender.received.length;
      const { leadId, asked } = await apply();
      expect(asked).toBe(0);
      expect(lender.received).toHaveLength(before);
      expect(
        await test.storage.db
          .selectFrom("lender_decisions")
          .select("decision_id")
          .where("lead_id", "=", leadId)
          .execute(),
      ).toEqual([]);
      const resumed = await post(
        "/en/lender/portal/controls/resume",
        { csrf: admin.csrf },
        admin.cookie,
      );
      expect(resumed.headers.location).toBe("/en/lender/portal/controls/?notice=resumed");
      expect((await apply()).asked).toBe(1);
      const actions = await test.storage.db
        .selectFrom("audit_log")
        .select(["action", "actor"])
        .where("subject", "=", `lender:${LENDER}`)
        .where("action", "in", ["lender.pause", "lender.live"])
        .orderBy("at")
        .execute();
      // Both at the app's one instant: in either order.
      expect(actions).toHaveLength(2);
      expect(actions).toEqual(
        expect.arrayContaining([
          { action: "lender.pause", actor: `lender ${LENDER}` },
          { action: "lender.live", actor: `lender ${LENDER}` },
        ]),
      );

      await setLenderStatus(test.storage, LENDER, "paused", clock, COMMAND_LINE);
      const page = await get("/en/lender/portal/controls/", admin.cookie);
      expect(page.body).toContain("The NayaCompare team paused you");
      expect(page.body).not.toContain("/en/lender/portal/controls/resume");
      const refused = await post(
        "/en/lender/portal/controls/resume",
        { csrf: admin.csrf },
        admin.cookie,
      );
      expect(refused.statusCode).toBe(409);
      expect(await stored()).toMatchObject({ status: "paused", paused_by: "operator" });
      await setLenderStatus(test.storage, LENDER, "live", clock, COMMAND_LINE);
    });

    it("shows a new secret once; during the grace both are accepted and our requests carry both signatures; after, the old one is refused", async () => {
      const old = (await stored()).api_secret ?? "";
      const rotated = await post(
        "/en/lender/portal/secret/rotate",
        { csrf: developer.csrf, grace: "1" },
        developer.cookie,
      );
      expect(rotated.statusCode).toBe(200);
      expect(rotated.headers["cache-control"]).toBe("no-store");
      const fresh =
        /<code class="secret">([A-Za-z0-9_-]{43})<\/code>/.exec(rotated.body)?.[1] ?? "";
      expect(fresh).not.toBe("");
      expect(rotated.body).toContain("2026-11-29 12:31");
      expect(await stored()).toMatchObject({ api_secret: fresh, api_secret_previous: old });
      const again = await get("/en/lender/portal/secret/", developer.cookie);
      expect(again.body).not.toContain(fresh);
      expect(again.body).toContain("X-Signature-Next");
      expect(recorded.lines.join("\n")).not.toContain(fresh);
      const audit = await test.storage.db
        .selectFrom("audit_log")
        .select(["actor", "after"])
        .where("action", "=", "lender.secret")
        .executeTakeFirstOrThrow();
      expect(audit.actor).toBe(`lender ${LENDER}`);
      expect(audit.after).not.toContain(fresh);
      expect(audit.after).not.toContain(old);

      // Our request: X-Signature with the old secret, X-Signature-Next with the new.
      const first = await apply();
      const sent = lender.received.at(-1);
      const header = (name: string) => String(sent?.headers[name.toLowerCase()] ?? "");
      const timestamp = header(TIMESTAMP_HEADER);
      const body = sent?.body ?? "";
      const verify = (secret: string, name: string) =>
        verifyDecisionSignature(secret, timestamp, body, header(name), new Date());
      expect(verify(old, SIGNATURE_HEADER)).toBe(true);
      expect(verify(fresh, SIGNATURE_NEXT_HEADER)).toBe(true);
      // docs/lenders.md's verifier takes it under either secret it holds, and no other.
      const verifier = docsVerifier();
      expect(verifier([old], sent?.headers ?? {}, body)).toBe(true);
      expect(verifier([fresh], sent?.headers ?? {}, body)).toBe(true);
      expect(verifier(["another secret of 32 characters or more"], sent?.headers ?? {}, body)).toBe(
        false,
      );
      // The lender's callbacks and postbacks: either secret.
      expect((await callback(await decisionOf(first.leadId), old)).statusCode).toBe(200);
      const second = await apply();
      expect((await callback(await decisionOf(second.leadId), fresh)).statusCode).toBe(200);
      expect((await postback(old)).statusCode).toBe(200);
      expect((await postback(fresh)).statusCode).toBe(200);

      // An hour and a second later the grace is over.
      clock = new Date(clock.getTime() + 3_601_000);
      const after = await apply();
      const last = lender.received.at(-1);
      expect(last?.headers[SIGNATURE_NEXT_HEADER.toLowerCase()]).toBeUndefined();
      expect(
        verifyDecisionSignature(
          fresh,
          String(last?.headers[TIMESTAMP_HEADER.toLowerCase()]),
          last?.body ?? "",
          String(last?.headers[SIGNATURE_HEADER.toLowerCase()]),
          new Date(),
        ),
      ).toBe(true);
      const decision = await decisionOf(after.leadId);
      expect((await callback(decision, old)).statusCode).toBe(401);
      expect((await callback(decision, fresh)).statusCode).toBe(200);
      expect((await postback(old)).statusCode).toBe(401);
      expect((await postback(fresh)).statusCode).toBe(200);
      expect((await get("/en/lender/portal/secret/", developer.cookie)).body).not.toContain(
        "X-Signature-Next",
      );
    });

    it("refuses a change without the session's CSRF token", async () => {
      const secret = (await stored()).api_secret;
      for (const [path, who] of [
        ["/en/lender/portal/controls/pause", admin],
        ["/en/lender/portal/controls/limits", admin],
        ["/en/lender/portal/secret/rotate", developer],
      ] as const) {
        const forged = await post(
          path,
          { csrf: "forged", grace: "24", concurrency: "3" },
          who.cookie,
        );
        expect(forged.statusCode).toBe(403);
        const foreign = await inject(app, {
          method: "POST",
          url: path,
          headers: { ...FORM, origin: "https://elsewhere.example", cookie: who.cookie },
          payload: new URLSearchParams({ csrf: who.csrf, grace: "24" }).toString(),
        });
        expect(foreign.statusCode).toBe(403);
      }
      expect(await stored()).toMatchObject({
        status: "live",
        api_secret: secret,
        api_concurrency: null,
      });
    });
  });
}

onEachEngine(controlsContract);
