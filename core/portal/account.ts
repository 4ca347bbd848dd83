import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's account page (issue 18): what the server gives site/portal/pages/Account.tsx. */
export interface AccountView extends PortalSignedIn {
  page: "account";
}
