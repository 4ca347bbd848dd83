import type { PortalSignedIn } from "../partner-portal";

/** Macros a postback URL template may hold (`{lead_id}` is ours beyond issue 8's list). */
export const POSTBACK_MACROS = [
  "click_id",
  "lead_id",
  "sub1",
  "sub2",
  "sub3",
  "sub4",
  "sub5",
  "status",
  "payout",
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** The statuses a postback reports (a lender's conversion). */
export type PostbackStatus = "approved" | "rejected" | "issued";

/** Why a URL template was refused (server/partners/partners.ts postbackUrlProblem, and the send rules). */
export type TemplateProblem =
  /** Not an http(s) URL. */
  | "url"
  | "too_long"
  /** A {macro} we do not know. */
  | "macro"
  /** A macro in the host, user or password. */
  | "macro_host"
  /** http:// where only https:// is allowed. */
  | "https"
  /** The host is (or resolves to) an address that is not public. */
  | "address"
  /** The host name does not resolve. */
  | "unresolved";

/** Why a test postback got no answer. */
export type TestSendProblem =
  | "timeout"
  | "network"
  | "refused_https"
  | "refused_address"
  | "unresolved";

/** What a test send did: the exact request, and the partner server's answer or why there is none. */
export interface PostbackTestResult {
  request: { method: "GET"; url: string; headers: [string, string][] };
  answer?: {
    status: number;
    headers: [string, string][];
    /** The first bytes of the body as text (the page escapes it). */
    body: string;
    truncated: boolean;
  };
  problem?: TestSendProblem;
  /** For a refusal: what the rules said, naming the partner's own host. */
  detail?: string | undefined;
  milliseconds: number;
}

/** What the delivery log says of a postback's last attempt (partner_postbacks.last_error). */
export type DeliveryError =
  | { kind: "http"; status: number }
  | {
      kind: "timeout" | "network" | "refused" | "partner_disabled" | "no_url" | "other";
    };

/** One postback in the delivery log: the partner's own, never another's. */
export interface DeliveryRow {
  clickId: string;
  status: PostbackStatus;
  payoutRupees: number;
  createdAt: string;
  attempts: number;
  /** delivered; retrying (next attempt due); failed (given up); unsent (no URL then). */
  state: "delivered" | "retrying" | "failed" | "unsent";
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  lastError: DeliveryError | null;
}

export const DELIVERY_LOG_PAGE = 50;

/** The partner portal's postbacks page (issue 18): what the server gives site/portal/pages/postbacks/Postbacks.tsx. */
export interface PostbacksView extends PortalSignedIn {
  page: "postbacks";
  /** The saved template, or what was typed when it was refused. */
  template: string;
  saved: boolean;
  problem?: { problem: TemplateProblem; detail?: string | undefined } | undefined;
  notice?: "saved" | "cleared" | "offers_ready_on" | "offers_ready_off" | undefined;
  /**
   * Whether the partner gets an "offers ready" postback per lead it sends
   * through the API, when the lead's decisions are complete (decision 0357).
   */
  offersReady: boolean;
  /** How the partner is paid: what the test's payout follows. */
  payoutModel: "lead" | "sale";
  payoutRupees: number;
  test?: PostbackTestResult | undefined;
  /** No test was sent: no template saved, or too many tests this minute. */
  testRefused?: "no_template" | "busy" | undefined;
  log: { rows: DeliveryRow[]; page: number; more: boolean };
}
