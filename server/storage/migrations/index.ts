import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "../database";
import * as events from "./0001_events";
import * as erasure from "./0002_erasure";
import * as leads from "./0003_leads";
import * as community from "./0004_community";
import * as reviewImages from "./0005_review_images";
import * as tracking from "./0006_tracking";
import * as partners from "./0007_partners";
import * as verification from "./0008_verification";
import * as erasureConfirmation from "./0009_erasure_confirmation";
import * as lenders from "./0010_lenders";
import * as retiredOfferIds from "./0012_retired_offer_ids";
import * as decisions from "./0013_decisions";
import * as staff from "./0014_staff";
import * as partnerPayouts from "./0016_partner_payouts";
import * as funnel from "./0017_funnel";
import * as calculatorUses from "./0018_calculator_uses";
import * as partnerAccounts from "./0019_partner_accounts";
import * as leadVia from "./0020_lead_via";
import * as partnerAccountAndLeadChannel from "./0021_partner_account_and_lead_channel";
import * as partnerAdjustments from "./0022_partner_adjustments";
import * as creditCards from "./0023_credit_cards";
import * as personalDataKeys from "./0024_personal_data_keys";
import * as decisionBrokenRule from "./0026_decision_broken_rule";
import * as lenderLimits from "./0027_lender_limits";
import * as offersReadyPostbacks from "./0028_offers_ready_postbacks";
import * as lenderAccounts from "./0029_lender_accounts";
import * as lenderInvoices from "./0030_lender_invoices";
import * as lenderControls from "./0031_lender_controls";
import * as lenderBreakerEvents from "./0032_lender_breaker_events";
import * as decisionSentFields from "./0033_decision_sent_fields";
import * as approvalOdds from "./0035_approval_odds";
import * as oddsCalibration from "./0037_odds_calibration";
import * as idempotencyKeys from "./0038_idempotency_keys";
import { type Columns, columnsFor } from "./column-types";

/**
 * A migration: a file that exports `up`, and `down` for the migrations'
 * tests, as Kysely's own migration files do; each takes the engine's column
 * types, and 0024 the installation key it seals with (decision 0335).
 */
interface MigrationFile {
  up(db: Kysely<unknown>, columns: Columns, installationKey: Buffer): Promise<void>;
  down(db: Kysely<unknown>, columns: Columns, installationKey: Buffer): Promise<void>;
}

/**
 * Every migration, in order. Names sort in the order they must run; never
 * rename or edit one that has shipped (ddl.storage.test.ts holds what each
 * says, decision 0339), add a new one.
 */
const MIGRATIONS: Record<string, MigrationFile> = {
  "0001_events": events,
  "0002_erasure": erasure,
  "0003_leads": leads,
  "0004_community": community,
  "0005_review_images": reviewImages,
  "0006_tracking": tracking,
  "0007_partners": partners,
  "0008_verification": verification,
  "0009_erasure_confirmation": erasureConfirmation,
  "0010_lenders": lenders,
  "0012_retired_offer_ids": retiredOfferIds,
  "0013_decisions": decisions,
  "0014_staff": staff,
  "0016_partner_payouts": partnerPayouts,
  "0017_funnel": funnel,
  "0018_calculator_uses": calculatorUses,
  "0019_partner_accounts": partnerAccounts,
  "0020_lead_via": leadVia,
  "0021_partner_account_and_lead_channel": partnerAccountAndLeadChannel,
  "0022_partner_adjustments": partnerAdjustments,
  "0023_credit_cards": creditCards,
  "0024_personal_data_keys": personalDataKeys,
  "0026_decision_broken_rule": decisionBrokenRule,
  "0027_lender_limits": lenderLimits,
  "0028_offers_ready_postbacks": offersReadyPostbacks,
  "0029_lender_accounts": lenderAccounts,
  "0030_lender_invoices": lenderInvoices,
  "0031_lender_controls": lenderControls,
  "0032_lender_breaker_events": lenderBreakerEvents,
  "0033_decision_sent_fields": decisionSentFields,
  "0035_approval_odds": approvalOdds,
  "0037_odds_calibration": oddsCalibration,
  "0038_idempotency_keys": idempotencyKeys,
};

/** Every migration, for either engine. */
export function migrationsFor(engine: Engine, installationKey: Buffer): Record<string, Migration> {
  const columns = columnsFor(engine);
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      {
        up: (db: Kysely<unknown>) => migration.up(db, columns, installationKey),
        down: (db: Kysely<unknown>) => migration.down(db, columns, installationKey),
      },
    ]),
  );
}
