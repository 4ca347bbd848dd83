/**
 * The lender portal's pages, one line each, by the name of the view each
 * shows; the compiler checks every view of core/views/lender-portal.ts has
 * its page. Adding a page is a folder under pages/ and a line here.
 */
import type { LenderPortalSection, LenderPortalView } from "../../../core/views/lender-portal";
import type { PageRegistry } from "../../operator/page";
import type { LenderPortalContext } from "../page";
import { controlsPage } from "./controls";
import { enrolPage, recoveryCodesPage, twoFactorPage } from "./enrol";
import { homePage } from "./home";
import { invoicePage, invoicesPage } from "./invoices";
import { logEntryPage, logPage } from "./log";
import { notePage } from "./notes";
import { productsPage } from "./products";
import { secretPage } from "./secret";
import { signInCodePage, signInPage } from "./sign-in";
import { statsPage } from "./stats";
import { testPage } from "./test";

export const LENDER_PAGES: PageRegistry<
  LenderPortalView,
  LenderPortalContext,
  LenderPortalSection
> = {
  "sign-in": signInPage,
  "sign-in-code": signInCodePage,
  enrol: enrolPage,
  "two-factor": twoFactorPage,
  "recovery-codes": recoveryCodesPage,
  home: homePage,
  log: logPage,
  "log-entry": logEntryPage,
  test: testPage,
  stats: statsPage,
  invoices: invoicesPage,
  invoice: invoicePage,
  controls: controlsPage,
  secret: secretPage,
  products: productsPage,
  "link-invalid": notePage,
  refused: notePage,
  "not-found": notePage,
};
