import type {
  BackOfficePage,
  BackOfficeSection,
  BackOfficeView,
  BackOfficeViewer,
} from "../../core/views/back-office";
import type { OperatorPage, ViewNamed } from "../operator/page";
import type { BackOfficeMessages } from "./messages";

/** What every back-office page renders with besides its view. */
export interface BackOfficeContext {
  t: BackOfficeMessages;
  /** The session's CSRF token ("" before signing in). */
  csrf: string;
  /** The signed-in member, if any. */
  viewer: BackOfficeViewer | undefined;
  /** What each section's page says of it, for the navigation and the home page. */
  sections: { readonly [Section in BackOfficeSection]: SectionWords };
}

/**
 * What the menu calls a section and what the home page says it is for: its own page
 * declares them (the back office is in English only, decision 0130).
 */
export interface SectionWords {
  name: string;
  /** Every section's but home's. */
  describe?: string;
}

/**
 * A back-office page: a folder under pages/ defines it, pages/registry.ts lists it. A
 * section's own page (the one named after it) also declares the section's words.
 */
export type BackOfficePageOf<Name extends BackOfficePage> = OperatorPage<
  ViewNamed<BackOfficeView, Name>,
  BackOfficeContext,
  BackOfficeSection
> &
  (Name extends BackOfficeSection ? { menu: SectionWords } : unknown);

/** Every view of the back office, by its `page`, with the page that shows it. */
export type BackOfficePages = { readonly [Name in BackOfficePage]: BackOfficePageOf<Name> };

/** A page that always belongs to one section of the menu. */
export function inSection(section: BackOfficeSection): () => BackOfficeSection {
  return () => section;
}
