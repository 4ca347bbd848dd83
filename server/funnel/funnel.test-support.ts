import { NO_ANSWER } from "../lenders/decisions";
import type { Storage } from "../storage/database";
import { insertEvents } from "../tracking/event-rows";
import { eventRow, type StoredEvent } from "../tracking/events";
import { seedLeadRow } from "./seed-lead-row";

/**
 * Known records for the funnel's tests, on 9 and 10 November 2026 in
 * Colombo: what the dashboard must count from them is spelled out beside
 * each, and in the tests that read them. Two page views of one session at
 * 18:29 and 18:31 UTC fall on two Colombo days (23:59 and 00:01).
 */
export const FUNNEL_FROM = "2026-11-09";
export const FUNNEL_TO = "2026-11-10";
export const FUNNEL_PARTNER = { id: "funnel-partner", name: 'Lanka "Deals", Ltd' };
export const FUNNEL_LENDERS = { lanka: "funnel-lanka", ceylon: "funnel-ceylon" };

const SESSION_A = "6f1c3a52-8d4e-4b7a-9c2d-1e5f6a7b8c9d";
const SESSION_B = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

export async function seedFunnelRecords(storage: Storage): Promise<void> {
  const { db } = storage;
  const at = (iso: string) => new Date(iso);
  const page = (extra: Partial<StoredEvent>): StoredEvent => ({
    event_id: 5,
    sub4: "pageView",
    sub5: "home",
    ...extra,
  });
  const calculator = (field: string, extra: Partial<StoredEvent>): StoredEvent => ({
    event_id: 5,
    sub4: "fieldFilled",
    sub5: field,
    sub8: "index",
    ...extra,
  });
  const google = { utm_source: "google", utm_medium: "cpc", utm_campaign: "nov" };
  await insertEvents(db, [
    // Session A: a visit on the 9th (23:59 in Colombo) and another on the 10th (00:01).
    eventRow(
      page({
        session_id: SESSION_A,
        sub6: "en",
        partner: FUNNEL_PARTNER.id,
        device: "mobile",
        ...google,
      }),
      at("2026-11-09T18:29:00.000Z"),
    ),
    eventRow(
      page({
        session_id: SESSION_A,
        sub6: "en",
        partner: FUNNEL_PARTNER.id,
        device: "mobile",
        ...google,
      }),
      at("2026-11-09T18:31:00.000Z"),
    ),
    // A field event is not a visit; nor is a page restored from the back-forward cache.
    eventRow(
      { event_id: 5, sub4: "fieldFocus", sub5: "phone", sub8: "index", session_id: SESSION_A },
      at("2026-11-09T18:40:00.000Z"),
    ),
    eventRow(
      { event_id: 27, sub4: "pageRestore", session_id: SESSION_A },
      at("2026-11-09T18:41:00.000Z"),
    ),
    // Session B: two page views on the 10th, one visit.
    eventRow(
      page({ session_id: SESSION_B, sub6: "si", device: "desktop" }),
      at("2026-11-10T02:00:00.000Z"),
    ),
    eventRow(
      page({ session_id: SESSION_B, sub6: "si", device: "desktop" }),
      at("2026-11-10T02:05:00.000Z"),
    ),
    // Without a session id (cookies refused): each page view is a visit.
    eventRow(page({}), at("2026-11-10T03:00:00.000Z")),
    eventRow(page({}), at("2026-11-10T03:01:00.000Z")),
    // Outside the range (the 11th in Colombo).
    eventRow(page({ session_id: SESSION_B }), at("2026-11-10T18:30:00.000Z")),
    // Calculator used (decision 0164): session A at 23:59:30 on the 9th and at 00:02 on the
    // 10th (one use each day, however many events), session B on the 10th and the 11th.
    eventRow(
      calculator("calculator.amount", {
        session_id: SESSION_A,
        sub6: "en",
        partner: FUNNEL_PARTNER.id,
        device: "mobile",
        ...google,
      }),
      at("2026-11-09T18:29:30.000Z"),
    ),
    eventRow(
      calculator("calculator.term", {
        session_id: SESSION_A,
        sub6: "en",
        partner: FUNNEL_PARTNER.id,
        device: "mobile",
        ...google,
      }),
      at("2026-11-09T18:32:00.000Z"),
    ),
    eventRow(
      calculator("calculator.amount", {
        session_id: SESSION_A,
        sub6: "en",
        partner: FUNNEL_PARTNER.id,
        device: "mobile",
        ...google,
      }),
      at("2026-11-09T18:35:00.000Z"),
    ),
    eventRow(
      calculator("calculator.term", { session_id: SESSION_B, sub6: "si", device: "desktop" }),
      at("2026-11-10T02:01:00.000Z"),
    ),
    eventRow(
      calculator("calculator.amount", { session_id: SESSION_B, sub6: "si" }),
      at("2026-11-10T18:30:30.000Z"),
    ),
    // Not the calculator: another form's field filled, a calculator field only focused.
    eventRow(
      { event_id: 5, sub4: "fieldFilled", sub5: "phone", sub8: "index", session_id: SESSION_B },
      at("2026-11-10T02:02:00.000Z"),
    ),
    eventRow(
      { event_id: 5, sub4: "fieldFocus", sub5: "calculator.amount", sub8: "index" },
      at("2026-11-10T02:03:00.000Z"),
    ),
  ]);

  const now = "2026-11-01T00:00:00.000Z";
  await db
    .insertInto("partners")
    .values({
      id: FUNNEL_PARTNER.id,
      name: FUNNEL_PARTNER.name,
      payout_model: "sale",
      payout_rupees: 1500,
      publishable_key: "pk_funnel_test",
      secret_key_hash: "funnel-test-hash",
      origins: "[]",
      postback_url: null,
      postback_secret: "secret",
      created_at: now,
      status: "active",
      disabled_at: null,
    })
    .execute();
  for (const [name, id] of Object.entries(FUNNEL_LENDERS)) {
    await db
      .insertInto("lenders")
      .values({
        id,
        names: JSON.stringify({
          en: `${name[0]?.toUpperCase()}${name.slice(1)} Finance`,
          si: name,
        }),
        legal_name: `${name} Finance PLC`,
        website: null,
        complaints_contact: null,
        licence_regulator: null,
        licence_category: null,
        licence_number: null,
        status: "live",
        daily_lead_cap: null,
        decision_mode: "api",
        api_url: null,
        api_secret: null,
        api_fields: null,
        sample: 1,
        sandbox: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const attribution = JSON.stringify({ partner: FUNNEL_PARTNER.id, sub1: "aff-7", ...google });
  await db
    .insertInto("leads")
    .values([
      // Applied and verified on the 10th, through the partner.
      seedLeadRow("lead-1", "2026-11-10T01:00:00.000Z", {
        partner_id: FUNNEL_PARTNER.id,
        attribution,
        verified_at: "2026-11-10T01:05:00.000Z",
      }),
      // Applied at 23:59 on the 9th in Colombo, never verified.
      seedLeadRow("lead-2", "2026-11-09T18:29:59.000Z"),
      // A repeat of lead-1: not an application of its own.
      seedLeadRow("lead-3", "2026-11-10T04:00:00.000Z", {
        repeat_of: "lead-1",
        verified_at: "2026-11-10T04:01:00.000Z",
      }),
      // The 11th in Colombo: outside the range.
      seedLeadRow("lead-4", "2026-11-10T18:30:00.000Z"),
    ])
    .execute();

  const decision = (id: string, lenderId: string, status: "approved" | "declined") => ({
    decision_id: id,
    lead_id: "lead-1",
    lender_id: lenderId,
    status,
    ...NO_ANSWER,
    attempts: 1,
    latency_ms: 120,
    asked_at: "2026-11-10T01:06:00.000Z",
    deadline_at: "2026-11-10T01:06:30.000Z",
    answered_at: "2026-11-10T01:06:01.000Z",
    decided_at: "2026-11-10T01:06:01.000Z",
  });
  await db
    .insertInto("lender_decisions")
    .values([
      decision("decision-1", FUNNEL_LENDERS.lanka, "approved"),
      decision("decision-2", FUNNEL_LENDERS.ceylon, "declined"),
    ])
    .execute();

  await db
    .insertInto("clicks")
    .values([
      {
        id: "click-1",
        lead_id: "lead-1",
        offer_id: 9001,
        lender: FUNNEL_LENDERS.lanka,
        attribution,
        created_at: "2026-11-10T01:10:00.000Z",
        partner_id: FUNNEL_PARTNER.id,
      },
      {
        id: "click-2",
        lead_id: null,
        offer_id: 9002,
        lender: FUNNEL_LENDERS.ceylon,
        attribution: "{}",
        created_at: "2026-11-09T18:00:00.000Z",
        partner_id: null,
      },
    ])
    .execute();
  await db
    .insertInto("conversions")
    .values([
      {
        click_id: "click-1",
        status: "approved",
        amount: null,
        created_at: "2026-11-10T02:00:00.000Z",
      },
      {
        click_id: "click-1",
        status: "issued",
        amount: 50_000,
        created_at: "2026-11-10T03:00:00.000Z",
      },
    ])
    .execute();
  const postback = (status: "approved" | "issued", rupees: number, createdAt: string) => ({
    click_id: "click-1",
    status,
    partner_id: FUNNEL_PARTNER.id,
    lead_id: "lead-1",
    payout_rupees: rupees,
    url: null,
    attempts: 0,
    next_attempt_at: null,
    delivered_at: null,
    failed_at: null,
    last_error: null,
    created_at: createdAt,
  });
  await db
    .insertInto("partner_postbacks")
    .values([
      // Paid per sale: the approval owes nothing, the issued loan Rs. 1,500.
      postback("approved", 0, "2026-11-10T02:00:00.000Z"),
      postback("issued", 1500, "2026-11-10T03:00:00.000Z"),
    ])
    .execute();
}
