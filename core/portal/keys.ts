import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's keys page (issue 18): what the server gives site/portal/pages/Keys.tsx. */
export interface KeysView extends PortalSignedIn {
  page: "keys";
}
