import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_LOG_PAGE } from "../../core/views/portal/postbacks";
import type { PartnerPostbacksTable } from "../storage/schema";
import { onEachEngine, type TestStorage } from "../test-support";
import { createPartner } from "./partners";
import { deliveryLog } from "./portal-postbacks";

/**
 * The portal's delivery log on both engines: one partner's postbacks only,
 * newest first (ties by click id), 50 a page with a next page told, each
 * row's state and last error in the page's terms.
 */
const row = (
  partner: string,
  clickId: string,
  minute: number,
  extra: Partial<PartnerPostbacksTable> = {},
): PartnerPostbacksTable => ({
  click_id: clickId,
  status: "approved",
  partner_id: partner,
  lead_id: null,
  payout_rupees: 300,
  url: "https://hooks.example.lk/p",
  attempts: 0,
  next_attempt_at: null,
  delivered_at: null,
  failed_at: null,
  last_error: null,
  created_at: new Date(Date.UTC(2026, 10, 20, 6, minute)).toISOString(),
  ...extra,
});

onEachEngine((name, open) => {
  describe(`the portal's delivery log on ${name}`, () => {
    let test: TestStorage;

    beforeAll(async () => {
      test = await open();
      for (const id of ["log-a", "log-b"]) {
        await createPartner(test.storage, {
          id,
          name: id,
          payoutModel: "lead",
          payoutRupees: 300,
          origins: [],
          postbackUrl: null,
        });
      }
      const later = "2026-11-20T07:00:00.000Z";
      await test.storage.db
        .insertInto("partner_postbacks")
        .values([
          row("log-a", "c-delivered", 1, {
            attempts: 2,
            delivered_at: later,
            last_error: null,
          }),
          row("log-a", "c-retrying", 2, {
            attempts: 3,
            next_attempt_at: later,
            last_error: "HTTP 503",
          }),
          row("log-a", "c-failed", 3, {
            attempts: 10,
            failed_at: later,
            last_error: "timeout",
          }),
          row("log-a", "c-unsent", 4, { url: null, payout_rupees: 0, status: "rejected" }),
          row("log-a", "c-refused", 5, {
            attempts: 1,
            next_attempt_at: later,
            last_error: "refused (address)",
          }),
          row("log-a", "c-a-tie", 5, { status: "issued", last_error: "something new" }),
          row("log-b", "c-of-b", 9),
          ...Array.from({ length: DELIVERY_LOG_PAGE }, (_, i) =>
            row("log-b", `b-${String(i).padStart(2, "0")}`, 10 + i),
          ),
        ])
        .execute();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("lists one partner's postbacks, newest first, with their states and errors", async () => {
      const { rows, more } = await deliveryLog(test.storage, "log-a", 1);
      expect(more).toBe(false);
      expect(rows.map((one) => one.clickId)).toEqual([
        "c-refused",
        "c-a-tie",
        "c-unsent",
        "c-failed",
        "c-retrying",
        "c-delivered",
      ]);
      const by = new Map(rows.map((one) => [one.clickId, one]));
      expect(by.get("c-delivered")).toMatchObject({
        state: "delivered",
        attempts: 2,
        deliveredAt: "2026-11-20T07:00:00.000Z",
        nextAttemptAt: null,
        lastError: null,
        payoutRupees: 300,
      });
      expect(by.get("c-retrying")).toMatchObject({
        state: "retrying",
        nextAttemptAt: "2026-11-20T07:00:00.000Z",
        lastError: { kind: "http", status: 503 },
      });
      expect(by.get("c-failed")).toMatchObject({ state: "failed", lastError: { kind: "timeout" } });
      expect(by.get("c-unsent")).toMatchObject({ state: "unsent", status: "rejected" });
      expect(by.get("c-refused")?.lastError).toEqual({ kind: "refused" });
      expect(by.get("c-a-tie")?.lastError).toEqual({ kind: "other" });
      expect(rows.some((one) => one.clickId === "c-of-b")).toBe(false);
    });

    it("pages by 50 and says when there are more", async () => {
      const first = await deliveryLog(test.storage, "log-b", 1);
      expect(first.rows).toHaveLength(DELIVERY_LOG_PAGE);
      expect(first.more).toBe(true);
      expect(first.rows[0]?.clickId).toBe(`b-${DELIVERY_LOG_PAGE - 1}`);
      const second = await deliveryLog(test.storage, "log-b", 2);
      expect(second.rows.map((one) => one.clickId)).toEqual(["c-of-b"]);
      expect(second.more).toBe(false);
      expect((await deliveryLog(test.storage, "nobody", 1)).rows).toEqual([]);
    });
  });
});
