import type { Migration } from "kysely/migration";
import type { Engine } from "../database";
import { createEventsTable } from "./0001_events";
import { createErasureTables } from "./0002_erasure";
import { createLeadTables } from "./0003_leads";
import { createCommunityTables } from "./0004_community";
import { createReviewImagesTable } from "./0005_review_images";
import { createTrackingTables } from "./0006_tracking";
import { createPartnerTables } from "./0007_partners";
import { createVerificationTables } from "./0008_verification";
import { createErasureConfirmationTables } from "./0009_erasure_confirmation";
import { createLenderTables } from "./0010_lenders";
import { createRetiredOfferIdsTable } from "./0012_retired_offer_ids";
import { createDecisionTables } from "./0013_decisions";
import { createStaffTables } from "./0014_staff";
import { createPartnerPayoutTables } from "./0016_partner_payouts";
import { createFunnelTables } from "./0017_funnel";
import { createCalculatorUsesTable } from "./0018_calculator_uses";
import { createPartnerAccountTables } from "./0019_partner_accounts";
import { createLeadViaColumn } from "./0020_lead_via";
import { createPartnerAccountAndLeadChannel } from "./0021_partner_account_and_lead_channel";
import { createPartnerAdjustmentsTable } from "./0022_partner_adjustments";
import { createCreditCardsTable } from "./0023_credit_cards";
import { createPersonalDataKeys } from "./0024_personal_data_keys";
import { createDecisionBrokenRuleColumn } from "./0026_decision_broken_rule";
import { createLenderLimitColumns } from "./0027_lender_limits";
import { createOffersReadyPostbacks } from "./0028_offers_ready_postbacks";
import { createLenderInvoiceTables } from "./0030_lender_invoices";
import { columnTypes } from "./column-types";

/**
 * Every migration, in order, for either engine. Names sort in the order they
 * must run; never rename or edit one that has shipped, add a new one. The
 * installation key seals what 0024 seals (decision 0335).
 */
export function migrationsFor(engine: Engine, installationKey: Buffer): Record<string, Migration> {
  const types = columnTypes(engine);
  return {
    "0001_events": createEventsTable(types),
    "0002_erasure": createErasureTables(types),
    "0003_leads": createLeadTables(types),
    "0004_community": createCommunityTables(types),
    "0005_review_images": createReviewImagesTable(types),
    "0006_tracking": createTrackingTables(types),
    "0007_partners": createPartnerTables(types),
    "0008_verification": createVerificationTables(types),
    "0009_erasure_confirmation": createErasureConfirmationTables(types),
    "0010_lenders": createLenderTables(types),
    "0012_retired_offer_ids": createRetiredOfferIdsTable(types),
    "0013_decisions": createDecisionTables(types),
    "0014_staff": createStaffTables(types),
    "0016_partner_payouts": createPartnerPayoutTables(types),
    "0017_funnel": createFunnelTables(),
    "0018_calculator_uses": createCalculatorUsesTable(),
    "0019_partner_accounts": createPartnerAccountTables(types),
    "0020_lead_via": createLeadViaColumn(),
    "0021_partner_account_and_lead_channel": createPartnerAccountAndLeadChannel(types),
    "0022_partner_adjustments": createPartnerAdjustmentsTable(types),
    "0023_credit_cards": createCreditCardsTable(types),
    "0024_personal_data_keys": createPersonalDataKeys(types, installationKey),
    "0026_decision_broken_rule": createDecisionBrokenRuleColumn(),
    "0027_lender_limits": createLenderLimitColumns(),
    "0028_offers_ready_postbacks": createOffersReadyPostbacks(types),
    "0030_lender_invoices": createLenderInvoiceTables(types),
  };
}
