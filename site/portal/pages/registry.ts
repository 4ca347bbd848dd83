/**
 * The partner portal's pages, one line each, by the name of the view each
 * shows; the compiler checks every view of core/views/partner-portal.ts has its
 * page. Adding a page is a folder under pages/ and a line here.
 */
import type { PortalSection, PortalView } from "../../../core/views/partner-portal";
import type { PageRegistry } from "../../operator/page";
import type { PortalContext } from "../page";
import { accountPage } from "./account";
import { dashboardPage } from "./dashboard";
import { docsPage } from "./docs";
import { homePage } from "./home";
import { keysPage } from "./keys";
import { notePage } from "./notes";
import { forgotPage, forgotSentPage, setPasswordPage } from "./password";
import { postbacksPage } from "./postbacks";
import { signInCodePage, signInPage } from "./sign-in";
import { checkEmailPage, signUpPage, verifyPage } from "./sign-up";
import { statementsPage } from "./statements";
import { twoFactorPage } from "./two-factor";
import { widgetPage } from "./widget";

export const PORTAL_PAGES: PageRegistry<PortalView, PortalContext, PortalSection> = {
  "sign-in": signInPage,
  "sign-up": signUpPage,
  "check-email": checkEmailPage,
  forgot: forgotPage,
  "forgot-sent": forgotSentPage,
  "set-password": setPasswordPage,
  verify: verifyPage,
  "link-invalid": notePage,
  home: homePage,
  dashboard: dashboardPage,
  widget: widgetPage,
  keys: keysPage,
  postbacks: postbacksPage,
  statements: statementsPage,
  account: accountPage,
  docs: docsPage,
  "sign-in-code": signInCodePage,
  "two-factor": twoFactorPage,
  refused: notePage,
  "not-found": notePage,
};
