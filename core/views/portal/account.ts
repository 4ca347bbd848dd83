import type {
  PortalAccountKind,
  PortalPayoutMethod,
  PortalSignedIn,
  SignUpField,
  SignUpProblem,
} from "../partner-portal";

/** What the account page said was done (the redirect's `done`, after a form). */
export const ACCOUNT_NOTICES = ["details", "payout", "password", "two_factor_off"] as const;
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];

/** A form of the account page sent back with its problems (a 400). */
export type AccountFormProblem =
  | {
      form: "details";
      values: { name: string; website: string; trafficSources: string; countries: string[] };
      problems: Partial<Record<SignUpField, SignUpProblem>>;
    }
  | {
      form: "payout";
      values: { payoutMethod: string };
      problems: Partial<Record<SignUpField, SignUpProblem>>;
    }
  | {
      form: "password";
      /** current: the current password is not right; wait: too many wrong ones. */
      problem: SignUpProblem | "current" | "mismatch" | "wait";
    }
  | { form: "two_factor_off"; problem: "current" | "code" | "wait" };

/** The partner portal's account page (issue 18): what the server gives site/portal/pages/account/Account.tsx. */
export interface AccountView extends PortalSignedIn {
  page: "account";
  email: string;
  kind: PortalAccountKind;
  details: { name: string; website: string; trafficSources: string; countries: string[] };
  /** The method, and the account paid into with all but its last 4 characters hidden. */
  payout: { method: PortalPayoutMethod | null; masked: string | null };
  /** The e-wallets offered beside a bank transfer (the operator's PARTNER_EWALLETS). */
  ewallets: readonly string[];
  twoFactor: boolean;
  recoveryCodesLeft: number;
  notice?: AccountNotice | undefined;
  problem?: AccountFormProblem | undefined;
  /** New recovery codes, shown once, in the answer to the form that made them. */
  recoveryCodes?: string[] | undefined;
}
