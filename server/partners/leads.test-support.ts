/**
 * Leads as server/app.ts and the partner API store them: an application's
 * `partner` attributes the lead to that partner while it is active
 * (activePartnerId, handed to createLead as partnerOf). For the tests of
 * attribution, statistics, postbacks and payouts. Not imported by any shipped module.
 */
import type { Application } from "../../core/domain/schemas/application";
import type { Offer } from "../../core/domain/schemas/offer";
import { createVerifiedLead as verifiedLead } from "../borrowers/applicant.test-support";
import {
  type CreateLeadOptions,
  type LeadOutcome,
  createLead as storeLead,
} from "../borrowers/leads";
import type { Storage } from "../storage/database";
import { activePartnerId } from "./partners";

export function createLead(
  storage: Storage,
  application: Application,
  offers: readonly Offer[],
  options: CreateLeadOptions = {},
): Promise<LeadOutcome> {
  return storeLead(storage, application, offers, { partnerOf: activePartnerId, ...options });
}

export function createVerifiedLead(
  storage: Storage,
  application: Application,
  offers: readonly Offer[],
  options: CreateLeadOptions = {},
): Promise<LeadOutcome & { verifiedLeadId: string }> {
  return verifiedLead(storage, application, offers, { partnerOf: activePartnerId, ...options });
}
