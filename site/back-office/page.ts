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
}

/** A back-office page: a folder under pages/ defines it, pages/registry.ts lists it. */
export type BackOfficePageOf<Name extends BackOfficePage> = OperatorPage<
  ViewNamed<BackOfficeView, Name>,
  BackOfficeContext,
  BackOfficeSection
>;

/** A page that always belongs to one section of the menu. */
export function inSection(section: BackOfficeSection): () => BackOfficeSection {
  return () => section;
}
