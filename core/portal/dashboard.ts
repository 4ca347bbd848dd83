import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's dashboard page (issue 18): what the server gives site/portal/pages/Dashboard.tsx. */
export interface DashboardView extends PortalSignedIn {
  page: "dashboard";
}
