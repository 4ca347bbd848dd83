/**
 * Partners' conversions for the payout tests, made the way production makes
 * them: a verified lead through the partner, a click-out, the lender's
 * postback, and the partner postback the listener records (with the payout
 * the partner's terms give). Not imported by any shipped module.
 */
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { recordClick, recordPostback } from "../borrowers/clicks";
import { loadCatalogues } from "../lenders/catalogue";
import type { Storage } from "../storage/database";
import { silentLog } from "../test-support";
import { createVerifiedLead } from "./leads.test-support";
import { createPartnerPostbacks } from "./postbacks";

const offers = loadCatalogues().get("lk") ?? [];
/** Offer 101 is Kandy Lane's; its postbacks are checked with this secret. */
const LENDER_SECRET = "kandy-lane-secret-0123456789";
const secrets = new Map([["kandy-lane", LENDER_SECRET]]);
let phones = 0;

/**
 * A verified lead of the partner at `at`, a click on offer 101, and the
 * lender reporting each status at `at`. Resolves with the ids.
 */
export async function seedConversion(
  storage: Storage,
  partner: string,
  at: Date,
  statuses: readonly ("approved" | "rejected" | "issued")[],
): Promise<{ leadId: string; clickId: string }> {
  phones += 1;
  const application = applicationSchema(TEST_TODAY).parse({
    ...validApplication,
    term: 90,
    partner,
    phone: `0778${String(phones).padStart(6, "0")}`,
  });
  const lead = await createVerifiedLead(storage, application, offers, { now: at });
  const { clickId } = await recordClick(storage, offerOfKandyLane(), lead.leadId, at);
  await lenderReports(storage, clickId, statuses, at);
  return { leadId: lead.leadId, clickId };
}

/** Offer 101, Kandy Lane's, whose postbacks lenderReports signs. */
export function offerOfKandyLane() {
  const offer = offers.find((candidate) => candidate.offer_id === 101);
  if (!offer) throw new Error("offer 101 is missing");
  return offer;
}

/**
 * The lender reporting each status of a click on offer 101 at `at`, and the
 * partner postback each records (the listener start.ts registers).
 */
export async function lenderReports(
  storage: Storage,
  clickId: string,
  statuses: readonly ("approved" | "rejected" | "issued")[],
  at: Date,
): Promise<void> {
  const postbacks = createPartnerPostbacks({ storage, log: silentLog });
  for (const status of statuses) {
    const outcome = await recordPostback(
      storage,
      secrets,
      { click_id: clickId, status },
      { token: LENDER_SECRET },
      at,
    );
    if (outcome.kind !== "recorded") throw new Error(`lender postback: ${outcome.kind}`);
    if (!outcome.duplicate) await postbacks.listener(outcome.change);
  }
}
