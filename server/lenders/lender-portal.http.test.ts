import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../accounts/totp";
import {
  appWith,
  onEachEngine,
  recordingLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import { type DecisionRequest, verifyDecisionSignature } from "./decision-api";
import { createDecisionNetwork } from "./decision-network";
import { importLenders } from "./lender-import";
import { lenderPortalRequests, MEMBER_PASSWORD, PORTAL_ORIGIN } from "./lender-portal.test-support";
import { TEST_SENDS_PER_MINUTE } from "./lender-portal-routes";
import { saveTestUrl, TestUrlRefused } from "./lender-test-mode";
import { API_HOST, apiLender, licensedLender } from "./test-lenders";

/**
 * The lender portal over HTTP (issue 34) on the real app, on both engines:
 * enrolment from the operator's invitation (password, the required second
 * factor, recovery codes), sign-in with the code, sign-out, the home page
 * in every language; CSRF and foreign origins refused; and test mode
 * against a real HTTP server on loopback acting as the lender (approve,
 * decline, an approval that breaks a rule, a garbled answer, a timeout, a
 * refused connection), signed with the test secret, nothing stored.
 */
const ORIGIN = PORTAL_ORIGIN;
const PASSWORD = MEMBER_PASSWORD;

type LenderMode = "approve" | "decline" | "rule" | "garbled" | "hang";

function portalContract(engine: string, open: () => Promise<TestStorage>) {
  describe(`the lender portal on ${engine}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    let lender: http.Server;
    let lenderUrl = "";
    let closedUrl = "";
    let mode: LenderMode = "approve";
    const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    let clock = new Date("2026-11-29T06:00:00.000Z");
    const recorded = recordingLog();

    beforeAll(async () => {
      test = await open();
      const urlRules = testOutboundRules({ [API_HOST]: ["192.0.2.10"] });
      await importLenders(test.storage, [apiLender(), licensedLender()], {
        urlRules,
        allowSandbox: false,
        baseDir: ".",
      });
      lender = http.createServer((req, res) => {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => {
          body += chunk;
        });
        req.on("end", () => {
          received.push({ body, headers: req.headers });
          if (mode === "hang") return;
          const request = JSON.parse(body) as DecisionRequest;
          const approval = {
            decision: "approved",
            offerId: request.productIds[0],
            amount: request.loan.amount,
            termDays: request.loan.termDays,
            terms: {
              annualInterestRate: 0.26,
              feeFixed: 1000,
              feePercent: 0,
              repayment: "monthly",
            },
            expiresAt: "2099-01-01T00:00:00Z",
            applyUrl: "https://apply.ruhuna-harbour.example/",
          };
          const answers: Record<Exclude<LenderMode, "hang">, string> = {
            approve: JSON.stringify(approval),
            decline: JSON.stringify({ decision: "declined", reason: "income_too_low" }),
            rule: JSON.stringify({
              ...approval,
              terms: { ...approval.terms, annualInterestRate: 0.1 },
            }),
            garbled: "{ not json",
          };
          res.writeHead(200, { "content-type": "application/json" }).end(answers[mode]);
        });
      });
      lender.listen(0, "127.0.0.1");
      await once(lender, "listening");
      lenderUrl = `http://127.0.0.1:${(lender.address() as AddressInfo).port}/decide`;
      const closed = http.createServer().listen(0, "127.0.0.1");
      await once(closed, "listening");
      closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/decide`;
      await new Promise((resolve) => closed.close(resolve));
      const decisionNetwork = createDecisionNetwork({
        storage: test.storage,
        log: recorded.log,
        deadlineMs: 1_000,
        rules: { allowHttp: true },
        sandboxLoopback: false,
        testLoopback: true,
        callbackUrl: () => `${ORIGIN}/api/lenders/v1/decisions`,
        consentText: () => "I agree.",
      });
      app = appWith(test.storage, { now: () => clock, decisionNetwork, log: recorded.log });
    });
    afterAll(async () => {
      lender?.closeAllConnections();
      await new Promise((resolve) => lender?.close(resolve));
      await test?.cleanup();
    });

    const { post, get, cookieOf, csrfIn, ...requests } = lenderPortalRequests(
      () => app,
      () => test,
    );
    const tick = () => {
      clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
    };

    const enrol = (email: string, lenderId?: string, role?: "admin" | "developer") =>
      requests.enrol(clock, email, lenderId, role);

    it("enrols an invited developer, signs them out and in again with the app's code", async () => {
      const member = await enrol("dev@harbour.example");
      const home = await get("/en/lender/portal/", member.cookie);
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain("Harbour Instant Credit");
      expect(home.body).toContain("Developer");
      expect(home.body).toContain('href="/en/lender/portal/test/"');
      const out = await post(
        "/en/lender/portal/sign-out",
        { csrf: member.csrf },
        { cookie: member.cookie },
      );
      expect(out.headers.location).toBe("/en/lender/portal/?notice=signed_out");
      expect((await get("/en/lender/portal/test/", member.cookie)).headers.location).toBe(
        "/en/lender/portal/",
      );
      tick();
      const signIn = await post("/en/lender/portal/sign-in/", {
        email: "dev@harbour.example",
        password: PASSWORD,
      });
      expect(signIn.headers.location).toBe("/en/lender/portal/sign-in/code/");
      const waiting = cookieOf(signIn.headers["set-cookie"]);
      const codePage = await get("/en/lender/portal/sign-in/code/", waiting);
      const wrong = await post(
        "/en/lender/portal/sign-in/code/",
        { csrf: csrfIn(codePage.body), code: "000000" },
        { cookie: waiting },
      );
      expect(wrong.statusCode).toBe(401);
      const right = await post(
        "/en/lender/portal/sign-in/code/",
        { csrf: csrfIn(codePage.body), code: totpCodeAt(member.secret, clock) },
        { cookie: waiting },
      );
      expect(right.headers.location).toBe("/en/lender/portal/");
      expect(
        (await get("/en/lender/portal/", cookieOf(right.headers["set-cookie"]))).body,
      ).toContain("Harbour Instant Credit");
      // A recovery code signs in once in place of the app's.
      const again = await post("/en/lender/portal/sign-in/", {
        email: "dev@harbour.example",
        password: PASSWORD,
      });
      const second = cookieOf(again.headers["set-cookie"]);
      const csrf = csrfIn((await get("/en/lender/portal/sign-in/code/", second)).body);
      const recovered = await post(
        "/en/lender/portal/sign-in/code/",
        { csrf, code: member.codes[0] ?? "" },
        { cookie: second },
      );
      expect(recovered.headers.location).toBe("/en/lender/portal/");
    });

    it("answers in Sinhala, English and Tamil, and refuses a wrong password, a forged form and a stale link", async () => {
      for (const [path, lang] of [
        ["/lender/portal/", "si"],
        ["/en/lender/portal/", "en"],
        ["/ta/lender/portal/", "ta"],
      ] as const) {
        const page = await get(path);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`<html lang="${lang}">`);
        expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
        expect(page.headers["cache-control"]).toBe("no-store");
      }
      const wrong = await post("/lender/portal/sign-in/", {
        email: "dev@harbour.example",
        password: "not the password",
      });
      expect(wrong.statusCode).toBe(401);
      const foreign = await post(
        "/en/lender/portal/sign-in/",
        { email: "dev@harbour.example", password: PASSWORD },
        { origin: "https://evil.example" },
      );
      expect(foreign.statusCode).toBe(403);
      const member = await enrol("ops@harbour.example", "harbour-api", "admin");
      const noCsrf = await post("/en/lender/portal/test/secret", {}, { cookie: member.cookie });
      expect(noCsrf.statusCode).toBe(403);
      expect((await get("/en/lender/portal/enrol/?token=nonsense")).statusCode).toBe(404);
      expect((await get("/en/lender/portal/nowhere/")).statusCode).toBe(404);
      expect(recorded.lines.join("\n")).not.toMatch(/harbour\.example|token=/);
    });

    it("keeps a test URL to the decision URLs' rules: https on a public address, loopback only where allowed", async () => {
      const at = clock;
      const refused = async (url: string, rules: Parameters<typeof saveTestUrl>[3]) =>
        saveTestUrl(test.storage, "ruhuna-harbour", url, rules, at).then(
          () => "saved",
          (error: unknown) => (error instanceof TestUrlRefused ? error.problem : "thrown"),
        );
      const production = { allowHttp: false };
      expect(await refused("http://127.0.0.1:8080/decide", production)).toBe("url_refused");
      expect(await refused("https://127.0.0.1/decide", production)).toBe("url_refused");
      expect(
        await refused("https://10.0.0.7/decide", { allowHttp: true, allowLoopback: true }),
      ).toBe("url_refused");
      expect(await refused("not a url", production)).toBe("url_invalid");
      expect(await refused(lenderUrl, { allowHttp: true })).toBe("url_refused");
      expect(await refused("https://192.0.2.10/decide", testOutboundRules({}))).toBe("url_refused");
      expect(await refused("https://203.0.113.9/decide", production)).toBe("url_refused");
      expect(await refused("https://8.8.8.8/decide", production)).toBe("saved");
    });

    it("sends signed test applications to the test URL and shows request, answer, latency and the broken rule", async () => {
      const member = await enrol("tester@harbour.example");
      const form = async (path: string, fields: Record<string, string> = {}) =>
        post(
          `/en/lender/portal/test/${path}`,
          { csrf: member.csrf, ...fields },
          { cookie: member.cookie },
        );
      expect((await form("send")).body).toContain("Save a test URL first.");
      const saved = await form("url", { url: lenderUrl });
      expect(saved.headers.location).toBe("/en/lender/portal/test/?notice=url_saved");
      expect((await form("send")).body).toContain("Make a test secret first.");
      const made = await form("secret");
      const secret = /<code class="secret">([A-Za-z0-9_-]{43})<\/code>/.exec(made.body)?.[1] ?? "";
      expect(secret).not.toBe("");
      // Shown once.
      expect((await get("/en/lender/portal/test/", member.cookie)).body).not.toContain(secret);

      const leadsBefore = await test.storage.db.selectFrom("leads").select("id").execute();
      const outcomes: Record<string, string> = {};
      for (const [each, expected] of [
        ["approve", "approved"],
        ["decline", "declined"],
        ["rule", "failed"],
        ["garbled", "failed"],
        ["hang", "failed"],
      ] as const) {
        mode = each;
        const sent = await form("send", { profile: "self_employed" });
        expect(sent.statusCode).toBe(200);
        expect(sent.body).toContain(`data-outcome="${expected}"`);
        outcomes[each] = sent.body;
      }
      expect(outcomes.approve).toContain("&quot;test&quot;: true");
      expect(outcomes.approve).toContain("&quot;employment&quot;: &quot;self-employed&quot;");
      expect(outcomes.approve).toMatch(/HTTP status: <code>200<\/code>/);
      expect(outcomes.approve).toMatch(/\d+ ms/);
      expect(outcomes.rule).toContain("<code>invalid_answer</code>");
      expect(outcomes.rule).toContain("<code>rate_not_product</code>");
      expect(outcomes.garbled).toContain("{ not json");
      expect(outcomes.hang).toContain("<code>timeout</code>");
      // Each went signed with the test secret, exactly as a live request is.
      expect(received).toHaveLength(5);
      for (const request of received) {
        const timestamp = String(request.headers["x-timestamp"]);
        const signature = String(request.headers["x-signature"]);
        expect(
          verifyDecisionSignature(secret, timestamp, request.body, signature, new Date()),
        ).toBe(true);
      }
      // A refused connection.
      await form("url", { url: closedUrl });
      mode = "approve";
      const refused = await form("send");
      expect(refused.body).toContain("<code>network</code>");
      expect(refused.body).toContain("No answer was received.");
      // Nothing of it is stored: no lead, no decision.
      expect(await test.storage.db.selectFrom("leads").select("id").execute()).toEqual(leadsBefore);
      expect(await test.storage.db.selectFrom("lender_decisions").selectAll().execute()).toEqual(
        [],
      );
    });

    it("keeps each lender's test settings its own, and limits test sends per lender", async () => {
      const other = await enrol("dev@ruhuna-harbour.example", "ruhuna-harbour", "admin");
      const form = (path: string, fields: Record<string, string> = {}) =>
        post(
          `/en/lender/portal/test/${path}`,
          { csrf: other.csrf, ...fields },
          { cookie: other.cookie },
        );
      await form("url", { url: lenderUrl });
      await form("secret");
      const rows = await test.storage.db
        .selectFrom("lenders")
        .select(["id", "test_api_url", "test_api_secret"])
        .where("id", "in", ["harbour-api", "ruhuna-harbour"])
        .orderBy("id")
        .execute();
      expect(rows[0]?.test_api_url).toBe(closedUrl);
      expect(rows[1]?.test_api_url).toBe(lenderUrl);
      expect(rows[0]?.test_api_secret).not.toBe(rows[1]?.test_api_secret);
      mode = "decline";
      const statuses: number[] = [];
      for (let sent = 0; sent <= TEST_SENDS_PER_MINUTE; sent += 1) {
        statuses.push((await form("send")).statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(TEST_SENDS_PER_MINUTE);
      expect(statuses.at(-1)).toBe(429);
    });
  });
}

onEachEngine(portalContract);
