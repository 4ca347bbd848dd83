import type { Locale } from "../locale";
import type { AccountView } from "./portal/account";
import type { DashboardView } from "./portal/dashboard";
import type { DocsView } from "./portal/docs";
import type { KeysView } from "./portal/keys";
import type { PostbacksView } from "./portal/postbacks";
import type { StatementsView } from "./portal/statements";
import type { WidgetView } from "./portal/widget";
import type { PartnerProgramme } from "./site-contract";

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

/**
 * Every payout method an account may hold: the sign-up and the account page
 * offer only a bank transfer and the operator's e-wallets (payoutChoices);
 * a stablecoin or PayPal chosen before issue 35 is still shown as it is
 * (decision 0427).
 */
export const PAYOUT_METHODS = ["wire", "stablecoin", "ewallet", "paypal"] as const;
export type PortalPayoutMethod = (typeof PAYOUT_METHODS)[number];

/** The sign-up's visitors' country ticked unless another is chosen; the others behind "more". */
export const HOME_COUNTRY: PortalCountry = "lk";

/** The payout choices offered (issue 35): a bank transfer, then "ewallet:<name>" per configured e-wallet. */
export const payoutChoices = (ewallets: readonly string[]): string[] => [
  "wire",
  ...ewallets.map((name) => `ewallet:${name}`),
];

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
  /** The terms box was ticked (kept ticked after a problem). */
  terms?: boolean | undefined;
}

export type SignUpField = keyof SignUpForm | "password" | "terms";
export type SignUpProblem =
  | "required"
  | "invalid"
  | "too_short"
  | "too_long"
  | "contains_email"
  | "common";

/**
 * The signed-in partner's pages, in the order of the portal's menu. Each
 * has its view in core/views/portal/, its page in site/portal/pages/ and its
 * routes in server/partners/portal-*-section.ts; "" is the portal's home.
 */
export const PORTAL_SECTIONS = [
  "home",
  "dashboard",
  "widget",
  "keys",
  "postbacks",
  "statements",
  "account",
  "docs",
] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

export const PORTAL_SECTION_PATHS: Record<PortalSection, string> = {
  home: "",
  dashboard: "dashboard/",
  widget: "widget/",
  keys: "keys/",
  postbacks: "postbacks/",
  statements: "statements/",
  account: "account/",
  docs: "docs/",
};

/** Sections only an approved partner (active, or disabled: figures stay readable) opens. */
export const PARTNER_ONLY_SECTIONS: readonly PortalSection[] = [
  "dashboard",
  "widget",
  "keys",
  "postbacks",
  "statements",
  "docs",
];

/** What every signed-in page carries: the sign-out form's token and the menu's state. */
export interface PortalSignedIn {
  csrf: string;
  /** The partner is approved: the menu shows the partner-only sections. */
  approved: boolean;
  /** The approved partner's terms, shown at the top of its home, figures and statements. */
  terms?: PartnerTerms | undefined;
}

/** A partner's terms: whole rupees per verified lead or per issued loan ("sale"). */
export interface PartnerTerms {
  model: "lead" | "sale";
  rupees: number;
}

export type PortalView =
  | DashboardView
  | WidgetView
  | KeysView
  | PostbacksView
  | StatementsView
  | AccountView
  | DocsView
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
      /** The programme's default terms and the e-wallets offered (issue 35). */
      programme: PartnerProgramme;
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
  | (PortalSignedIn & {
      page: "home";
      partnerId: string | null;
      /** pending: waiting for an operator; active; rejected; disabled (keys stopped); unverified: no partner yet. */
      status: "unverified" | "pending" | "active" | "rejected" | "disabled";
      publishableKey: string | null;
      twoFactor: boolean;
      /** An approved partner's last 30 Colombo days (portal-stats.ts), for a glance. */
      recent?: { leads: number; earnings: number } | undefined;
    })
  | { page: "sign-in-code"; csrf: string; problem?: "wrong" | "wait" | undefined }
  | (PortalSignedIn & {
      page: "two-factor";
      /** On: nothing to scan; off: the pending secret, grouped, and its QR code's rows. */
      state: { on: true } | { on: false; secret: string; qr: string[]; wrong?: boolean };
    })
  | { page: "refused" }
  | { page: "not-found" };

export interface PortalPage {
  locale: Locale;
  view: PortalView;
}
