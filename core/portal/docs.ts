import type { PortalSignedIn } from "../partner-portal";

/**
 * The partner portal's API documentation (issue 18, decision 0247): the
 * partner API and the public feed explained, with the partner's own
 * publishable key in the examples (never the secret key: it is shown once,
 * and only its hash is kept), and the OpenAPI document linked.
 */
export interface DocsView extends PortalSignedIn {
  page: "docs";
  partnerId: string;
  publishableKey: string;
  /** The origins the publishable key is accepted from, as registered. */
  origins: readonly string[];
  /** Our public origin, e.g. https://nayacompare.lk, for the examples' URLs. */
  siteOrigin: string;
}
