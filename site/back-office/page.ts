import type { ReactNode } from "react";
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
 * section's own page (the one named after it) declares the section's words instead of a
 * heading (its name is its heading, but home's, which has one) and is in its section.
 */
export type BackOfficePageOf<Name extends BackOfficePage> = Name extends BackOfficeSection
  ? Omit<
      OperatorPage<ViewNamed<BackOfficeView, Name>, BackOfficeContext, BackOfficeSection>,
      "title" | "section"
    > & {
      title?: OperatorPage<
        ViewNamed<BackOfficeView, Name>,
        BackOfficeContext,
        BackOfficeSection
      >["title"];
    } & SectionWords
  : OperatorPage<ViewNamed<BackOfficeView, Name>, BackOfficeContext, BackOfficeSection>;

/** Any page of the back office, as the renderer takes it. */
export interface AnyBackOfficePage {
  title?: ((view: BackOfficeView, context: BackOfficeContext) => string) | undefined;
  section?: ((view: BackOfficeView) => BackOfficeSection | undefined) | undefined;
  name?: string | undefined;
  describe?: string | undefined;
  Body(props: { view: BackOfficeView } & BackOfficeContext): ReactNode;
}

/** Every view of the back office, by its `page`, with the page that shows it. */
export type BackOfficePages = { readonly [Name in BackOfficePage]: BackOfficePageOf<Name> };

/** A page that always belongs to one section of the menu. */
export function inSection(section: BackOfficeSection): () => BackOfficeSection {
  return () => section;
}
