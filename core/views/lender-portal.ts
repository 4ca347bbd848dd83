/**
 * What the lender portal's pages show (issue 34, decisions 0382–0387): the
 * server reads and checks, site/lender-portal/render.tsx renders. Shared by
 * server/ and site/.
 */
import type { Offer } from "../domain/schemas/offer";
import type { CalendarDate } from "../helpers/dates";

/** A lender's member of staff is its admin or its developer (decision 0383). */
export const LENDER_ROLES = ["admin", "developer"] as const;
export type LenderRole = (typeof LENDER_ROLES)[number];

/** What a member of a lender's staff may do in the portal, by role; checked on the server. */
export const LENDER_CAPABILITIES = ["test_mode", "products"] as const;
export type LenderCapability = (typeof LENDER_CAPABILITIES)[number];

export const LENDER_ROLE_CAN: Record<LenderRole, readonly LenderCapability[]> = {
  admin: ["test_mode", "products"],
  developer: ["test_mode"],
};

export function lenderRoleCan(role: LenderRole, capability: LenderCapability): boolean {
  return LENDER_ROLE_CAN[role].includes(capability);
}

/**
 * The named sample applicants test mode sends (decision 0387): made-up
 * people, each a kind of applicant a lender's rules should tell apart.
 */
export const TEST_PROFILES = ["salaried", "self_employed", "low_income"] as const;
export type TestProfile = (typeof TEST_PROFILES)[number];

/** The signed-in sections, in the menu's order; "" is the portal's home. */
export const LENDER_PORTAL_SECTIONS = ["home", "products", "test"] as const;
export type LenderPortalSection = (typeof LENDER_PORTAL_SECTIONS)[number];

export const LENDER_PORTAL_SECTION_PATHS: Record<LenderPortalSection, string> = {
  home: "",
  test: "test/",
  products: "products/",
};

/**
 * What a section needs of the member's role (undefined: every member): the
 * menu shows only the sections a role opens, and the server refuses the
 * rest (lender-portal-context.ts `memberWhoCan`).
 */
export const LENDER_PORTAL_SECTION_NEEDS: Record<
  LenderPortalSection,
  LenderCapability | undefined
> = {
  home: undefined,
  test: "test_mode",
  products: "products",
};

/** Whether a member with this role sees a section in the menu and may open it. */
export function lenderSectionOpen(role: LenderRole, section: LenderPortalSection): boolean {
  const need = LENDER_PORTAL_SECTION_NEEDS[section];
  return need === undefined || lenderRoleCan(role, need);
}

/** What every signed-in page carries: the sign-out form's token and the menu's state. */
export interface LenderSignedIn {
  csrf: string;
  role: LenderRole;
}

/** One test application as sent and as answered (nothing of it is stored). */
export interface TestSendView {
  profile: TestProfile;
  /** The JSON body sent, indented, and the signature's headers. */
  request: string;
  headers: { name: string; value: string }[];
  /** The lender's HTTP answer, when there was one (its body cut to 4 KB). */
  answer?: { status: number; body: string } | undefined;
  /** approved, declined or pending; or failed with the reason (a code of docs/lenders.md). */
  outcome: "approved" | "declined" | "pending" | "failed";
  error?: string | undefined;
  /** The rule of the decision API an approval broke, as the live checks name it. */
  rule?: string | undefined;
  latencyMs: number;
}

export interface TestModeView extends LenderSignedIn {
  page: "test";
  url: string;
  /** Whether a test secret exists; its value only right after it was made. */
  hasSecret: boolean;
  newSecret?: string | undefined;
  /** Whether loopback test URLs are allowed here (outside production, with the flag). */
  loopbackAllowed: boolean;
  problem?: "url_invalid" | "url_refused" | "no_url" | "no_secret" | undefined;
  notice?: "url_saved" | undefined;
  profile: TestProfile;
  sent?: TestSendView | undefined;
}

/**
 * The languages of a product's name (decision 0415): the offer schema's `headers`, Sinhala
 * and English required, Tamil optional; in the form's order.
 */
export const PRODUCT_NAME_LANGUAGES = ["si", "en", "ta"] as const;
export type ProductNameLanguage = (typeof PRODUCT_NAME_LANGUAGES)[number];
export type ProductNames = Record<ProductNameLanguage, string>;
/** Why a typed name is refused: empty (si, en), over 100 characters, a control character. */
export type ProductNameProblem = "required" | "too_long" | "control";

/** One of the lender's products: its names in the form, and its card with those names. */
export interface LenderProductView {
  offerId: number;
  /** The operator's name of the product: the feed's key, not the lender's to change. */
  header: string;
  /** The names in the form: as stored, or as typed. */
  names: ProductNames;
  problems?: Partial<Record<ProductNameLanguage, ProductNameProblem>> | undefined;
  /** The borrower's card with these names, for a loan the product lends; none with problems. */
  card?: { offer: Offer; amount: number; termDays: number } | undefined;
  /** What the form shows: typed and not saved (a preview or a refusal), or just saved. */
  state?: "previewed" | "refused" | "saved" | undefined;
}

/** The lender's products (decision 0415): each one's names in si, en and ta, and its cards. */
export interface ProductsView extends LenderSignedIn {
  page: "products";
  /** Colombo's today: the cards' dates. */
  today: CalendarDate;
  products: LenderProductView[];
}

export type LenderPortalView =
  | TestModeView
  | ProductsView
  | {
      page: "sign-in";
      email: string;
      problem?: "mismatch" | "wait" | "busy" | undefined;
      notice?: "signed_out" | "code_tries" | "enrolled" | undefined;
    }
  | { page: "sign-in-code"; csrf: string; problem?: "wrong" | "wait" | undefined }
  | {
      page: "enrol";
      token: string;
      email: string;
      problem?: "too_short" | "too_long" | "contains_email" | "common" | "mismatch" | undefined;
    }
  | (LenderSignedIn & {
      page: "two-factor";
      secret: string;
      qr: string[];
      wrong?: boolean | undefined;
    })
  | (LenderSignedIn & { page: "recovery-codes"; codes: string[] })
  | (LenderSignedIn & {
      page: "home";
      lenderId: string;
      lenderName: string;
      email: string;
      can: readonly LenderCapability[];
    })
  | { page: "link-invalid" }
  | { page: "refused" }
  | { page: "not-found" };
