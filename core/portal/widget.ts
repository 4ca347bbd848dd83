import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's widget page (issue 18): what the server gives site/portal/pages/Widget.tsx. */
export interface WidgetView extends PortalSignedIn {
  page: "widget";
}
