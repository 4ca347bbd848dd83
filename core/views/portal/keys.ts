import type { PortalSignedIn } from "../partner-portal";

/** A partner's keys the portal can replace (server/partners/partners.ts rotateKeys). */
export const PORTAL_ROTATABLE_KEYS = ["secret", "postback", "publishable"] as const;
export type PortalRotatableKey = (typeof PORTAL_ROTATABLE_KEYS)[number];

/** Why a line of the allowed origins was refused. */
export type OriginProblem =
  /** Not an http(s) address like https://partner.lk. */
  | "invalid"
  /** http:// where only https:// is allowed (http only for this machine, outside production). */
  | "https"
  /** A path, query or fragment after the host. */
  | "path"
  /** More than ORIGINS_MAX lines. */
  | "too_many";

export const ORIGINS_MAX = 20;

/** The partner portal's keys page (issue 18): what the server gives site/portal/pages/keys/Keys.tsx. */
export interface KeysView extends PortalSignedIn {
  page: "keys";
  publishableKey: string;
  /** The saved origins, or the lines as typed when they were refused. */
  origins: string[];
  /** Problems of the typed lines: a line number (1-based; 0 for the whole list) and why. */
  originProblems?: { line: number; value: string; problem: OriginProblem }[];
  /** http://localhost origins are accepted (outside production). */
  localHttp: boolean;
  notice?: "origins_saved" | undefined;
  /** The confirmation step of a rotation. */
  confirm?: PortalRotatableKey | undefined;
  /** The new key, on the answer to the rotation only: never stored, never in an address. */
  issued?: { key: PortalRotatableKey; value: string } | undefined;
}
