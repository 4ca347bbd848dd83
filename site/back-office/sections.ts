import type { Licence, LicenceCategory } from "../../core/domain/schemas/offer";
import type { BackOfficeSection, LenderSummary } from "../../core/views/back-office";
import type { BackOfficeMessages } from "./messages";

/** Where each section lives and what the navigation calls it. */
export const SECTION_PATHS: Record<BackOfficeSection, string> = {
  home: "/admin/",
  moderation: "/admin/moderation/",
  lenders: "/admin/lenders/",
  cards: "/admin/cards/",
  partners: "/admin/partners/",
  payouts: "/admin/payouts/",
  invoices: "/admin/invoices/",
  funnel: "/admin/funnel/",
  audit: "/admin/audit/",
  staff: "/admin/staff/",
  account: "/admin/account/",
};

export function sectionName(section: BackOfficeSection, t: BackOfficeMessages): string {
  const names: Record<BackOfficeSection, string> = {
    home: t.sectionHome,
    moderation: t.sectionModeration,
    lenders: t.sectionLenders,
    cards: t.sectionCards,
    partners: t.sectionPartners,
    payouts: t.sectionPayouts,
    invoices: t.sectionInvoices,
    funnel: t.sectionFunnel,
    audit: t.sectionAudit,
    staff: t.sectionStaff,
    account: t.sectionAccount,
  };
  return names[section];
}

export function roleName(role: "admin" | "moderator" | "analyst", t: BackOfficeMessages): string {
  return { admin: t.roleAdmin, moderator: t.roleModerator, analyst: t.roleAnalyst }[role];
}

export function lenderStatusName(status: LenderSummary["status"], t: BackOfficeMessages): string {
  return { draft: t.lenderDraft, live: t.lenderLive, paused: t.lenderPaused }[status];
}

export function lenderModeName(mode: LenderSummary["decisionMode"], t: BackOfficeMessages): string {
  return { criteria: t.lenderByCriteria, api: t.lenderByApi }[mode];
}

/** "CBSL licensed finance company 0042": the regulator, the kind in words, the number. */
export function licenceWords(licence: Licence, t: BackOfficeMessages): string {
  const kinds: Record<LicenceCategory, string> = {
    licensed_commercial_bank: t.lenderCommercialBank,
    licensed_specialised_bank: t.lenderSpecialisedBank,
    licensed_finance_company: t.lenderFinanceCompany,
    licensed_microfinance_company: t.lenderMicrofinanceCompany,
    registered_lender: t.lenderRegisteredLender,
  };
  return `${licence.regulator} ${kinds[licence.category]} ${licence.number}`;
}
