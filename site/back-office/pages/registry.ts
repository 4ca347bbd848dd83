/**
 * The back office's pages, one line each, by the name of the view each
 * shows; the compiler checks every view of core/views/back-office.ts has its page.
 * Adding a page is a folder under pages/ (its component and an index that
 * defines it: heading, section, body; a section's page, the section's words) and a
 * line here.
 */
import type { BackOfficePages } from "../page";
import { approvalOddsPage } from "./approval-odds";
import { auditPage } from "./audit";
import { cardEditPage, cardsPage } from "./cards";
import { enrolInvalidPage, enrolPage } from "./enrol";
import { funnelPage } from "./funnel";
import { accountPage, homePage } from "./home";
import { invoicePage, invoicesPage } from "./invoices";
import { lenderEditPage } from "./lender-edit";
import { lendersPage } from "./lenders";
import { moderationPage } from "./moderation";
import { partnerPage, partnersPage } from "./partners";
import { payoutRunPage, payoutStatementPage, payoutsPage } from "./payouts";
import { problemPage } from "./problem";
import { signInCodePage, signInPage } from "./sign-in";
import { staffPage } from "./staff";
import { recoveryCodesPage, twoFactorPage } from "./two-factor";

export const BACK_OFFICE_PAGES: BackOfficePages = {
  "sign-in": signInPage,
  "sign-in-code": signInCodePage,
  enrol: enrolPage,
  "enrol-invalid": enrolInvalidPage,
  "two-factor": twoFactorPage,
  "recovery-codes": recoveryCodesPage,
  home: homePage,
  account: accountPage,
  moderation: moderationPage,
  staff: staffPage,
  audit: auditPage,
  lenders: lendersPage,
  "lender-edit": lenderEditPage,
  cards: cardsPage,
  "card-edit": cardEditPage,
  partners: partnersPage,
  partner: partnerPage,
  payouts: payoutsPage,
  "payout-run": payoutRunPage,
  "payout-statement": payoutStatementPage,
  invoices: invoicesPage,
  invoice: invoicePage,
  funnel: funnelPage,
  "approval-odds": approvalOddsPage,
  forbidden: problemPage,
  "not-found": problemPage,
  refused: problemPage,
  invalid: problemPage,
};
