import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { ApplicationOffers } from "../../core/domain/decisions";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import type { Offer } from "../../core/domain/schemas/offer";
import { SQLITE_FILE_NAME } from "../../server/storage/database";
import { codeSentTo } from "../support/outbox";
import { type SandboxProcess, startSandbox } from "../support/sandbox-process";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * `npm run sandbox` as a process beside the built server on one data
 * folder (issue 15): its nine lenders are registered live and labelled
 * sandbox, answer a verified application each in their own way over real
 * HTTP on loopback, and the whole loop works: the click-out to a sandbox
 * lender's apply page, and the lender's "issued" posted back to us.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-sandbox-e2e-"));
let sandbox: SandboxProcess | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function readRows<Row>(query: string, ...values: unknown[]): Row[] {
  const database = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return database.prepare(query).all(...values) as Row[];
  } finally {
    database.close();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const limit = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm run sandbox beside the server", () => {
  it("registers nine lenders that answer, and the loop runs to an issued loan", async () => {
    sandbox = await startSandbox(dataDir);
    // Outside production, as `npm run demo` runs it: only then are sandbox lenders on loopback called.
    server = await startServer({ NODE_ENV: "development" }, { dataDir });
    const base = server.url;

    const offers = (await (await fetch(`${base}/api/feed/config/lk`)).json()) as Offer[];
    const sandboxOffers = offers.filter((offer) => offer.lender.sandbox === true);
    expect(new Set(sandboxOffers.map((offer) => offer.lender.id)).size).toBe(9);
    expect(sandboxOffers.every((offer) => offer.lender.names?.si.includes("පරීක්ෂණ"))).toBe(true);

    const phone = "0775550101";
    const applied = await fetch(`${base}/api/applications?lang=en`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validApplication, phone, monthlyIncome: 60_000, sub1: "e2e" }),
    });
    expect(applied.status).toBe(201);
    const { leadId } = (await applied.json()) as { leadId: string };
    const verified = await fetch(`${base}/api/applications/${leadId}/verification`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: await codeSentTo(server, phone) }),
    });
    expect(verified.status).toBe(200);
    const cookie = `lead=${leadId}`;
    const read = async () =>
      (await (
        await fetch(`${base}/api/applications/${leadId}/offers`, { headers: { cookie } })
      ).json()) as ApplicationOffers;
    // Complete by the deadline (the silent lender holds it); the pending one's callback may
    // come just after on a busy machine, and is shown then.
    const offersOf = await until(
      read,
      (answer) =>
        answer.decisions.complete &&
        answer.decisions.decisions.some(
          (decision) => decision.lenderId === "sandbox-later" && decision.status === "approved",
        ),
      "every decision",
    );
    const statusOf = Object.fromEntries(
      offersOf.decisions.decisions.map((decision) => [decision.lenderId, decision.status]),
    );
    expect(statusOf).toEqual({
      "sandbox-careful": "declined",
      "sandbox-dead": "failed",
      "sandbox-flaky": "approved",
      "sandbox-garbled": "failed",
      "sandbox-later": "approved",
      "sandbox-modest": "approved",
      "sandbox-silent": "failed",
      "sandbox-steady": "approved",
      "sandbox-swift": "approved",
    });
    const modest = offersOf.decisions.decisions.find((d) => d.lenderId === "sandbox-modest");
    expect(modest?.offer?.amount).toBe(30_000);
    const rows = readRows<{ lender_id: string; error: string | null; attempts: number }>(
      "select lender_id, error, attempts from lender_decisions where lead_id = ? order by lender_id",
      leadId,
    );
    expect(rows.filter((row) => row.error)).toEqual([
      { lender_id: "sandbox-dead", error: "network", attempts: 1 },
      { lender_id: "sandbox-garbled", error: "invalid_answer", attempts: 1 },
      { lender_id: "sandbox-silent", error: "timeout", attempts: 1 },
    ]);
    expect(rows.find((row) => row.lender_id === "sandbox-flaky")?.attempts).toBe(2);

    // The click-out goes to the swift lender's apply page, the click id filled in.
    const swift = offersOf.decisions.decisions.find((d) => d.lenderId === "sandbox-swift");
    const clickOut = await fetch(`${base}/go/${swift?.offer?.offerId}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(clickOut.status).toBe(302);
    const applyUrl = new URL(String(clickOut.headers.get("location")));
    expect(applyUrl.hostname).toBe("127.0.0.1");
    expect(applyUrl.searchParams.get("sub1")).toBe("e2e");
    const clickId = String(applyUrl.searchParams.get("click"));
    const applyPage = await fetch(applyUrl);
    expect(applyPage.status).toBe(200);
    const html = await applyPage.text();
    expect(html).toContain("Your pre-approved offer");
    expect(html).toContain("50,000");

    // The lender marks the loan issued: its postback reaches us, signed with its secret.
    const marked = await fetch(`${applyUrl.origin}${applyUrl.pathname}/mark`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ click: clickId, status: "issued" }).toString(),
    });
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain("HTTP 200");
    expect(
      readRows<{ status: string; amount: number }>(
        "select status, amount from conversions where click_id = ?",
        clickId,
      ),
    ).toEqual([{ status: "issued", amount: 50_000 }]);
    expect(readRows<{ status: string }>("select status from leads where id = ?", leadId)).toEqual([
      { status: "issued" },
    ]);

    // Stopped, the sandbox pauses its lenders: nobody answers on their ports any more.
    expect(await sandbox.stop()).toBe(0);
    const statuses = readRows<{ status: string }>(
      "select distinct status from lenders where sandbox = 1",
    );
    expect(statuses).toEqual([{ status: "paused" }]);
  });
});
