import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's postbacks page (issue 18): what the server gives site/portal/pages/Postbacks.tsx. */
export interface PostbacksView extends PortalSignedIn {
  page: "postbacks";
}
