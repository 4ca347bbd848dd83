import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's statements page (issue 18): what the server gives site/portal/pages/Statements.tsx. */
export interface StatementsView extends PortalSignedIn {
  page: "statements";
}
