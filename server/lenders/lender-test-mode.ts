import type { TestProfile, TestSendView } from "../../core/views/lender-portal";
import { checkOutboundUrl, type OutboundRules } from "../http/outbound";
import type { Storage } from "../storage/database";
import type { LenderApiField } from "./decision-api";
import type { DecisionNetwork } from "./decision-network";
import { newLenderSecret, testApplicationFor } from "./lender-admin";

/**
 * The lender portal's test mode (issue 34, decisions 0386, 0387): each
 * lender's test decision URL and test secret, beside the live ones, and a
 * test application to it for one of a few named made-up applicants, sent
 * once through the decision network's own signing, outbound checks and
 * answer checks (DecisionNetwork.sendTest), so the rules are the live ones.
 * Nothing of it is stored (no lead, no decision) and no borrower sees it.
 */
export const TEST_APPLICANTS: Record<TestProfile, Partial<Record<LenderApiField, unknown>>> = {
  salaried: { age: 36, birthDate: "1990-03-14", monthlyIncome: 150_000, employment: "salaried" },
  self_employed: {
    age: 44,
    birthDate: "1982-07-02",
    monthlyIncome: 90_000,
    employment: "self-employed",
    district: "Kandy",
  },
  low_income: { age: 22, birthDate: "2004-01-20", monthlyIncome: 30_000, employment: "salaried" },
};

const TEST_CONSENT =
  "A test application from the NayaCompare lender portal's test mode: no real person is behind it.";

/** Why a test URL is not saved: not a URL, or one the rules refuse (its scheme, its address). */
export class TestUrlRefused extends Error {
  constructor(readonly problem: "url_invalid" | "url_refused") {
    super(problem);
    this.name = "TestUrlRefused";
  }
}

/** The rules a test URL is held to: the decision URLs', loopback too where the network allows it. */
export function testUrlRules(network: DecisionNetwork): OutboundRules {
  return { ...network.rules, allowLoopback: network.testLoopback };
}

export async function saveTestUrl(
  storage: Storage,
  lenderId: string,
  text: string,
  rules: OutboundRules,
  now: Date,
): Promise<void> {
  const url = URL.parse(text);
  if (!url || text.length > 2000) throw new TestUrlRefused("url_invalid");
  try {
    await checkOutboundUrl(text, rules);
  } catch {
    throw new TestUrlRefused("url_refused");
  }
  await storage.db
    .updateTable("lenders")
    .set({ test_api_url: url.href, updated_at: now.toISOString() })
    .where("id", "=", lenderId)
    .execute();
}

/** A new test secret in place of the old one (which stops at once); answered to be shown once. */
export async function rotateTestSecret(
  storage: Storage,
  lenderId: string,
  now: Date,
): Promise<string> {
  const secret = newLenderSecret();
  await storage.db
    .updateTable("lenders")
    .set({ test_api_secret: secret, updated_at: now.toISOString() })
    .where("id", "=", lenderId)
    .execute();
  return secret;
}

export async function testSettingsOf(storage: Storage, lenderId: string) {
  const row = await storage.db
    .selectFrom("lenders")
    .select(["test_api_url", "test_api_secret"])
    .where("id", "=", lenderId)
    .executeTakeFirstOrThrow();
  return { url: row.test_api_url ?? "", hasSecret: row.test_api_secret !== null };
}

/** Sends one test application for the profile to the lender's test URL; what was sent and got. */
export async function sendTestApplication(
  storage: Storage,
  network: DecisionNetwork,
  lenderId: string,
  profile: TestProfile,
  options: { now: Date; callbackUrl: string },
): Promise<TestSendView> {
  const target = await testApplicationFor(storage, lenderId, {
    now: options.now,
    deadlineMs: network.deadlineMs,
    callbackUrl: options.callbackUrl,
    test: { applicant: TEST_APPLICANTS[profile], consent: TEST_CONSENT },
  });
  const outcome = await network.sendTest(target);
  return {
    profile,
    request: JSON.stringify(target.request, null, 2),
    // As sent, the signature included: what the lender's server must compute the same.
    headers: Object.entries(outcome.headers).map(([name, value]) => ({ name, value })),
    answer: outcome.http,
    outcome: outcome.kind === "answer" ? outcome.answer.decision : "failed",
    error: outcome.kind === "failed" ? outcome.error : undefined,
    rule: outcome.kind === "failed" ? outcome.rule : undefined,
    latencyMs: Math.round(outcome.latencyMs),
  };
}
