import type { Licence, LicenceCategory } from "../../core/domain/schemas/offer";
import type { LenderSummary } from "../../core/views/back-office";
import type { BackOfficeMessages } from "./messages";

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
