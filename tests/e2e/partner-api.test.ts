import { execFile, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colomboToday } from "../../core/dates";
import { quoteOffers } from "../../core/offer-quotes";
import { verifyPostback } from "../../examples/api/fetch.mjs";
import { loadCatalogues } from "../../server/lenders/catalogue";
import { testEnv } from "../../server/test-support";
import { codeSentTo, sentTo } from "../support/outbox";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * Issue 8 against the built server as a process: a partner made with the
 * partner tool on the server's data folder, the examples/api snippets run
 * as a partner would run them (the applicant's code, which the partner's
 * page would ask for, read from the server's outbox: issue 14), the offers
 * compared with the ranking the widget uses, and a lender's postback
 * turned into a signed postback to the partner by the running server's worker.
 */
const run = promisify(execFile);
const LENDER_SECRET = "kandy-lane-secret-0123456789";

let server: ServerProcess;
let partnerEndpoint: Server;
let partnerOrigin = "";
const received: { url: string; signature: string | undefined }[] = [];
/** Postbacks to the second partner of anotherPartnersPostback, kept apart from `received`. */
const signals: string[] = [];
const keys = { secret: "", postbackSecret: "" };

function keyIn(output: string, label: string): string {
  const match = new RegExp(`^${label}:\\s+(\\S+)$`, "m").exec(output);
  if (!match?.[1]) throw new Error(`no ${label} in:\n${output}`);
  return match[1];
}

beforeAll(async () => {
  partnerEndpoint = createServer((req, res) => {
    if (req.url?.startsWith("/signal")) signals.push(req.url);
    else received.push({ url: req.url ?? "", signature: req.headers["x-signature"] as string });
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => partnerEndpoint.listen(0, "127.0.0.1", resolve));
  partnerOrigin = `http://127.0.0.1:${(partnerEndpoint.address() as AddressInfo).port}`;
  server = await startServer({ LENDER_POSTBACK_SECRETS: `kandy-lane=${LENDER_SECRET}` });
  // The partner tool, as `npm run partner` runs it after its build, on the server's storage.
  const { stdout } = await run(
    process.execPath,
    [
      "dist/partner/partner.js",
      "create",
      "--name",
      "Lanka Deals",
      "--payout",
      "sale",
      "--payout-amount",
      "2500",
      "--origin",
      "https://lankadeals.lk",
      "--postback-url",
      `${partnerOrigin}/pb?click={click_id}&s1={sub1}&status={status}&payout={payout}`,
    ],
    { env: { PATH: testEnv.path, DATA_DIR: server.dataDir } },
  );
  keys.secret = keyIn(stdout, "secret key");
  keys.postbackSecret = keyIn(stdout, "postback secret");
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => partnerEndpoint?.close(resolve));
});

const snippetEnv = () => ({
  PATH: testEnv.path,
  NAYACOMPARE_API: server.url,
  NAYACOMPARE_SECRET_KEY: keys.secret,
});

/** The sample applicant of examples/api/application.json. */
const SAMPLE_PHONE = "0771234567";

/**
 * Runs a snippet as a partner would, answering its question for the code
 * with the one the server texted the sample applicant (from its outbox),
 * after a wrong one when `mistyped`: what the applicant types on the partner's page.
 */
async function runWithCode(
  command: string,
  args: string[],
  mistyped = false,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const before = sentTo(server, SAMPLE_PHONE).length;
  const child = spawn(command, args, { env: snippetEnv(), stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const code = await codeSentTo(server, SAMPLE_PHONE, before + 1);
  const wrong = code === "000000" ? "000001" : "000000";
  child.stdin.end([...(mistyped ? [wrong] : []), code].map((line) => `${line}\n`).join(""));
  return { code: await exited, stdout, stderr };
}

describe("the partner API examples against a live server", () => {
  it("curl.sh gets offers, makes a lead, enters the applicant's code, reads its status and today's stats", async () => {
    const { code, stdout, stderr } = await runWithCode("sh", ["examples/api/curl.sh"]);
    expect(code, stderr).toBe(0);
    const answers = stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(answers).toHaveLength(5);
    const [offers, lead, verified, status, stats] = answers;
    expect(offers.offers.length).toBeGreaterThan(0);
    expect(lead).toMatchObject({ verification: { channel: "sms", triesLeft: 5 } });
    expect(verified).toMatchObject({ leadId: lead.leadId, status: "matched", duplicate: false });
    expect(verified.offersUrl).toMatch(/\/en\/landing\/offers\/\?token=[\w-]{43}$/);
    expect(status).toMatchObject({ leadId: lead.leadId, status: "matched", verified: true });
    expect(stats.totals.leads).toBe(1);
  });

  it("fetch.mjs does the same, asks again after a wrong code, and prints a readable summary", async () => {
    const { code, stdout, stderr } = await runWithCode(
      process.execPath,
      ["examples/api/fetch.mjs"],
      true,
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^\d+ offers for Rs\. 50,000 over 91 days from \d{4}-\d{2}-\d{2}:/);
    expect(stdout).toMatch(/APR \d+\.\d%, Rs\. \d+ by \d{4}-\d{2}-\d{2}/);
    expect(stdout).toMatch(/Lead [A-Za-z0-9_-]{22} made; a code went to the applicant by SMS/);
    expect(stdout).toContain("Not the code we sent: 4 tries left.");
    // The same sample applicant again: a new lead, which its code shows to be a repeat.
    expect(stdout).toMatch(
      /Lead [A-Za-z0-9_-]{22}: matched, \d+ matched offers \(a repeat of the applicant's application/,
    );
    expect(stdout).toContain(`Send the visitor to ${server.url}/en/landing/offers/?token=`);
    // The repeat is no second lead.
    expect(stdout).toMatch(/Today: \{"leads":1,/);
  });

  it("fetch.mjs says what is wrong, and fails, with a bad key", async () => {
    const failed = await run(process.execPath, ["examples/api/fetch.mjs"], {
      env: { ...snippetEnv(), NAYACOMPARE_SECRET_KEY: "sk_wrong" },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("401 invalid_key");
  });
});

describe("GET offers", () => {
  it("ranks and prices the offers as the widget does on our site", async () => {
    const response = await fetch(
      `${server.url}/api/partner/v1/offers?amount=75000&term=180&lang=en`,
      {
        headers: { authorization: `Bearer ${keys.secret}` },
      },
    );
    const body = await response.json();
    const today = colomboToday(new Date());
    expect(body.startDate).toBe(today);
    const widget = quoteOffers(
      loadCatalogues().get("lk") ?? [],
      { amount: 75_000, termDays: 180 },
      today,
    );
    expect(widget.length).toBeGreaterThan(1);
    expect(
      body.offers.map(
        (offer: { offerId: number; apr: number; total: number; returnDate: string }) => [
          offer.offerId,
          offer.apr,
          offer.total,
          offer.returnDate,
        ],
      ),
    ).toEqual(
      widget.map(({ offer, quote }) => [offer.offer_id, quote.apr, quote.total, quote.returnDate]),
    );
  });
});

const applicant = {
  amount: 50_000,
  term: 90,
  purpose: "medical",
  fullName: "Nimal Silva",
  nic: "853400101V",
  birthDate: "1985-12-05",
  phone: "0712223344",
  email: "nimal@example.lk",
  monthlyIncome: 85_000,
  employment: "salaried",
  bank: "boc",
  district: "Colombo",
  consents: { terms: true, shareWithLenders: true },
};

/** A partner's lead, verified with the code its applicant got by SMS (from the outbox). */
async function verifiedPartnerLead(
  secret: string,
  body: Record<string, unknown> & { phone: string },
) {
  const call = (path: string, payload: unknown) =>
    fetch(`${server.url}/api/partner/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
  const made = await call("/leads", body);
  expect(made.status).toBe(201);
  const { leadId } = await made.json();
  const verified = await call(`/leads/${leadId}/verification`, {
    code: await codeSentTo(server, body.phone),
  });
  expect(verified.status).toBe(200);
  return String(leadId);
}

/**
 * Another partner's visitor gets an issued loan; resolves once that
 * partner's postback has arrived. The server's worker sends postbacks one
 * at a time, the longest due first: any postback queued before this one
 * has been sent by then.
 */
async function anotherPartnersPostback(): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ["dist/partner/partner.js", "create", "--name", "Signal Partner", "--payout", "sale"].concat(
      ["--payout-amount", "1", "--origin", "https://signal.example"],
      ["--postback-url", `${partnerOrigin}/signal?click={click_id}`],
    ),
    { env: { PATH: testEnv.path, DATA_DIR: server.dataDir } },
  );
  const leadId = await verifiedPartnerLead(keyIn(stdout, "secret key"), {
    ...applicant,
    phone: "0712223355",
  });
  const go = await fetch(`${server.url}/go/101/`, {
    headers: { cookie: `lead=${leadId}` },
    redirect: "manual",
  });
  const clickId = new URL(String(go.headers.get("location"))).searchParams.get("click_id");
  const lender = await fetch(`${server.url}/api/postback`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ click_id: clickId, status: "issued", token: LENDER_SECRET }),
  });
  expect(lender.status).toBe(200);
  await expect
    .poll(() => signals.some((url) => url.includes(`click=${clickId}`)), { timeout: 10_000 })
    .toBe(true);
}

describe("postbacks from the running server", () => {
  it("sends the partner a signed postback when a lender reports an issued loan, once", async () => {
    const leadId = await verifiedPartnerLead(keys.secret, { ...applicant, sub1: "camp-42" });
    const go = await fetch(`${server.url}/go/101/`, {
      headers: { cookie: `lead=${leadId}` },
      redirect: "manual",
    });
    const clickId = new URL(String(go.headers.get("location"))).searchParams.get("click_id");
    const lender = async () =>
      fetch(`${server.url}/api/postback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ click_id: clickId, status: "issued", token: LENDER_SECRET }),
      });
    expect((await lender()).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toHaveLength(1);
    const [postback] = received;
    const url = `${partnerOrigin}${postback?.url}`;
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      click: clickId,
      s1: "camp-42",
      status: "issued",
      payout: "2500",
    });
    expect(verifyPostback(url, postback?.signature, keys.postbackSecret)).toBe(true);
    expect(verifyPostback(url, postback?.signature, "whsec_other")).toBe(false);

    expect(await (await lender()).json()).toEqual({ recorded: true, duplicate: true });
    // Past the moment a second postback of the duplicate would have been sent.
    await anotherPartnersPostback();
    expect(received).toHaveLength(1);

    const today = colomboToday(new Date());
    const stats = await fetch(`${server.url}/api/partner/v1/stats?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${keys.secret}` },
    });
    expect((await stats.json()).totals).toMatchObject({ sales: 1, payouts: 2_500 });
  });

  it("stops gracefully with its worker", async () => {
    expect(await server.stop()).toBe(0);
  });
});
