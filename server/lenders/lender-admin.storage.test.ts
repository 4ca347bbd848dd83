import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { createVerifiedLead } from "../partners/leads.test-support";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { auditEntries } from "../staff/audit";
import type { StoredDecisionStatus } from "../storage/schema";
import { onEachEngine, type TestStorage } from "../test-support";
import { NO_ANSWER } from "./decisions";
import { lenderDecisionStats, rotateLenderSecret } from "./lender-admin";

/**
 * A lender's statistics in the back office (issue 16) are counted from its
 * rows in lender_decisions alike on SQLite and PostgreSQL; a rotated secret
 * is stored and audited without itself.
 */
const application = applicationSchema(TEST_TODAY).parse(validApplication);
const NOW = new Date("2026-11-21T06:00:00.000Z");

/** Known rows: status, error, latency (null while waiting). */
const ROWS: [StoredDecisionStatus, string | null, number | null][] = [
  ...[10, 20, 30, 40, 50].map((ms) => ["approved", null, ms] as const),
  ...[60, 70, 80, 90].map((ms) => ["declined", null, ms] as const),
  ...[100, 110, 120].map((ms) => ["pending", null, ms] as const),
  ...[130, 140, 150].map((ms) => ["failed", "timeout", ms] as const),
  ...[160, 170, 180].map((ms) => ["failed", "http_500", ms] as const),
  ["failed", "invalid_answer", 400] as const,
  ["failed", "invalid_answer", 410] as const,
  ["failed", "invalid_answer", 420] as const,
  ["waiting", null, null] as const,
  ["waiting", null, null] as const,
].map(([status, error, latency]) => [status, error, latency]);

onEachEngine((engine, open) => {
  describe(`a lender's statistics and secret (${engine})`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await registerApiLenders(test.storage, [
        lenderSpec("stats-lender", "http://127.0.0.1:9/decide", [7101], { sandbox: true }),
        lenderSpec("other-lender", "http://127.0.0.1:9/decide", [7102], { sandbox: true }),
      ]);
      for (const [index, [status, error, latency]] of ROWS.entries()) {
        const lead = await createVerifiedLead(
          test.storage,
          { ...application, phone: `+9477${String(4_000_000 + index).padStart(7, "0")}` },
          [],
          { now: NOW },
        );
        for (const lender of ["stats-lender", "other-lender"]) {
          await test.storage.db
            .insertInto("lender_decisions")
            .values({
              decision_id: `${lender === "stats-lender" ? "s" : "o"}${String(index).padStart(21, "0")}`,
              lead_id: lead.verifiedLeadId,
              lender_id: lender,
              // The other lender's rows all approve fast: they must not count here.
              status: lender === "stats-lender" ? status : "approved",
              ...NO_ANSWER,
              reason: status === "declined" ? "policy" : null,
              error: lender === "stats-lender" ? error : null,
              // Two approvals at another price, one for more than was asked (decision 0354).
              broken_rule:
                lender === "stats-lender" && error === "invalid_answer"
                  ? latency === 410
                    ? "amount_above_asked"
                    : "rate_not_product"
                  : null,
              attempts: 1,
              latency_ms: lender === "stats-lender" ? latency : 1,
              asked_at: NOW.toISOString(),
              deadline_at: NOW.toISOString(),
              answered_at: null,
              decided_at: null,
            })
            .execute();
        }
      }
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("counts each outcome and the latency percentiles from the stored rows", async () => {
      const stats = await lenderDecisionStats(test.storage, "stats-lender", "open");
      const latencies = ROWS.map(([, , ms]) => ms)
        .filter((ms): ms is number => ms !== null)
        .sort((a, b) => a - b);
      const rank = (share: number) => latencies[Math.ceil(share * latencies.length) - 1];
      expect(stats).toEqual({
        asked: ROWS.length,
        approved: ROWS.filter(([status]) => status === "approved").length,
        declined: ROWS.filter(([status]) => status === "declined").length,
        pending: ROWS.filter(([status]) => status === "pending").length,
        waiting: ROWS.filter(([status]) => status === "waiting").length,
        timeouts: ROWS.filter(([, error]) => error === "timeout").length,
        errors: ROWS.filter(([status, error]) => status === "failed" && error !== "timeout").length,
        brokenRules: [
          { rule: "rate_not_product", count: 2 },
          { rule: "amount_above_asked", count: 1 },
        ],
        p50Ms: rank(0.5),
        p95Ms: rank(0.95),
        breaker: "open",
      });
      expect([stats.p50Ms, stats.p95Ms]).toEqual([110, 410]);
    });

    it("answers zeros and no latency for a lender never asked", async () => {
      await registerApiLenders(test.storage, [
        lenderSpec("quiet-lender", "http://127.0.0.1:9/decide", [7103], { sandbox: true }),
      ]);
      const stats = await lenderDecisionStats(test.storage, "quiet-lender", "unused");
      expect(stats).toMatchObject({ asked: 0, errors: 0, p50Ms: null, p95Ms: null });
    });

    it("rotates a secret: stored, audited, never written into the log", async () => {
      const actor = { id: null, label: "command line" };
      const secret = await rotateLenderSecret(test.storage, "stats-lender", actor, NOW);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const row = await test.storage.db
        .selectFrom("lenders")
        .select("api_secret")
        .where("id", "=", "stats-lender")
        .executeTakeFirstOrThrow();
      expect(row.api_secret).toBe(secret);
      const { entries } = await auditEntries(test.storage.db, {
        action: "lender.secret",
        limit: 10,
        offset: 0,
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]?.subject).toBe("lender:stats-lender");
      expect(JSON.stringify(entries)).not.toContain(secret);
    });
  });
});
