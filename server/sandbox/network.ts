import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../../core/helpers/html";
import { formatRupees } from "../../core/helpers/money";
import {
  type DecisionRequest,
  decisionRequestSchema,
  decisionSignature,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyDecisionSignature,
} from "../lenders/decision-api";
import { postbackSignature } from "../lenders/postback-api";
import type { SandboxLender } from "./behaviours";

/**
 * The sandbox's lenders as real HTTP servers on 127.0.0.1 (issue 15), one
 * port each: `POST /decide` implements the decision API as the lender's
 * behaviour says (checking our signature first), `GET /apply/{decisionId}`
 * is the apply page an approval sends the applicant to, and its buttons
 * (`POST /apply/{decisionId}/mark`) report approved, rejected or issued
 * back to us through the lender postback, signed with the lender's secret.
 */

export interface RunningLender {
  lender: SandboxLender;
  /** Where we POST decision requests. */
  url: string;
  /** Its apply pages' origin. */
  origin: string;
  secret: string;
}

export interface SandboxNetwork {
  lenders: RunningLender[];
  close(): Promise<void>;
}

type Approval = {
  decision: "approved";
  offerId: number;
  amount: number;
  termDays: number;
  terms: {
    annualInterestRate: number;
    feeFixed: number;
    feePercent: number;
    repayment: "single" | "monthly";
  };
  expiresAt: string;
  applyUrl: string;
};

interface Remembered {
  request: DecisionRequest;
  approval?: Approval;
}

/** Decisions a lender remembers for its apply page: the latest ones. */
const REMEMBERED = 20_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const JSON_TYPE = { "Content-Type": "application/json" };

