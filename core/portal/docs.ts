import type { PortalSignedIn } from "../partner-portal";

/** The partner portal's docs page (issue 18): what the server gives site/portal/pages/Docs.tsx. */
export interface DocsView extends PortalSignedIn {
  page: "docs";
}
