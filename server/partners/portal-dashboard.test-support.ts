/**
 * The dashboard's tests (issue 18): an approved partner with a portal
 * account and a signed-in session, made with the services the sign-up,
 * the e-mail link and the operator's approval use; and a partner's
 * figures made the way production makes them (leads through our form or
 * the partner API, with sub ids and utm values, click-outs, the lender's
 * postbacks). Not imported by any shipped module.
 */

import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { addDays, type CalendarDate, colomboDayStart } from "../../core/helpers/dates";
import { recordClick } from "../borrowers/clicks";
import { loadCatalogues } from "../lenders/catalogue";
import type { Storage } from "../storage/database";
import { createLead, createVerifiedLead } from "./leads.test-support";
import { lenderReports, offerOfKandyLane } from "./payouts.test-support";
import { type ApprovedPortalPartner, approvedPortalPartner } from "./portal.test-support";

/** A partner paid Rs. 350 per lead, signed in to the portal. */
export const dashboardPartner = (
  storage: Storage,
  options: { email: string; name: string; now?: Date },
): Promise<ApprovedPortalPartner> =>
  approvedPortalPartner(storage, { ...options, terms: { payoutModel: "lead", payoutRupees: 350 } });

const offers = loadCatalogues().get("lk") ?? [];
let phones = 0;

export interface SeededLead {
  /** Days before `today` (0: today), and the hour in Colombo. */
  daysAgo: number;
  attribution?: Record<string, string>;
  verified?: boolean;
  clicks?: number;
  statuses?: readonly ("approved" | "rejected" | "issued")[];
  api?: boolean;
}

/**
 * A varied month of one partner's figures ending `today` (a Colombo day):
 * leads through our form and the API, sub ids and utm values, a lead never
 * verified, several click-outs for one lead, approvals and issued loans.
 */
export const DASHBOARD_SEED: readonly SeededLead[] = [
  {
    daysAgo: 27,
    attribution: { sub1: "facebook", utm_source: "fb", utm_campaign: "nov" },
    clicks: 2,
    statuses: ["approved", "issued"],
  },
  { daysAgo: 20, attribution: { sub1: "facebook", sub2: "story" }, clicks: 1 },
  { daysAgo: 14, attribution: { sub1: "google", utm_source: "google" }, clicks: 3 },
  { daysAgo: 14, attribution: { sub1: "google" }, statuses: ["approved"], clicks: 1 },
  { daysAgo: 9, api: true, clicks: 1, statuses: ["approved", "issued"] },
  { daysAgo: 5, attribution: { sub1: "tiktok", sub8: "-cmd:x.y~z" }, clicks: 1 },
  { daysAgo: 2, attribution: { utm_campaign: "dec" }, clicks: 2, statuses: ["rejected"] },
  // Today: an unverified lead is deleted after 24 hours.
  { daysAgo: 0, attribution: { sub1: "facebook" }, verified: false },
  { daysAgo: 0, attribution: { sub1: "google" }, clicks: 1, statuses: ["approved"] },
];

/**
 * Makes the seed's leads, clicks and postbacks for the partner, each at 10:00
 * Colombo time, or earlier today when 10:00 has not come yet (never in the future).
 */
export async function seedDashboardFigures(
  storage: Storage,
  partnerId: string,
  today: CalendarDate,
  seed: readonly SeededLead[] = DASHBOARD_SEED,
  now: Date = new Date(),
): Promise<void> {
  const offer = offerOfKandyLane();
  for (const one of seed) {
    phones += 1;
    const application = applicationSchema(TEST_TODAY).parse({
      ...validApplication,
      term: 90,
      partner: partnerId,
      ...one.attribution,
      phone: `0779${String(phones).padStart(6, "0")}`,
    });
    const start = Date.parse(colomboDayStart(addDays(today, -one.daysAgo)));
    const at = new Date(Math.max(start, Math.min(start + 10 * 3_600_000, now.getTime() - 60_000)));
    const options = { now: at, ...(one.api ? { via: "partner_api" as const } : {}) };
    if (one.verified === false) {
      await createLead(storage, application, offers, options);
      continue;
    }
    const { leadId } = await createVerifiedLead(storage, application, offers, options);
    for (let index = 0; index < (one.clicks ?? 0); index += 1) {
      const { clickId } = await recordClick(storage, offer, leadId, at);
      if (index === 0) await lenderReports(storage, clickId, one.statuses ?? [], at);
    }
  }
}

/** The CSV's rows as the partner API names them (its `leads` are the verified ones). */
export function csvAsApiDays(csv: string) {
  return csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1, -1)
    .map((line) => {
      const [date, clicks, leads, approvals, issued, earnings] = line.split(",");
      return {
        date,
        leads: Number(leads),
        clicks: Number(clicks),
        approvals: Number(approvals),
        sales: Number(issued),
        payouts: Number(earnings),
      };
    });
}

/** Partner B's few figures beside A's: a sub id of its own, and a day outside the last 30. */
const BETA_SEED: readonly SeededLead[] = [
  { daysAgo: 3, attribution: { sub1: "beta-only" }, clicks: 1, statuses: ["issued"] },
  { daysAgo: 40, attribution: { sub1: "beta-old" }, clicks: 1 },
];

/** Two signed-in partners, A with DASHBOARD_SEED's month and B with a few figures of its own. */
export async function twoDashboardPartners(
  storage: Storage,
  today: CalendarDate,
  now: Date,
): Promise<{ a: ApprovedPortalPartner; b: ApprovedPortalPartner }> {
  const a = await dashboardPartner(storage, {
    email: "alpha@galle-deals.example",
    name: "Alpha Deals",
    now,
  });
  const b = await dashboardPartner(storage, {
    email: "beta@kandy-offers.example",
    name: "Beta Offers",
    now,
  });
  await seedDashboardFigures(storage, a.partnerId, today, DASHBOARD_SEED, now);
  await seedDashboardFigures(storage, b.partnerId, today, BETA_SEED, now);
  return { a, b };
}