function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        reject(new Error("too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:1rem auto;padding:0 1rem}
.badge{background:#fde68a;border-radius:.25rem;padding:0 .4rem;font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}
form{display:inline-block;margin:.25rem .5rem .25rem 0}button{font:inherit;padding:.5rem 1rem}</style>
</head><body>${body}</body></html>`;

/**
 * The "dead" lender's port: 1 (tcpmux), which nothing listens on on a
 * usual machine and which the system never hands out for port 0. A port
 * taken from the system and let go would not stay dead: the next server
 * asking for port 0 (another lender here, a test beside it) may get it.
 */
const DEAD_PORT = 1;

export interface SandboxOptions {
  /** Each lender's API secret: random unless given. */
  secretOf?: (lender: SandboxLender) => string;
  /** Lines about what the lenders do (a decision, a callback, a postback). */
  log?: ((line: string) => void) | undefined;
}

/** Starts every lender's server on 127.0.0.1, each on a port of its own. */
export async function startSandboxLenders(
  lenders: readonly SandboxLender[],
  options: SandboxOptions = {},
): Promise<SandboxNetwork> {
  const { log = () => {} } = options;
  const servers: Server[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running: RunningLender[] = [];

  for (const lender of lenders) {
    const secret = options.secretOf?.(lender) ?? `sbx_${randomBytes(24).toString("base64url")}`;
    if (lender.behaviour.kind === "dead") {
      const origin = `http://127.0.0.1:${DEAD_PORT}`;
      running.push({ lender, url: `${origin}/decide`, origin, secret });
      continue;
    }
    const remembered = new Map<string, Remembered>();
    const tries = new Map<string, number>();
    let origin = "";

    const remember = (id: string, entry: Remembered) => {
      if (remembered.size >= REMEMBERED) {
        const oldest = remembered.keys().next().value;
        if (oldest !== undefined) remembered.delete(oldest);
      }
      remembered.set(id, entry);
    };

    const approve = (request: DecisionRequest, share = 1): Approval => {
      const { amount, termDays } = request.loan;
      const repayment = termDays > 120 ? "monthly" : "single";
      const product = lender.products.find((candidate) => candidate.terms.repayment === repayment);
      const approval: Approval = {
        decision: "approved",
        offerId: product?.offer_id ?? lender.products[0]?.offer_id ?? 0,
        amount:
          share === 1 ? amount : Math.max(5_000, Math.floor((amount * share) / 1_000) * 1_000),
        termDays,
        terms: {
          annualInterestRate: lender.annualInterestRate,
          feeFixed: lender.feeFixed,
          feePercent: lender.feePercent,
          repayment,
        },
        expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
        applyUrl: `${origin}/apply/${request.decisionId}?click={click_id}&sub1={sub1}`,
      };
      remember(request.decisionId, { request, approval });
      return approval;
    };

    const later = (ms: number, work: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        work();
      }, ms);
      timers.add(timer);
    };

    const answer = (res: ServerResponse, status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, JSON_TYPE).end(JSON.stringify(body));
    };

    /** POST /decide: our request, checked, then the behaviour. */
    const decide = async (req: IncomingMessage, res: ServerResponse) => {
      const body = await readBody(req);
      const signed = verifyDecisionSignature(
        secret,
        req.headers[TIMESTAMP_HEADER.toLowerCase()] as string | undefined,
        body,
        req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined,
        new Date(),
      );
      if (!signed) {
        answer(res, 401, { error: "bad signature" });
        return;
      }
      let request: DecisionRequest;
      try {
        request = decisionRequestSchema.parse(JSON.parse(body));
      } catch {
        answer(res, 400, { error: "not a decision request" });
        return;
      }
      const { behaviour } = lender;
      log(`${lender.id}: asked about ${request.decisionId}`);
      switch (behaviour.kind) {
        case "approve":
          answer(res, 200, approve(request));
          return;
        case "approve-after": {
          const wait = behaviour.minMs + Math.random() * (behaviour.maxMs - behaviour.minMs);
          later(wait, () => answer(res, 200, approve(request)));
          return;
        }
        case "decline-below-income": {
          const income = request.applicant.monthlyIncome ?? 0;
          if (income < behaviour.minIncome) {
            remember(request.decisionId, { request });
            answer(res, 200, { decision: "declined", reason: "income_too_low" });
          } else {
            answer(res, 200, approve(request));
          }
          return;
        }
        case "approve-less":
          answer(res, 200, approve(request, behaviour.share));
          return;
        case "pending-then-callback": {
          remember(request.decisionId, { request });
          answer(res, 200, { decision: "pending" });
          later(behaviour.delayMs, () => void callBack(request));
          return;
        }
        case "flaky": {
          const key = String(req.headers["idempotency-key"] ?? request.decisionId);
          const seen = (tries.get(key) ?? 0) + 1;
          if (tries.size >= REMEMBERED) tries.clear();
          tries.set(key, seen);
          if (seen === 1) answer(res, 503, { error: "try again" });
          else answer(res, 200, approve(request));
          return;
        }
        case "garbage":
          res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Oops</body></html>");
          return;
        case "silent":
          // Never answered: the connection stays open until the caller gives up.
          return;
        case "dead":
          return;
      }
    };

    /** A pending decision's callback: an approval, signed like our requests. */
    const callBack = async (request: DecisionRequest) => {
      const body = JSON.stringify({ decisionId: request.decisionId, ...approve(request) });
      const timestamp = String(Math.floor(Date.now() / 1000));
      try {
        const response = await fetch(request.callbackUrl, {
          method: "POST",
          headers: {
            ...JSON_TYPE,
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: decisionSignature(secret, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        log(`${lender.id}: called back about ${request.decisionId}: HTTP ${response.status}`);
      } catch (error) {
        log(`${lender.id}: calling back failed: ${error instanceof Error ? error.message : error}`);
      }
    };

    /** GET /apply/{decisionId}: the offer, and buttons that report on it. */
    const applyPage = (res: ServerResponse, decisionId: string, query: URLSearchParams) => {
      const approval = remembered.get(decisionId)?.approval;
      // The badge says sandbox: the heading needs the name only.
      const name = escapeHtml(lender.names.en.replace(/ \(sandbox\)$/, ""));
      if (!approval) {
        res
          .writeHead(404, { "Content-Type": "text/html; charset=utf-8" })
          .end(
            page(
              lender.names.en,
              `<h1>${name} <span class="badge">sandbox</span></h1><p>This lender knows no approval under this address: the sandbox may have restarted since.</p>`,
            ),
          );
        return;
      }
      const click = query.get("click") ?? "";
      const button = (status: string, label: string) =>
        `<form method="post" action="/apply/${escapeHtml(decisionId)}/mark"><input type="hidden" name="click" value="${escapeHtml(click)}"><input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
      const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
      const fees = formatRupees(
        Math.round(approval.terms.feeFixed + approval.terms.feePercent * approval.amount),
      );
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
        page(
          `${lender.names.en}: your offer`,
          `<h1>${name} <span class="badge">sandbox</span></h1>
<p>A simulated lender for trying NayaCompare on one machine: nothing here is a real loan.</p>
<h2>Your pre-approved offer</h2>
<dl><dt>Amount</dt><dd>${formatRupees(approval.amount)}</dd>
<dt>Term</dt><dd>${approval.termDays} days, ${approval.terms.repayment === "single" ? "repaid at once" : "monthly instalments"}</dd>
<dt>Interest</dt><dd>${percent(approval.terms.annualInterestRate)} a year</dd>
<dt>Fees</dt><dd>${fees}</dd>
<dt>Offer valid until</dt><dd>${escapeHtml(new Date(approval.expiresAt).toLocaleString("en-GB", { timeZone: "Asia/Colombo", dateStyle: "medium", timeStyle: "short" }))} (Colombo)</dd>
<dt>Click</dt><dd>${click ? escapeHtml(click) : "none (opened without NayaCompare's click-out)"}</dd></dl>
<h2>Mark this application</h2>
<p>Each button tells NayaCompare through its lender postback, signed with this lender's secret.</p>
${button("approved", "Approved")}${button("rejected", "Rejected")}${button("issued", "Loan issued")}`,
        ),
      );
    };

    /** POST /apply/{decisionId}/mark: the postback to us, and what we answered. */
    const mark = async (req: IncomingMessage, res: ServerResponse, decisionId: string) => {
      const form = new URLSearchParams(await readBody(req, 4 * 1024));
      const entry = remembered.get(decisionId);
      const status = form.get("status") ?? "";
      const click = form.get("click") ?? "";
      const html = (code: number, text: string) =>
        res
          .writeHead(code, { "Content-Type": "text/html; charset=utf-8" })
          .end(
            page(
              lender.names.en,
              `<h1>${escapeHtml(lender.names.en)} <span class="badge">sandbox</span></h1><p>${text}</p><p><a href="/apply/${escapeHtml(decisionId)}?click=${encodeURIComponent(click)}">Back to the offer</a></p>`,
            ),
          );
      if (!entry?.approval || !["approved", "rejected", "issued"].includes(status) || !click) {
        html(400, "Nothing to report: an approval, a status and a click id are needed.");
        return;
      }
      const postback = {
        click_id: click,
        status: status as "approved" | "rejected" | "issued",
        ...(status === "rejected" ? {} : { amount: entry.approval.amount }),
      };
      const target = `${new URL(entry.request.callbackUrl).origin}/api/postback`;
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: JSON_TYPE,
          body: JSON.stringify({ ...postback, signature: postbackSignature(secret, postback) }),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        log(`${lender.id}: reported ${status} for a click: HTTP ${response.status}`);
        html(
          response.ok ? 200 : 502,
          `Reported <strong>${escapeHtml(status)}</strong> to NayaCompare: HTTP ${response.status} ${escapeHtml(text.slice(0, 200))}`,
        );
      } catch (error) {
        html(502, `NayaCompare could not be reached: ${escapeHtml(String(error))}`);
      }
    };

    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://sandbox.invalid");
      const applyMatch = /^\/apply\/([A-Za-z0-9_-]{22})(\/mark)?$/.exec(url.pathname);
      const handled =
        req.method === "POST" && url.pathname === "/decide"
          ? decide(req, res)
          : req.method === "GET" && applyMatch && !applyMatch[2]
            ? applyPage(res, applyMatch[1] ?? "", url.searchParams)
            : req.method === "POST" && applyMatch?.[2]
              ? mark(req, res, applyMatch[1] ?? "")
              : res.writeHead(404, JSON_TYPE).end('{"error":"not found"}');
      void Promise.resolve(handled).catch(() => {
        if (!res.headersSent) res.writeHead(400, JSON_TYPE).end('{"error":"bad request"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    running.push({ lender, url: `${origin}/decide`, origin, secret });
  }

  return {
    lenders: running,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
