import type { Locale } from "../../core/locale";
import type { LenderPortalSection, LenderPortalView } from "../../core/views/lender-portal";
import type { OperatorPage, ViewNamed } from "../operator/page";
import type { LenderPortalMessages } from "./messages";

/** What every lender portal page renders with besides its view. */
export interface LenderPortalContext {
  t: LenderPortalMessages;
  /** The portal's address in the page's language, ending in a slash. */
  base: string;
  locale: Locale;
}

/** A lender portal page: a folder under pages/ defines it, pages/registry.ts lists it. */
export type LenderPageOf<Name extends LenderPortalView["page"]> = OperatorPage<
  ViewNamed<LenderPortalView, Name>,
  LenderPortalContext,
  LenderPortalSection
>;
