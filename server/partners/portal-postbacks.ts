import { randomBytes } from "node:crypto";
import {
  DELIVERY_LOG_PAGE,
  type DeliveryError,
  type DeliveryRow,
  POSTBACK_MACROS,
  type PostbackTestResult,
  type TemplateProblem,
} from "../../core/views/portal/postbacks";
import {
  checkOutboundUrl,
  OutboundRefused,
  type OutboundRules,
  outboundGetAnswer,
} from "../http/outbound";
import type { Storage } from "../storage/database";
import { type Partner, postbackSecretOf, postbackUrlProblem } from "./partners";
import { fillPostbackUrl, normalizedUrl, postbackHeaders } from "./postback-delivery";

/**
 * The partner portal's postbacks (issue 18, decisions 0238, 0239): the URL
 * template's problems in words the page translates, a test postback sent
 * at once and shown whole, and the delivery log of the partner's own
 * postbacks. A test is never written anywhere: not the outbox, not the
 * statements, not the figures.
 */

/** The part of a test answer's body the page shows. */
export const TEST_BODY_BYTES = 2_048;

/** Why a template is refused, or undefined: the partner tool's rules, then the send rules. */
export async function templateProblem(
  template: string,
  rules: OutboundRules,
): Promise<{ problem: TemplateProblem; detail?: string | undefined } | undefined> {
  const problem = postbackUrlProblem(template);
  if (problem === "macro") {
    const unknown = [...template.matchAll(/\{([^{}]*)\}/g)]
      .map(([, name]) => name ?? "")
      .find((name) => !(POSTBACK_MACROS as readonly string[]).includes(name));
    return { problem, detail: `{${(unknown ?? "").slice(0, 40)}}` };
  }
  if (problem) return { problem };
  try {
    await checkOutboundUrl(template.replace(/\{[^{}]*\}/g, "x"), rules);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    return {
      problem:
        error.reason === "scheme" ? "https" : error.reason === "address" ? "address" : "unresolved",
      detail: URL.parse(template)?.hostname,
    };
  }
  return undefined;
}

/** last_error as postbacks.ts writes it, as the log's words. */
function deliveryErrorOf(text: string | null): DeliveryError | null {
  if (text === null) return null;
  const http = /^HTTP (\d{1,3})$/.exec(text);
  if (http) return { kind: "http", status: Number(http[1]) };
  if (text === "timeout") return { kind: "timeout" };
  if (text === "network error") return { kind: "network" };
  if (text.startsWith("refused")) return { kind: "refused" };
  if (text === "partner disabled") return { kind: "partner_disabled" };
  if (text === "no postback URL") return { kind: "no_url" };
  return { kind: "other" };
}

/** One page (1-based) of the partner's postbacks, newest first; `more` when there is another. */
export async function deliveryLog(
  storage: Storage,
  partnerId: string,
  page: number,
): Promise<{ rows: DeliveryRow[]; more: boolean }> {
  const rows = await storage.db
    .selectFrom("partner_postbacks")
    .select([
      "click_id",
      "status",
      "payout_rupees",
      "created_at",
      "attempts",
      "url",
      "next_attempt_at",
      "delivered_at",
      "failed_at",
      "last_error",
    ])
    .where("partner_id", "=", partnerId)
    .orderBy("created_at", "desc")
    .orderBy("click_id", "desc")
    .orderBy("status")
    .limit(DELIVERY_LOG_PAGE + 1)
    .offset((page - 1) * DELIVERY_LOG_PAGE)
    .execute();
  return {
    rows: rows.slice(0, DELIVERY_LOG_PAGE).map((row) => ({
      clickId: row.click_id,
      status: row.status,
      payoutRupees: row.payout_rupees,
      createdAt: row.created_at,
      attempts: row.attempts,
      state:
        row.delivered_at !== null
          ? "delivered"
          : row.failed_at !== null
            ? "failed"
            : row.url === null
              ? "unsent"
              : "retrying",
      nextAttemptAt: row.delivered_at === null ? row.next_attempt_at : null,
      deliveredAt: row.delivered_at,
      failedAt: row.failed_at,
      lastError: deliveryErrorOf(row.last_error),
    })),
    more: rows.length > DELIVERY_LOG_PAGE,
  };
}

/**
 * A sample postback for the partner's terms: a per-lead partner's first
 * lender status (approved), a per-sale partner's issued loan, each with the
 * partner's payout; a click id that says it is a test.
 */
export function samplePostback(partner: Partner): Record<string, string> {
  const status = partner.payoutModel === "sale" ? "issued" : "approved";
  return {
    click_id: `test_${randomBytes(8).toString("hex")}`,
    lead_id: "test_lead",
    sub1: "test",
    sub2: "",
    sub3: "",
    sub4: "",
    sub5: "",
    status,
    payout: String(partner.payoutRupees),
  };
}

/**
 * Sends a test postback of the partner's saved template now, signed as a
 * real one, through the same checks as deliveries (outbound.ts) with a
 * timeout; answers what was sent and what came back, or why nothing did.
 */
export async function sendTestPostback(
  storage: Storage,
  partner: Partner,
  options: { rules: OutboundRules; timeoutMs: number; now?: () => number },
): Promise<PostbackTestResult | undefined> {
  const { rules, timeoutMs, now = Date.now } = options;
  if (!partner.postbackUrl) return undefined;
  const secret = await postbackSecretOf(storage, partner.id);
  if (!secret) return undefined;
  const sample = samplePostback(partner);
  const url = normalizedUrl(fillPostbackUrl(partner.postbackUrl, sample));
  const headers = {
    ...postbackHeaders(secret, url, `${sample.click_id}:${sample.status}`),
    // Only on a test: a partner's server may tell it from a real postback without parsing ids.
    "X-Postback-Test": "1",
  };
  const parsed = URL.parse(url);
  const request = {
    method: "GET" as const,
    url,
    headers: [["Host", parsed?.host ?? ""], ...Object.entries(headers)] as [string, string][],
  };
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started));
  try {
    const answer = await outboundGetAnswer(
      url,
      { headers, timeoutMs, maxBytes: TEST_BODY_BYTES },
      rules,
    );
    return { request, answer, milliseconds: elapsed() };
  } catch (error) {
    if (error instanceof OutboundRefused) {
      return {
        request,
        problem:
          error.reason === "scheme"
            ? "refused_https"
            : error.reason === "address"
              ? "refused_address"
              : "unresolved",
        detail: parsed?.hostname,
        milliseconds: elapsed(),
      };
    }
    const timedOut =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    if (timedOut) return { request, problem: "timeout", milliseconds: elapsed() };
    // The system's word for it (ECONNREFUSED, ECONNRESET…): never a message that might echo data.
    const code = (error as { code?: unknown }).code;
    return {
      request,
      problem: "network",
      detail: typeof code === "string" && /^E[A-Z_]{2,30}$/.test(code) ? code : undefined,
      milliseconds: elapsed(),
    };
  }
}
