import type { BackOfficeSection } from "../../core/back-office";
import type { BackOfficeMessages } from "./messages";

/** Where each section lives and what the navigation calls it. */
export const SECTION_PATHS: Record<BackOfficeSection, string> = {
  home: "/admin/",
  moderation: "/admin/moderation/",
  lenders: "/admin/lenders/",
  partners: "/admin/partners/",
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
    partners: t.sectionPartners,
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
