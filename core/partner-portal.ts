import type { Locale } from "./locale";

/**
 * What the partner portal's pages show (issue 18): the server reads and
 * checks, site/portal/render.tsx renders. Shared by server/ and site/.
 */
export const PORTAL_COUNTRIES = [
  "lk",
  "ro",
  "co",
  "mx",
  "es",
  "pl",
  "kz",
  "vn",
  "ph",
  "ua",
  "za",
] as const;
export type PortalCountry = (typeof PORTAL_COUNTRIES)[number];

export const PAYOUT_METHODS = ["wire", "stablecoin", "ewallet", "paypal"] as const;
export type PortalPayoutMethod = (typeof PAYOUT_METHODS)[number];

export const ACCOUNT_KINDS = ["company", "person"] as const;
export type PortalAccountKind = (typeof ACCOUNT_KINDS)[number];

/** The sign-up form as typed, sent back with the fields that are wrong. */
export interface SignUpForm {
  kind: string;
  name: string;
  email: string;
  website: string;
  trafficSources: string;
  countries: string[];
  payoutMethod: string;
  payoutDetails: string;
}

export type SignUpField = keyof SignUpForm | "password" | "terms";
export type SignUpProblem =
  | "required"
  | "invalid"
  | "too_short"
  | "too_long"
  | "contains_email"
  | "common";

export type PortalView =
  | {
      page: "sign-in";
      email: string;
      problem?: "mismatch" | "wait" | "busy" | undefined;
      notice?: "signed_out" | "verified" | "password_set" | "code_tries" | undefined;
    }
  | {
      page: "sign-up";
      form: SignUpForm;
      problems: Partial<Record<SignUpField, SignUpProblem>>;
      busy?: boolean;
    }
  | { page: "check-email" }
  | { page: "forgot"; email: string; busy?: boolean }
  | { page: "forgot-sent" }
  | {
      page: "set-password";
      token: string;
      purpose: "claim" | "reset";
      problem?: SignUpProblem | "mismatch" | "terms" | undefined;
    }
  | { page: "verify"; token: string }
  | { page: "link-invalid" }
  | {
      page: "home";
      csrf: string;
      partnerId: string | null;
      /** pending: waiting for an operator; active; rejected; disabled (keys stopped); unverified: no partner yet. */
      status: "unverified" | "pending" | "active" | "rejected" | "disabled";
      publishableKey: string | null;
      twoFactor: boolean;
    }
  | { page: "sign-in-code"; csrf: string; problem?: "wrong" | "wait" | undefined }
  | {
      page: "two-factor";
      csrf: string;
      /** On: nothing to scan; off: the pending secret, grouped, and its QR code's rows. */
      state: { on: true } | { on: false; secret: string; qr: string[]; wrong?: boolean };
    }
  | { page: "refused" }
  | { page: "not-found" };

export interface PortalPage {
  locale: Locale;
  view: PortalView;
}
